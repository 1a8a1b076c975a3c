"""The API's schema and its two documentation pages, each under its own widened policy."""

from csp.constants import SELF, UNSAFE_INLINE
from django.utils.decorators import method_decorator
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)
from rest_framework.renderers import JSONRenderer

from api.views.base import ApiViewMixin
from common.csp import widen_policy


class DocsMixin(ApiViewMixin):
    """The schema and the docs pages: GET only, and their errors in the API's JSON.

    drf-spectacular's views render whatever they answer with their own renderer (YAML, or a
    template), so an error would come as YAML, or, needing a template they do not have, as a 500
    (OPTIONS did).
    """

    http_method_names = ["get", "head"]

    def handle_exception(self, exc):
        response = super().handle_exception(exc)
        self.request.accepted_renderer = JSONRenderer()
        self.request.accepted_media_type = JSONRenderer.media_type
        return response


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
class SwaggerView(DocsMixin, SpectacularSwaggerSplitView):
    """Swagger UI, served from the site (no CDN)."""

    template_name = "api/swagger_ui.html"


@method_decorator(widen_policy(REDOC_POLICY), name="dispatch")
class RedocView(DocsMixin, SpectacularRedocView):
    """Redoc, served from the site (no CDN)."""
