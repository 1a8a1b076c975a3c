"""The catalogue API's answers kept in the cache, keyed by the catalogue's version.

A catalogue answer is the same for every caller: it depends on the catalogue, the address (its
filters, page, `?lang=`, `?format=`), the negotiated format and the language, and nothing of
who asks. So it is stored once per key and served to all; an edit changes the catalogue's version
(cardbase.catalogue_version) and with it every key. The ETag is the key's digest, so a matching
If-None-Match is answered 304 before the view queries or serializes anything.

The cache sits in the handler (`get`), inside DRF's dispatch: authentication, the throttles and
the query checks of `initial()` run for a cached answer as for any other, so a cached answer
still counts toward the caller's rate. Only JSON is cached: the browsable API's HTML holds the
caller's name and CSRF token.
"""

import hashlib

from django.conf import settings
from django.http import HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_vary_headers
from django.utils.http import parse_etags, quote_etag
from django.utils.translation import get_language
from rest_framework.renderers import JSONRenderer

from api.conditional import ETagMixin
from cardbase.catalogue_version import current_version
from common.page_cache import cache_get, cache_set, release


class CachedAnswerMixin(ETagMixin):
    """Serve GET answers from the cache by the catalogue's version; ETag and 304 by the same."""

    def answer_version(self) -> str | None:
        """Return what the answer is made from; None to answer uncached (by its body's ETag)."""
        return current_version()

    def _answer_key(self, request) -> str | None:
        if not settings.PAGE_CACHE or not isinstance(
            getattr(request, "accepted_renderer", None), JSONRenderer
        ):
            return None
        version = self.answer_version()
        if version is None:
            return None
        parts = (
            release(),
            type(self).__qualname__,
            version,
            request.accepted_media_type,
            get_language(),
            # Absolute: the pagination's next/previous links name the host.
            request.build_absolute_uri(),
        )
        return "answer:" + hashlib.sha256("\x1f".join(map(str, parts)).encode()).hexdigest()

    def get(self, request, *args, **kwargs):
        key = self._answer_key(request)
        if key is None:
            return super().get(request, *args, **kwargs)
        self._answer_etag = quote_etag(key.removeprefix("answer:")[:32])
        if self._answer_etag in parse_etags(request.headers.get("If-None-Match", "")):
            return HttpResponseNotModified()
        if (entry := cache_get(key)) is not None:
            content_type, body = entry
            return HttpResponse(body, content_type=content_type)
        response = super().get(request, *args, **kwargs)
        if response.status_code == 200 and not response.exception:
            response.accepted_renderer = request.accepted_renderer
            response.accepted_media_type = request.accepted_media_type
            response.renderer_context = self.get_renderer_context()
            response.render()
            cache_set(key, (response["Content-Type"], response.content))
        return response

    def finalize_response(self, request, response, *args, **kwargs):
        etag = getattr(self, "_answer_etag", None)
        if etag is None or response.status_code not in (200, 304):
            return super().finalize_response(request, response, *args, **kwargs)
        # Not ETagMixin's: the tag is the key's, known before any body was made.
        response = super(ETagMixin, self).finalize_response(request, response, *args, **kwargs)
        patch_vary_headers(response, ("Accept", "Accept-Language"))
        response["ETag"] = etag
        return response
