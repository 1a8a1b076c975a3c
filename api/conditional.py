"""ETag and conditional GET for catalogue reads."""

from django.utils.cache import get_conditional_response, patch_vary_headers, set_response_etag


class ETagMixin:
    """Tag successful GET responses with a hash of their body and answer 304 when it matches."""

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        if request.method not in ("GET", "HEAD") or response.status_code != 200:
            return response
        # The body depends on the format and the language, so caches must key on both.
        patch_vary_headers(response, ("Accept", "Accept-Language"))
        response.render()
        set_response_etag(response)
        return get_conditional_response(request, etag=response["ETag"], response=response)
