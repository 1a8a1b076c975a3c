"""The OpenAPI description of the API views: common headers, conditional GET, filter docs."""

from drf_spectacular.openapi import AutoSchema

import rules
from api import errors_schema
from api.conditional import ETagMixin

# The game the docs name in their examples: the default one, so that no game is written here.
EXAMPLE_GAME = rules.core.registry.default_game_id()


def example_query(game: str) -> str:
    """Return the first English query a game's search guide gives for joining terms."""
    guide = rules.get_game(game).schema.search_guide
    operators = guide.operators if guide else None
    examples = operators.examples.get("en", ()) if operators else ()
    return examples[0] if examples else "word"


def example_facets(game: str) -> str:
    """Return a facet of the game twice, with two of its values, as query parameters OR them."""
    for attribute in rules.get_game(game).schema.facets:
        if len(attribute.values) >= 2:
            first, second = attribute.values[:2]
            return f"{attribute.id}={first.id}&{attribute.id}={second.id}"
    return "kind=…&kind=…"


EXAMPLE_QUERY = example_query(EXAMPLE_GAME)
EXAMPLE_FACETS = example_facets(EXAMPLE_GAME)


class ApiAutoSchema(AutoSchema):
    """Document what every API view shares beyond its own `@extend_schema`.

    - `Accept-Language`, `Retry-After` on 429 and `Allow` on 405, for every operation;
    - `If-None-Match`, `ETag` and `Vary` on the catalogue reads (`ETagMixin`);
    - the filters' descriptions and bounds from their filterset's `PARAMETER_DOCS` and
      `PARAMETER_SCHEMAS` (English, saying what each does and which values it takes), in place of
      the form labels the site's pages show.
    """

    def get_override_parameters(self):
        parameters = [*super().get_override_parameters(), *errors_schema.COMMON_HEADERS]
        if isinstance(self.view, ETagMixin) and self.method == "GET":
            parameters += errors_schema.CONDITIONAL_GET
        return parameters

    def _map_basic_serializer(self, serializer, direction):
        schema = super()._map_basic_serializer(serializer, direction)
        # A card shows its own game's attributes only: those some game lacks are not required.
        optional = getattr(serializer, "optional_fields", None)
        if optional is not None and "required" in schema:
            schema["required"] = [name for name in schema["required"] if name not in optional()]
            if not schema["required"]:
                del schema["required"]
        return schema

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
