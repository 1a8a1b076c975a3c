"""The API's representations: catalogue reads, the rules contract and decks.

The deck writes' input serializers are the API's only check of a write's shape and types:
decks.services gets typed values and checks what needs the catalogue or the game's rules.
"""

from django.conf import settings
from django.utils.translation import get_language_info
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

import rules
from api.attributes import (
    DeckOptionFields,
    attribute_fields,
    choices,
    declared_attributes,
    declared_kinds,
    describe,
    shared_attribute_ids,
    typed_field,
)
from api.schema import EXAMPLE_GAME
from cardbase.models import Card, CardSource, Edition
from cardbase.selectors.card_page import primary_printing
from decks import organise_inputs
from decks.errors import DeckInputError
from decks.limits import (
    DESCRIPTION_MAX,
    MAX_CARD_ID,
    MAX_COPIES_PER_ENTRY,
    MAX_DISTINCT_CARDS,
    MAX_TAGS_PER_DECK,
    MAX_VERSION,
    NAME_MAX,
    TAG_MAX_CHARS,
)
from decks.models import Deck, Visibility
from rules.core import MAX_COUNT
from rules.core.schema import Attribute


class EditionSerializer(serializers.ModelSerializer):
    game = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    symbol = serializers.SerializerMethodField()

    class Meta:
        model = Edition
        fields = ["slug", "game", "name", "symbol", "released"]

    def get_symbol(self, edition: Edition) -> str | None:
        return edition.symbol or None


class SourceSerializer(serializers.ModelSerializer):
    class Meta:
        model = CardSource
        fields = ["rulebook", "page", "row", "quote", "gives"]


class PrintingSerializer(serializers.Serializer):
    edition = serializers.SerializerMethodField()
    edition_name = serializers.SerializerMethodField()
    image_url = serializers.SerializerMethodField()

    def get_edition(self, printing) -> str | None:
        return printing.edition.slug if printing.edition else None

    def get_edition_name(self, printing) -> str | None:
        return printing.edition.name if printing.edition else None

    def get_image_url(self, printing) -> str | None:
        return _absolute(self.context, printing.image.url) if printing.image else None


def _absolute(context: dict, url: str) -> str:
    request = context.get("request")
    return request.build_absolute_uri(url) if request else url


# The languages of the editorial notes the API shows, each as `note_<code>`: the site's, named
# in English as Django names them.
NOTE_LANGS = tuple((code, get_language_info(code)["name"]) for code, _name in settings.LANGUAGES)


@extend_schema_field({"type": "string"})
class NoteField(serializers.Field):
    """A card's editorial note in one language, null if it has none."""

    def __init__(self, lang: str, **kwargs):
        self.lang = lang
        super().__init__(source="notes", read_only=True, allow_null=True, **kwargs)

    def to_representation(self, notes) -> str | None:
        return (notes or {}).get(self.lang) or None


