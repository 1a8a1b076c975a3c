"""Two decks compared, as the API reads the question and writes the answer."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.serializers import VerdictSerializer
from decks.limits import MAX_VERSION
from decks.models import Deck
from decks.selectors.compare import Side


class CompareQuerySerializer(serializers.Serializer):
    """The query: two deck ids and, for either, a version from its history."""

    a = serializers.UUIDField()
    b = serializers.UUIDField()
    av = serializers.IntegerField(min_value=1, max_value=MAX_VERSION, required=False)
    bv = serializers.IntegerField(min_value=1, max_value=MAX_VERSION, required=False)


class ComparedDeckSerializer(serializers.ModelSerializer):
    """Which deck a side is: the deck as it is now (GET /api/v1/decks/<id>/ has the rest)."""

    owner = serializers.CharField(source="owner.username")
    game = serializers.CharField(source="game.slug", help_text="The deck's game id.")
    page_url = serializers.SerializerMethodField(help_text="The deck's page on the site.")

    class Meta:
        model = Deck
        fields = ["id", "name", "owner", "game", "format", "visibility", "version", "page_url"]
        read_only_fields = fields

    def get_page_url(self, deck: Deck) -> str:
        request = self.context.get("request")
        url = deck.get_absolute_url()
        return request.build_absolute_uri(url) if request else url


class CompareCardSerializer(serializers.Serializer):
    card = serializers.IntegerField(source="card.pk", help_text="The card's id.")
    slug = serializers.CharField(source="card.slug")
    name = serializers.CharField(source="card.name")
    a = serializers.IntegerField(help_text="Copies deck `a` holds in the section (0: none).")
    b = serializers.IntegerField(help_text="Copies deck `b` holds in the section (0: none).")


class CompareSectionSerializer(serializers.Serializer):
    id = serializers.CharField(
        help_text="The section's id as the game declares it (see /api/v1/games/<game>/); empty "
        "for cards of a kind no section takes."
    )
    label = serializers.CharField(help_text="The section's name in the request's language.")
    expected = serializers.CharField(
        allow_null=True, help_text="How many cards the section should hold (`4`, `45+`), if said."
    )
    a = serializers.IntegerField(help_text="Copies deck `a` holds in the section.")
    b = serializers.IntegerField(help_text="Copies deck `b` holds in the section.")
    only_a = CompareCardSerializer(many=True, help_text="Cards only deck `a` holds here.")
    only_b = CompareCardSerializer(many=True, help_text="Cards only deck `b` holds here.")
    changed = CompareCardSerializer(many=True, help_text="Cards both hold, in different numbers.")
    same = CompareCardSerializer(many=True, help_text="Cards both hold, as many in each.")


class SideSectionSerializer(serializers.Serializer):
    id = serializers.CharField(help_text="The section's id; empty for a kind no section takes.")
    label = serializers.CharField(help_text="The section's name in the request's language.")
    expected = serializers.CharField(allow_null=True, help_text="How many cards it should hold.")
    count = serializers.IntegerField(help_text="Copies the deck holds in the section.")


class SideCardSerializer(serializers.Serializer):
    card = serializers.IntegerField(source="card.pk", help_text="The card's id.")
    slug = serializers.CharField(source="card.slug")
    name = serializers.CharField(source="card.name")
    section = serializers.CharField(help_text="The section the card lies in.")
    count = serializers.IntegerField()


class CompareSideSerializer(serializers.Serializer):
    """One of the two decks: as it is now, or as a version of its history left it."""

    deck = ComparedDeckSerializer(help_text="The deck as it is now.")
    version = serializers.IntegerField(
        source="version.number",
        allow_null=True,
        help_text="The version compared, by the number `av`/`bv` name it; null for the deck as "
        "it is now.",
    )
    current = serializers.BooleanField(
        source="is_current", help_text="Whether this is the deck as it is now."
    )
    name = serializers.CharField(help_text="The deck's name as of the version compared.")
    card_total = serializers.IntegerField(source="sheet.totals.all")
    deck_size = serializers.CharField(
        source="sheet.totals.deck_size",
        allow_null=True,
        help_text="How many cards the deck's format asks for in all (`45+`), if it says.",
    )
    sections = SideSectionSerializer(
        source="sheet.sections", many=True, help_text="The deck's copies in each section."
    )
    cards = SideCardSerializer(
        source="sheet.lines", many=True, help_text="Every card with its section and copies."
    )
    verdict = VerdictSerializer(
        source="sheet.verdict",
        help_text="The rules' verdict in the request's language (a past version judged by "
        "today's rules and catalogue).",
    )
    errors = serializers.SerializerMethodField(help_text="How many rules the deck breaks.")
    warnings = serializers.SerializerMethodField(
        help_text="How many notes the verdict leaves (alike warnings counted once)."
    )
    lost = serializers.IntegerField(
        help_text="Copies the version held of cards no longer in the catalogue, left out."
    )

    @extend_schema_field(serializers.IntegerField())
    def get_errors(self, side: Side) -> int:
        return len(side.sheet.verdict_errors)

    @extend_schema_field(serializers.IntegerField())
    def get_warnings(self, side: Side) -> int:
        return len(side.sheet.verdict_warnings)


class ComparisonSerializer(serializers.Serializer):
    """Two decks side by side and, when both are of one game, their cards section by section."""

    a = CompareSideSerializer()
    b = CompareSideSerializer()
    same_game = serializers.BooleanField(
        help_text="Whether both decks are of one game; if not, `sections` is empty and only "
        "each deck's own `cards` and totals compare."
    )
    sections = CompareSectionSerializer(
        many=True, help_text="The game's sections in its order, each with how the decks differ."
    )
