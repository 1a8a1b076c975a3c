"""The OpenAPI declarations of the API's views, apart from what the views do.

Each view takes its `@extend_schema` here (the modules of `api.views` apply them by name), along with the
parameters they share and the extensions that document what the games declare: a choice
attribute's values become one enum component, `Card<Attribute>Enum`, and every label of a
declaration one `Text` component.
"""

from django.conf import settings
from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from drf_spectacular.plumbing import ResolvedComponent, build_choice_description_list
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
)
from inflection import camelize

import rules
from api import game_serializers, proposal_serializers, serializers
from api.errors_schema import (
    CATALOGUE_READ_RESPONSES,
    CONFLICT,
    FORBIDDEN,
    READ_ERRORS,
    WRITE_ERRORS,
)
from api.schema import EXAMPLE_FACETS, EXAMPLE_GAME, EXAMPLE_QUERY

# The site's languages: messages and labels come in each.
LANGS = tuple(code for code, _name in settings.LANGUAGES)
NULL_ENUM = ResolvedComponent(
    name="NullEnum", type=ResolvedComponent.SCHEMA, object="NullEnum", schema={"enum": [None]}
)


class AttributeChoiceExtension(OpenApiSerializerFieldExtension):
    """Document a choice attribute as a `$ref` to its enum (or null, where null is allowed)."""

    target_class = "api.attributes.AttributeChoiceField"
    match_subclasses = True

    def map_serializer_field(self, auto_schema, direction):
        field = self.target
        name = f"Card{camelize(field.attribute.id)}Enum"
        enum = ResolvedComponent(
            name=name,
            type=ResolvedComponent.SCHEMA,
            object=name,
            schema={
                "enum": list(field.choices),
                "type": "string",
                "description": build_choice_description_list(field.choices.items()),
            },
        )
        auto_schema.registry.register_on_missing(enum)
        if not field.allow_null:
            return enum.ref
        auto_schema.registry.register_on_missing(NULL_ENUM)
        return {"oneOf": [enum.ref, NULL_ENUM.ref]}


TEXT = ResolvedComponent(
    name="Text",
    type=ResolvedComponent.SCHEMA,
    object="Text",
    schema={
        "type": "object",
        "description": (
            "One text in several languages: a language code (`pl`, `en`) to the text in that "
            "language. It holds at least one language, not always every one."
        ),
        "additionalProperties": {"type": "string"},
        "minProperties": 1,
        "example": {"pl": "talia", "en": "deck"},
    },
)


class TextExtension(OpenApiSerializerFieldExtension):
    """Document a declaration's label as a `$ref` to the one `Text` component."""

    target_class = "api.game_serializers.TextField"

    def map_serializer_field(self, auto_schema, direction):
        auto_schema.registry.register_on_missing(TEXT)
        return TEXT.ref


LANG_PARAM = OpenApiParameter(
    "lang",
    str,
    enum=list(LANGS),
    description=(
        "The language of the rule messages and of the error messages: `pl`, `en` or `fr` (any "
        "other value is a 400; French where a game words its messages so, English elsewhere). "
        "Without it the `Accept-Language` header (or the site's language cookie) decides; the "
        "default is Polish."
    ),
)
DECK_ID = OpenApiParameter(
    "deck_id",
    OpenApiTypes.UUID,
    OpenApiParameter.PATH,
    description="The deck's id (a UUID); anything else is a 404.",
)
GAME = OpenApiParameter(
    "game",
    str,
    OpenApiParameter.PATH,
    description=f"The card's game (see /api/v1/games/), e.g. `{EXAMPLE_GAME}`.",
)
GAME_ID = OpenApiParameter(
    "game",
    str,
    OpenApiParameter.PATH,
    description="The game's id, as /api/v1/games/ lists them; an unknown id is a 404.",
)
SLUG = OpenApiParameter(
    "slug",
    str,
    OpenApiParameter.PATH,
    description="The card's slug (letters, digits, `-` and `_`); anything else is a 404.",
)
DECK_LIST_PARAMS = [
    OpenApiParameter(
        "mine",
        OpenApiTypes.BOOL,
        description=(
            "`true` (or `1`): your own decks, private ones included (sign-in required, else "
            "401); `false` (or `0`, the default): the public decks. Any other value is a 400."
        ),
    ),
]