class CardSerializer(serializers.ModelSerializer):
    """A card: the shared fields, then every attribute its game's schema declares.

    The attribute fields come from the card schemas (`api.attributes`), so a game's new
    attribute shows here without a line of API code; an unknown value is null. A card shows the
    attributes of its own game only.
    """

    game = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    kind = serializers.ChoiceField(choices=(), read_only=True)  # its choices: get_fields()
    copy_limit = serializers.IntegerField(
        read_only=True,
        allow_null=True,
        help_text="Copies a deck may hold; null while unknown or where the game sets no limit.",
    )
    ability = serializers.CharField(
        source="text", read_only=True, allow_null=True, help_text="The card's text."
    )
    image_url = serializers.SerializerMethodField(
        help_text="The scan's thumbnail if there is one, else the generated face."
    )
    face_url = serializers.SerializerMethodField(help_text="The generated face (PNG).")
    page_url = serializers.SerializerMethodField(help_text="The card's page on the site.")
    printings = PrintingSerializer(many=True, read_only=True)
    sources = SourceSerializer(many=True, read_only=True)

    # The shared fields before the attributes, and after them; the notes follow `ability`.
    HEAD = ["id", "slug", "name", "game", "kind"]
    TAIL = ["copy_limit", "ability"]
    LINKS = ["image_url", "face_url", "page_url", "printings", "sources"]

    class Meta:
        model = Card
        fields = [
            "id",
            "slug",
            "name",
            "game",
            "kind",
            "copy_limit",
            "ability",
            "image_url",
            "face_url",
            "page_url",
            "printings",
            "sources",
        ]

    def get_fields(self):
        shared = super().get_fields()
        shared["kind"] = serializers.ChoiceField(choices=choices(declared_kinds()), read_only=True)
        notes = {
            f"note_{lang}": NoteField(lang, help_text=f"An editorial note in {name}; null if none.")
            for lang, name in NOTE_LANGS
        }
        return {
            **{name: shared[name] for name in self.HEAD},
            **attribute_fields(),
            **{name: shared[name] for name in self.TAIL},
            **notes,
            **{name: shared[name] for name in self.LINKS},
        }

    def to_representation(self, card: Card) -> dict:
        data = super().to_representation(card)
        # Another game's attributes are not this card's: leave them out.
        own = {attribute.id for attribute in card.schema.attributes}
        for attribute in declared_attributes():
            if attribute.id not in own:
                data.pop(attribute.id, None)
        if not data["ability"]:
            data["ability"] = None
        return data

    def optional_fields(self) -> set[str]:
        """Name the fields a card may lack: the attributes some game does not declare."""
        shared = shared_attribute_ids()
        return {a.id for a in declared_attributes() if a.id not in shared}

    def get_image_url(self, card: Card) -> str:
        printing = primary_printing(card)
        if printing and printing.thumbnail:
            return _absolute(self.context, printing.thumbnail.url)
        return self.get_face_url(card)

    def get_face_url(self, card: Card) -> str:
        return _absolute(self.context, card.get_face_url())

    def get_page_url(self, card: Card) -> str:
        return _absolute(self.context, card.get_absolute_url())


# The rules engine's JSON contract, described for the schema and checked by rules/ itself: the
# schema says what the engine accepts, neither more strictly nor more loosely where it can.
UNKNOWN_ATTRIBUTE = "Leave it out or send null while it is unknown."


def _contract_attribute(attribute: Attribute) -> serializers.Field:
    """A card attribute as a deck's contract may send it: its declared values, or null."""
    help_text = f"{describe(attribute)} {UNKNOWN_ATTRIBUTE}"
    return typed_field(attribute, required=False, allow_null=True, help_text=help_text)


class ContractCardSerializer(serializers.Serializer):
    """One card of the deck with its count; attributes the rulebook does not state stay out.

    Its attributes are those some game's rules read (`Game.contract_attributes`).
    """

    name = serializers.CharField(
        help_text="The card's name; entries whose names differ only in case and diacritics are "
        "one card."
    )
    kind = serializers.ChoiceField(choices=choices(declared_kinds()))
    count = serializers.IntegerField(min_value=1, max_value=MAX_COUNT, help_text="Copies.")
    section = serializers.CharField(
        required=False,
        help_text="The section the card lies in (a section its game declares); left out, the "
        "kind's home. Games whose sections follow from the kind ignore it.",
    )

    def get_fields(self):
        fields = super().get_fields()
        read = {key for game in rules.all_games() for key in game.contract_attributes}
        for attribute in declared_attributes():
            if attribute.id in read:
                fields[attribute.id] = _contract_attribute(attribute)
        return fields


