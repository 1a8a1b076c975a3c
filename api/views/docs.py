"""The API's schema and its two documentation pages, each under its own widened policy."""

import hashlib
from functools import cache

from csp.constants import SELF, UNSAFE_INLINE
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.decorators import method_decorator
from django.views.decorators.cache import cache_control
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import etag, require_safe
from drf_spectacular.plumbing import set_query_parameters
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)

from api.views.base import ApiViewMixin, JSONErrorsMixin
from common.csp import widen_policy


class DocsPageMixin:
    """Ask for the schema in the page's language, so the docs' introduction reads in it."""

    def _get_schema_url(self, request):
        url = super()._get_schema_url(request)
        return set_query_parameters(url, lang=request.GET.get("lang") or translation.get_language())


class DocsMixin(JSONErrorsMixin, ApiViewMixin):
    """The schema and the docs pages: GET only, and their errors in the API's JSON.

    drf-spectacular's views render whatever they answer with their own renderer (YAML, or a
    template), so an error would come as YAML, or, needing a template they do not have, as a 500
    (OPTIONS did).
    """

    http_method_names = ["get", "head"]


class SchemaView(DocsMixin, SpectacularAPIView):
    """The OpenAPI schema (YAML, `?format=json` for JSON)."""


# Both viewers draw their icons as data: images. Redoc's bundle writes <style> elements as it
# loads, before any nonce could reach it, so its page alone allows inline styles (its scripts stay
# the site's own files); its search runs in a blob: worker.
SWAGGER_POLICY = {"img-src": [SELF, "data:"]}


REDOC_POLICY = {
    "img-src": [SELF, "data:"],
    "style-src": [SELF, UNSAFE_INLINE],
    "worker-src": [SELF, "blob:"],
}


# The split view serves its start-up script from `?script`, so the page runs no inline script.
@method_decorator(widen_policy(SWAGGER_POLICY), name="dispatch")
class SwaggerView(DocsPageMixin, DocsMixin, SpectacularSwaggerSplitView):
    """Swagger UI, served from the site (no CDN)."""

    template_name = "api/swagger_ui.html"


@method_decorator(widen_policy(REDOC_POLICY), name="dispatch")
class RedocView(DocsPageMixin, DocsMixin, SpectacularRedocView):
    """Redoc, served from the site (no CDN)."""


REDOC_BUNDLE = "drf_spectacular_sidecar/redoc/bundles/redoc.standalone.js"
# Redoc's sidebar draws its maker's logo from their CDN, with no option to leave it out; the site
# reaches no other host, so the bundle it serves draws an empty picture in its place.
REDOC_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg"
NO_LOGO = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E"


@cache
def redoc_bundle_text() -> tuple[str, str]:
    """Return Redoc's bundle with no address off the site, and its digest for the ETag."""
    path = finders.find(REDOC_BUNDLE)
    with open(path, encoding="utf-8") as bundle:
        text = bundle.read().replace(REDOC_LOGO, NO_LOGO)
    return text, hashlib.sha256(text.encode()).hexdigest()[:16]


@require_safe
@gzip_page
@cache_control(public=True, max_age=86_400)
@etag(lambda request: redoc_bundle_text()[1])
def redoc_bundle(request: HttpRequest) -> HttpResponse:
    """Serve Redoc's script as the docs page runs it: drawing nothing from another host."""
    return HttpResponse(redoc_bundle_text()[0], content_type="text/javascript; charset=utf-8")