GAMES_DESCRIPTION = (
    "Everything a game declares, read from its rules package: its kinds of card, their "
    "attributes (type, values, bounds, search keys), the sections and options of a deck, the "
    "formats, the charts of a deck's page and the opening hand. Every label holds all its "
    "languages. Nothing here comes from the database."
)
GAME_LIST = extend_schema_view(
    get=extend_schema(
        summary="List the games and what each declares",
        description=f"{GAMES_DESCRIPTION} The games come in the order the site registers them.",
        operation_id="games_list",
        responses={200: game_serializers.GameSerializer(many=True), **CATALOGUE_READ_RESPONSES},
    )
)
GAME_DETAIL = extend_schema_view(
    get=extend_schema(
        summary="Get one game and what it declares",
        description=GAMES_DESCRIPTION,
        operation_id="games_retrieve",
        parameters=[GAME_ID],
        responses={200: game_serializers.GameSerializer, **CATALOGUE_READ_RESPONSES},
    )
)
GAME_BULK = extend_schema_view(
    get=extend_schema(
        summary="Download a game's whole catalogue",
        description=(
            "Every card of the game in the project's card table (docs/card-tables.md): JSON by "
            "default, CSV with `?format=csv` (UTF-8 with a byte-order mark). The same bytes as "
            "`manage.py export_cards`; worked out once per catalogue version, tagged with an "
            "ETag for conditional GET."
        ),
        operation_id="games_bulk",
        parameters=[
            GAME_ID,
            OpenApiParameter(
                "format",
                str,
                OpenApiParameter.QUERY,
                enum=["json", "csv"],
                description="`json` (the default) or `csv`.",
            ),
        ],
        responses={
            (200, "application/json"): OpenApiTypes.OBJECT,
            (200, "text/csv"): OpenApiTypes.STR,
            **CATALOGUE_READ_RESPONSES,
        },
    )
)
EDITION_LIST = extend_schema_view(
    get=extend_schema(
        summary="List the editions",
        operation_id="editions_list",
        responses={200: serializers.EditionSerializer(many=True), **CATALOGUE_READ_RESPONSES},
    )
)
CARD_LIST = extend_schema_view(
    get=extend_schema(
        summary="Search and filter the cards",
        description=(
            "Every facet of the catalogue page. Repeat a facet to OR its values "
            f"(`{EXAMPLE_FACETS}`); `unknown` picks the cards whose value the rulebook "
            "does not state. Facets combine with AND. `q` matches name and text, ignoring case "
            f"and Polish diacritics, in the card search language (`{EXAMPLE_QUERY}`, see "
            "/cards/syntax/?game=…); a query that does not parse is a 400 whose `error.query` says "
            "where. `ordering` (or its older name `sort`) orders the results (default `name`). "
            "A value out of a facet's set is a 400 naming the parameter."
        ),
        operation_id="cards_list",
        responses={200: serializers.CardSerializer(many=True), **CATALOGUE_READ_RESPONSES},
    )
)
CARD_DETAIL = extend_schema_view(
    get=extend_schema(
        summary="Get one card",
        operation_id="cards_retrieve",
        description="With its rulings and where each of its facts comes from.",
        parameters=[GAME, SLUG],
        responses={200: proposal_serializers.CardDetailSerializer, **CATALOGUE_READ_RESPONSES},
    )
)
PROPOSAL_LIST = extend_schema_view(
    get=extend_schema(
        summary="List your proposals, or the moderation queue",
        operation_id="proposals_list",
        parameters=[
            OpenApiParameter(
                "queue",
                bool,
                description="Moderators: the proposals waiting for a decision, oldest first.",
            ),
            LANG_PARAM,
        ],
        responses={
            200: proposal_serializers.ProposalSerializer(many=True),
            403: FORBIDDEN,
            **READ_ERRORS,
        },
    ),
    post=extend_schema(
        summary="Propose a card's facts, a new card or a ruling",
        description=(
            "JSON, or multipart/form-data to send a `photo` (then `facts` and `ruling` are JSON "
            "text). A moderator decides on the site. A player a moderator barred gets 403; one "
            "who made the day's share of proposals, 429."
        ),
        parameters=[LANG_PARAM],
        request=proposal_serializers.ProposalCreateSerializer,
        responses={201: proposal_serializers.ProposalSerializer, **WRITE_ERRORS},
    ),
)
VALIDATE = extend_schema(
    summary="Validate a deck (nothing is saved)",
    description=(
        "Takes the rules engine's JSON contract, the same the `python -m rules validate` "
        "command reads, and answers its verdict. Input that is not a deck (an unknown value, "
        "a count below 1, a Fallen Throne…) is a 400 whose `error.fields` key is the place "
        "in the input (`cards[3].order`)."
    ),
    parameters=[LANG_PARAM],
    request=serializers.ContractSerializer,
    responses={200: serializers.VerdictSerializer, **WRITE_ERRORS},
    # Each game's own example, declared in its rules package.
    examples=[
        OpenApiExample(
            game.contract_example.title, request_only=True, value=game.contract_example.deck
        )
        for game in rules.all_games()
        if game.contract_example is not None
    ],
)
DECK_LIST = extend_schema_view(
    get=extend_schema(
        summary="List public decks, or your own",
        operation_id="decks_list",
        parameters=[*DECK_LIST_PARAMS, LANG_PARAM],
        responses={200: serializers.DeckSummarySerializer(many=True), **CATALOGUE_READ_RESPONSES},
    ),
    post=extend_schema(
        summary="Create a deck",
        parameters=[LANG_PARAM],
        request=serializers.DeckCreateSerializer,
        responses={201: serializers.DeckSerializer, **WRITE_ERRORS},
    ),
)
DECK_DETAIL = extend_schema_view(
    get=extend_schema(
        summary="Get a deck",
        operation_id="decks_retrieve",
        description="Public and unlisted decks for anyone; private ones for their owner only.",
        parameters=[DECK_ID, LANG_PARAM],
        responses={200: serializers.DeckSerializer, **CATALOGUE_READ_RESPONSES},
    ),
    patch=extend_schema(
        summary="Change a deck",
        description=(
            "Send the `version` you read; if the deck was saved since, nothing is written and "
            "the answer is 409 with the current version. `cards` replaces the whole list."
        ),
        parameters=[DECK_ID, LANG_PARAM],
        request=serializers.DeckUpdateSerializer,
        responses={200: serializers.DeckSerializer, 409: CONFLICT, **WRITE_ERRORS},
    ),
    delete=extend_schema(
        summary="Delete a deck",
        parameters=[DECK_ID, LANG_PARAM],
        responses={204: OpenApiResponse(description="Deleted."), **WRITE_ERRORS},
    ),
)
DECK_VERDICT = extend_schema_view(
    get=extend_schema(
        summary="Get a deck's verdict",
        parameters=[DECK_ID, LANG_PARAM],
        responses={200: serializers.VerdictSerializer, **READ_ERRORS},
    )
)
TOKEN = extend_schema_view(
    post=extend_schema(
        summary="Get an API token",
        description="Trade a username and password for the token to send as "
        "`Authorization: Token <token>`; the same token is returned every time.",
        request=serializers.TokenRequestSerializer,
        responses={200: serializers.TokenSerializer, **WRITE_ERRORS},
        auth=[],
    )
)
EXCLUDED = extend_schema(exclude=True)