class ContractSerializer(DeckOptionFields, serializers.Serializer):
    """A deck as rules/ reads it (see rules/__init__.py); unknown attributes are left out.

    The deck's options (a faction) sit beside `game`; left out, the rules infer them if they can.
    """

    option_fields_allow_null = True

    game = serializers.CharField(help_text=f"The game id, e.g. `{EXAMPLE_GAME}`.")
    format = serializers.CharField(
        required=False, help_text="One of the game's formats; left out, its default."
    )
    cards = ContractCardSerializer(many=True)


class ViolationSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Stable rule code, e.g. `deck-size`.")
    severity = serializers.ChoiceField(choices=["error", "warning"])
    message = serializers.CharField(help_text="What is wrong and how to fix it.")
    cards = serializers.ListField(child=serializers.CharField(), help_text="The cards at fault.")
    unknown = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text=(
            "For a rule left unchecked (`unverified`): the facts (attribute ids, or `kind`) whose "
            "unknown values would settle it for the cards at fault. Absent otherwise."
        ),
    )


class VerdictSerializer(serializers.Serializer):
    valid = serializers.BooleanField(help_text="Legal; warnings allowed.")
    violations = ViolationSerializer(many=True)


class DeckEntrySerializer(serializers.Serializer):
    card = serializers.IntegerField(
        min_value=1, max_value=MAX_CARD_ID, help_text="The card's id (see /api/v1/cards/)."
    )
    count = serializers.IntegerField(min_value=1, max_value=MAX_COPIES_PER_ENTRY)
    section = serializers.SlugField(
        required=False,
        max_length=40,
        help_text="The section the card lies in: one its game declares that takes the card's "
        "kind (see /api/v1/games/<game>/). Left out, the kind's home section.",
    )


class DeckEntryOutSerializer(serializers.Serializer):
    card = serializers.IntegerField(source="card_id")
    slug = serializers.CharField(source="card.slug")
    name = serializers.CharField(source="card.name")
    count = serializers.IntegerField()
    section = serializers.CharField(
        help_text="The part of the deck the card is in, a section its game declares "
        "(see /api/v1/games/<game>/); empty for a kind no section takes."
    )


class DeckSummarySerializer(DeckOptionFields, serializers.ModelSerializer):
    """A deck in a list: what it is and whether it is legal, without its cards."""

    option_fields_read_only = True
    owner = serializers.CharField(source="owner.username", read_only=True)
    game = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    folder = serializers.SerializerMethodField(
        help_text="Your folder the deck lies in (see /api/v1/folders/); null when it lies in "
        "none, and always null on another player's deck: folders are their owner's only."
    )
    tags = serializers.SerializerMethodField(
        help_text="The owner's labels for the deck, lower-case, by name; anyone who may open "
        "the deck sees them, and the public list filters by them (`tag`)."
    )
    archived = serializers.BooleanField(
        read_only=True,
        help_text="Put away by its owner: not in the public list, nor in the owner's list on "
        "the site; its link still opens it.",
    )
    page_url = serializers.SerializerMethodField()

    class Meta:
        model = Deck
        fields = [
            "id",
            "name",
            "owner",
            "game",
            "format",
            "visibility",
            "version",
            "is_valid",
            "card_total",
            "created",
            "updated",
            "folder",
            "tags",
            "archived",
            "page_url",
        ]
        read_only_fields = fields

    def get_folder(self, deck: Deck) -> int | None:
        user = getattr(self.context.get("request"), "user", None)
        return deck.folder_id if user is not None and deck.owner_id == user.pk else None

    def get_tags(self, deck: Deck) -> list[str]:
        return [tag.name for tag in deck.tags.all()]

    def get_page_url(self, deck: Deck) -> str:
        return _absolute(self.context, deck.get_absolute_url())


class DeckSerializer(DeckSummarySerializer):
    """A deck with its cards and its verdict in the requested language."""

    cards = DeckEntryOutSerializer(many=True, source="entries.all")
    verdict = serializers.SerializerMethodField()

    class Meta(DeckSummarySerializer.Meta):
        fields = [*DeckSummarySerializer.Meta.fields, "description", "cards", "verdict"]
        read_only_fields = fields

    @extend_schema_field(VerdictSerializer)
    def get_verdict(self, deck: Deck) -> dict:
        return self.context["verdict"](deck)


