"""ETag and conditional GET for catalogue reads."""

from django.utils.cache import (
    get_conditional_response,
    patch_cache_control,
    patch_vary_headers,
    set_response_etag,
)


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


class ViewerETagMixin(ETagMixin):
    """ETag and 304 for answers that depend on who asks (a player's own decks, private ones):
    kept in the asker's own cache only, and revalidated every time."""

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        if request.method in ("GET", "HEAD") and response.status_code in (200, 304):
            patch_vary_headers(response, ("Authorization", "Cookie"))
            patch_cache_control(response, private=True, no_cache=True)
        return response
