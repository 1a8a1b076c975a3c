"""The OpenAPI description of the API views: common headers, conditional GET, filter docs."""

from drf_spectacular.openapi import AutoSchema

from api import errors
from api.conditional import ETagMixin


class ApiAutoSchema(AutoSchema):
    """Document what every API view shares beyond its own `@extend_schema`.

    - `Accept-Language`, `Retry-After` on 429 and `Allow` on 405, for every operation;
    - `If-None-Match`, `ETag` and `Vary` on the catalogue reads (`ETagMixin`);
    - the filters' descriptions and bounds from their filterset's `PARAMETER_DOCS` and
      `PARAMETER_SCHEMAS` (English, saying what each does and which values it takes), in place of
      the form labels the site's pages show.
    """

    def get_override_parameters(self):
        parameters = [*super().get_override_parameters(), *errors.COMMON_HEADERS]
        if isinstance(self.view, ETagMixin) and self.method == "GET":
            parameters += errors.CONDITIONAL_GET
        return parameters

    def _get_filter_parameters(self):
        parameters = super()._get_filter_parameters()
        filterset = getattr(self.view, "filterset_class", None)
        docs = getattr(filterset, "PARAMETER_DOCS", {})
        bounds = getattr(filterset, "PARAMETER_SCHEMAS", {})
        for parameter in parameters:
            name, schema = parameter["name"], parameter["schema"]
            if name in docs:
                parameter["description"] = docs[name]
            # The model field's verbose name (Polish) says nothing the description does not.
            schema.pop("title", None)
            if isinstance(schema.get("items"), dict):
                schema["items"].pop("title", None)
            schema.update(bounds.get(name, {}))
        return parameters