def _unique_cards(entries: list[dict]) -> dict[tuple[int, str | None], int]:
    """Return {(card id, section id or None for its home): count}; one card twice in one place is refused."""
    cards: dict[tuple[int, str | None], int] = {}
    for entry in entries:
        key = (entry["card"], entry.get("section"))
        if key in cards:
            where = f" in section {key[1]}" if key[1] else ""
            raise serializers.ValidationError(f"Card {entry['card']} is listed twice{where}.")
        cards[key] = entry["count"]
    return cards


class DeckOrganiseFields(serializers.Serializer):
    """The owner's filing of a deck, each field left as it is when not sent; never a save of the
    deck itself (its version stays)."""

    folder = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=MAX_CARD_ID,
        help_text="One of your folders' ids (see /api/v1/folders/), or null for none; another "
        "player's folder is a 400.",
    )
    tags = serializers.ListField(
        child=serializers.CharField(max_length=TAG_MAX_CHARS),
        required=False,
        max_length=MAX_TAGS_PER_DECK,
        help_text=f"Replaces the deck's tags (`[]` removes them): at most {MAX_TAGS_PER_DECK}, "
        f"each of letters (Polish ones too), digits, spaces and hyphens, up to {TAG_MAX_CHARS} "
        "characters; stored trimmed and lower-case, each once. Public on a public deck.",
    )
    archived = serializers.BooleanField(
        required=False,
        help_text="`true` puts the deck away (out of the public list and your list on the site; "
        "its link still opens it); `false` brings it back.",
    )

    def validate_tags(self, values: list[str]) -> list[str]:
        try:
            return organise_inputs.tags(values)
        except DeckInputError as error:
            raise serializers.ValidationError(error.message) from None


class DeckCreateSerializer(DeckOrganiseFields, DeckOptionFields, serializers.Serializer):
    name = serializers.CharField(max_length=NAME_MAX)
    game = serializers.SlugField(default=rules.default_game_id)
    format = serializers.SlugField(
        required=False, help_text="A format its game declares; left out, the game's default."
    )
    description = serializers.CharField(
        required=False, allow_blank=True, default="", max_length=DESCRIPTION_MAX
    )
    visibility = serializers.ChoiceField(choices=Visibility.choices, default=Visibility.PRIVATE)
    cards = DeckEntrySerializer(many=True, required=False, max_length=MAX_DISTINCT_CARDS)

    def validate_cards(self, entries: list[dict]) -> dict[tuple[int, str | None], int]:
        return _unique_cards(entries)


class DeckUpdateSerializer(DeckOrganiseFields, DeckOptionFields, serializers.Serializer):
    version = serializers.IntegerField(
        min_value=1,
        max_value=MAX_VERSION,
        help_text="The version the changes were made to; a stale one gets 409.",
    )
    name = serializers.CharField(max_length=NAME_MAX, required=False)
    format = serializers.SlugField(required=False, help_text="A format the deck's game declares.")
    description = serializers.CharField(
        required=False, allow_blank=True, max_length=DESCRIPTION_MAX
    )
    visibility = serializers.ChoiceField(choices=Visibility.choices, required=False)
    cards = DeckEntrySerializer(
        many=True,
        required=False,
        max_length=MAX_DISTINCT_CARDS,
        help_text="Replaces the deck's whole card list when given.",
    )

    def validate_cards(self, entries: list[dict]) -> dict[tuple[int, str | None], int]:
        return _unique_cards(entries)


class TokenRequestSerializer(serializers.Serializer):
    username = serializers.CharField()
    password = serializers.CharField(style={"input_type": "password"})


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="Send as `Authorization: Token <token>`.")
