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
from api import (
    collection_serializers,
    compare_serializers,
    folder_serializers,
    game_serializers,
    proposal_serializers,
    serializers,
)
from api.errors_schema import (
    CATALOGUE_READ_RESPONSES,
    CONFLICT,
    FORBIDDEN,
    READ_ERRORS,
    WRITE_ERRORS,
)
from api.schema import EXAMPLE_FACETS, EXAMPLE_GAME, EXAMPLE_QUERY
from decks.limits import MAX_VERSION

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
            "the answer is 409 with the current version. `cards` replaces the whole list. "
            "`folder`, `tags` and `archived` file the deck: alone, they are no save of it (its "
            "`version` stays, and they never conflict)."
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
FOLDER_ID = OpenApiParameter(
    "folder_id",
    OpenApiTypes.INT,
    OpenApiParameter.PATH,
    description="The folder's id, a whole number; another player's folder, or anything else, is a "
    "404.",
)
FOLDERS_DESCRIPTION = (
    "Your own folders of decks: nobody else sees them. A deck lies in one folder at most: set its "
    "`folder` (PATCH /api/v1/decks/{deck_id}/) to file it, and list a folder's decks with "
    "/api/v1/decks/?mine=1&folder={id}. Sign-in required."
)
FOLDER_LIST = extend_schema_view(
    get=extend_schema(
        summary="List your folders of decks",
        description=f"{FOLDERS_DESCRIPTION} By name.",
        operation_id="folders_list",
        parameters=[LANG_PARAM],
        responses={
            200: folder_serializers.FolderSerializer(many=True),
            **CATALOGUE_READ_RESPONSES,
        },
    ),
    post=extend_schema(
        summary="Create a folder",
        description=(
            f"{FOLDERS_DESCRIPTION} A name another of your folders has (ignoring case), or a "
            "folder over the limit of folders, is a 400."
        ),
        parameters=[LANG_PARAM],
        request=folder_serializers.FolderWriteSerializer,
        responses={201: folder_serializers.FolderSerializer, **WRITE_ERRORS},
    ),
)
FOLDER_DETAIL = extend_schema_view(
    get=extend_schema(
        summary="Get one of your folders",
        description=FOLDERS_DESCRIPTION,
        operation_id="folders_retrieve",
        parameters=[FOLDER_ID, LANG_PARAM],
        responses={200: folder_serializers.FolderSerializer, **CATALOGUE_READ_RESPONSES},
    ),
    patch=extend_schema(
        summary="Rename a folder",
        description="A name another of your folders has (ignoring case) is a 400.",
        parameters=[FOLDER_ID, LANG_PARAM],
        request=folder_serializers.FolderWriteSerializer,
        responses={200: folder_serializers.FolderSerializer, **WRITE_ERRORS},
    ),
    delete=extend_schema(
        summary="Delete a folder",
        description="Its decks stay, in no folder.",
        parameters=[FOLDER_ID, LANG_PARAM],
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
COMPARE_PARAMS = [
    OpenApiParameter(
        "a",
        OpenApiTypes.UUID,
        required=True,
        description=(
            "The first deck's id (a UUID; anything else is a 400). A deck you may not open, "
            "another player's private deck, is a 404 exactly like one that does not exist."
        ),
    ),
    OpenApiParameter(
        "b",
        OpenApiTypes.UUID,
        required=True,
        description=(
            "The second deck's id, as `a`; it may be `a` again, to compare two versions of one "
            "deck."
        ),
    ),
    *(
        OpenApiParameter(
            name,
            {"type": "integer", "minimum": 1, "maximum": MAX_VERSION},
            description=(
                f"The version of deck `{deck}` to compare, by the number its history names it "
                "by; left out, the deck as it is now. A version the deck never had, or one saved "
                "before it was last shared (for anyone but its owner), is a 404; anything but a "
                "whole number from 1 to 2^31-1 is a 400."
            ),
        )
        for name, deck in (("av", "a"), ("bv", "b"))
    ),
]
DECK_COMPARE = extend_schema_view(
    get=extend_schema(
        summary="Compare two decks, or two versions of decks",
        description=(
            "Any two decks you may open (your own, anyone's public or unlisted ones), or versions "
            "of them from their history, e.g. one deck's version against its current state. "
            "Each side has its totals per section and its verdict; when both decks are of one "
            "game, `sections` lists, section by section, the cards only one deck holds, those "
            "both hold in different numbers and those both hold alike. Decks of two games share "
            "no card: `same_game` is false and `sections` empty."
        ),
        operation_id="decks_compare",
        parameters=[*COMPARE_PARAMS, LANG_PARAM],
        responses={200: compare_serializers.ComparisonSerializer, **READ_ERRORS},
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
GAME_FILTER = OpenApiParameter(
    "game", str, description="Only the cards of this game (its id, as /api/v1/games/ lists)."
)
COLLECTION = extend_schema_view(
    get=extend_schema(
        summary="List your cards",
        description="The copies you own, all editions together, with those whose edition you gave.",
        parameters=[GAME_FILTER, LANG_PARAM],
        responses={200: collection_serializers.OwnedCardSerializer(many=True), **READ_ERRORS},
    ),
    post=extend_schema(
        summary="Add a list of cards to your collection",
        description=(
            "The list is read as a deck's text import is (`3 Gaap`, one card a line). Every "
            "faulty line is a 400 at `text[<line>]` and nothing is saved; `mode: replace` makes "
            "the list your cards of the game."
        ),
        parameters=[LANG_PARAM],
        request=collection_serializers.CollectionImportSerializer,
        responses={200: collection_serializers.CollectionImportedSerializer, **WRITE_ERRORS},
    ),
)
COLLECTION_CARD = extend_schema_view(
    get=extend_schema(
        summary="How many copies of a card you own",
        parameters=[GAME, SLUG, LANG_PARAM],
        responses={200: collection_serializers.CopiesSerializer, **READ_ERRORS},
    ),
    put=extend_schema(
        summary="Set how many copies of a card you own",
        parameters=[GAME, SLUG, LANG_PARAM],
        request=collection_serializers.CopiesSerializer,
        responses={200: collection_serializers.CopiesSerializer, **WRITE_ERRORS},
    ),
)
WANTED = extend_schema(
    summary="List your want list",
    parameters=[GAME_FILTER, LANG_PARAM],
    responses={200: collection_serializers.WantedCardSerializer(many=True), **READ_ERRORS},
)
WANTED_CARD = extend_schema(
    summary="Set how many copies of a card you want",
    parameters=[GAME, SLUG, LANG_PARAM],
    request=collection_serializers.CopiesSerializer,
    responses={200: collection_serializers.CopiesSerializer, **WRITE_ERRORS},
)
DECK_OWNERSHIP = extend_schema_view(
    get=extend_schema(
        summary="What a deck needs of your collection",
        description="Each card with the copies the deck holds, those you own and those you lack.",
        parameters=[DECK_ID, LANG_PARAM],
        responses={200: collection_serializers.DeckOwnershipSerializer, **READ_ERRORS},
    ),
    post=extend_schema(
        summary="Put what a deck needs beyond your cards on your want list",
        parameters=[DECK_ID, LANG_PARAM],
        request=None,
        responses={200: collection_serializers.WantedAddedSerializer, **WRITE_ERRORS},
    ),
)
DECKS_WITHIN_REACH = extend_schema(
    summary="List the public decks within reach of your cards",
    description=(
        "The public decks you can build from your collection (`most_missing=0`), or lack at "
        "most `most_missing` copies of, fewest lacking first; the public list's filters apply."
    ),
    parameters=[
        OpenApiParameter(
            "most_missing",
            OpenApiTypes.INT,
            description="The most copies a listed deck may lack of yours, 0 to 60; 0 (the "
            "default) keeps the decks you can build. Anything else is a 400.",
        ),
        LANG_PARAM,
    ],
    responses={200: collection_serializers.DeckWithinReachSerializer(many=True), **READ_ERRORS},
)
