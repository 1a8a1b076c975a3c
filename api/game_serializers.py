"""The games' declarations as the API shows them (rules.all_games(), rules.get_game()).

Pure conversion, declaration to dict: no database, no request. Every label is a `Text` shown with
all the languages it holds. Nothing here names a game, a kind or an attribute of any one game.
"""

from typing import get_args

from django.templatetags.static import static
from rest_framework import serializers

from rules.core.schema import AttributeType, ChartStyle

ATTRIBUTE_TYPES = get_args(AttributeType)
CHART_STYLES = get_args(ChartStyle)


class TextField(serializers.Field):
    """Show a `Text` as an object of its languages: `{"pl": "…", "en": "…"}`."""

    def to_representation(self, text) -> dict[str, str]:
        return dict(text)


class IdSetField(serializers.ListField):
    """Show a set of ids as a sorted list."""

    def __init__(self, **kwargs):
        super().__init__(child=serializers.CharField(), **kwargs)

    def to_representation(self, ids) -> list[str]:
        # A frozenset's order changes from one process to the next; the ETag must not.
        return super().to_representation(sorted(ids))


class GameValueSerializer(serializers.Serializer):
    id = serializers.CharField(help_text="The value's stable id, as the API and decks send it.")
    label = TextField()
    rank = serializers.IntegerField(
        allow_null=True,
        help_text="Its place where the values' order means something (a level); null otherwise.",
    )
    icon_url = serializers.SerializerMethodField(
        help_text="The picture the card prints for it (a resource, a tactic), served by the site; "
        "null if none."
    )

    def get_icon_url(self, value) -> str | None:
        return static(value.icon) if value.icon else None


class GameKindSerializer(serializers.Serializer):
    id = serializers.CharField(help_text="The kind's id, as a card's `kind`.")
    label = TextField()
    plural = TextField(allow_null=True)


class GameAttributeSerializer(serializers.Serializer):
    id = serializers.CharField(help_text="The attribute's id: the card's field of that name.")
    type = serializers.ChoiceField(choices=ATTRIBUTE_TYPES)
    label = TextField()
    kinds = IdSetField(help_text="The kinds of card that carry it; on others it is refused.")
    multi = serializers.BooleanField(help_text="A card holds a list of values, not one.")
    repeats = serializers.BooleanField(
        help_text="A value may repeat in the list, once per printed icon (two gold)."
    )
    empty = TextField(
        allow_null=True,
        help_text='What an empty list means ("none"); null: a list is never empty.',
    )
    facet = serializers.BooleanField(help_text="Offered as a catalogue filter.")
    sortable = serializers.BooleanField(help_text="Offered as a catalogue ordering.")
    searchable = serializers.BooleanField(help_text="Text the name and text search looks in.")
    minimum = serializers.IntegerField(allow_null=True, help_text="The lowest number allowed.")
    maximum = serializers.IntegerField(allow_null=True, help_text="The highest number allowed.")
    derived = serializers.BooleanField(
        help_text="Computed from the card's other attributes, never entered."
    )
    search_keys = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text="By language, the keys the card search language knows it by (`key:value`).",
    )
    values = GameValueSerializer(many=True, help_text="A choice's values; empty for other types.")
    help = TextField(allow_null=True, help_text="What to know before entering it; null if none.")


class GameSectionSerializer(serializers.Serializer):
    id = serializers.CharField()
    label = TextField()
    kinds = IdSetField(help_text="The kinds of card that go into this part of a deck.")
    also = IdSetField(
        help_text="Kinds a player may also put here though their home is another part "
        "(a card the player chooses to lead, say)."
    )
    expected = serializers.CharField(
        allow_null=True, help_text="How many cards it should hold, e.g. `4`; null if not said."
    )
    hint = TextField(allow_null=True, help_text="What a player building it should know.")
    tally = serializers.CharField(
        allow_null=True, help_text="The attribute its count is split by on a deck's totals."
    )


class GameOptionSerializer(serializers.Serializer):
    id = serializers.CharField(help_text="The option's id, as a deck's field of that name.")
    label = TextField()
    values = GameValueSerializer(many=True)
    required = serializers.BooleanField(help_text="A deck must choose one of the values.")


class GameFormatSerializer(serializers.Serializer):
    id = serializers.CharField()
    label = TextField()
    default = serializers.BooleanField(help_text="The format a new deck is built for.")
    deck_size = serializers.CharField(
        allow_null=True, help_text="How many cards a deck holds in all, e.g. `45+`."
    )


class GameChartSerializer(serializers.Serializer):
    id = serializers.CharField()
    title = TextField()
    attribute = serializers.CharField(
        help_text="The attribute whose values the chart counts copies by, or `kind`."
    )
    style = serializers.ChoiceField(
        choices=CHART_STYLES,
        help_text="`bars`: a bar per value; `columns`: a column per whole number, every one "
        "between the lowest and highest shown; `ladder`: every value in rank order, lowest at "
        "the bottom, gaps shown.",
    )
    sections = IdSetField(
        allow_null=True, help_text="The sections it counts; null: the whole deck."
    )
    kinds = IdSetField(
        allow_null=True, help_text="The kinds it counts; null: every kind with the attribute."
    )
    note_attribute = serializers.CharField(
        allow_null=True, help_text="On a ladder, the derived attribute named beside each rung."
    )
    hint = TextField(allow_null=True, help_text="How to read it.")
    ladder_ranks = serializers.BooleanField(
        help_text="On columns: the numbers are the ladder's ranks, each rung's shown."
    )


class GameHandDrawSerializer(serializers.Serializer):
    sections = IdSetField(help_text="The sections this part of the hand is drawn from.")
    size = serializers.IntegerField(help_text="Cards drawn from them.")


class GameHandSerializer(serializers.Serializer):
    draws = GameHandDrawSerializer(
        many=True, help_text="The parts of the hand, drawn in this order, each from its sections."
    )
    size = serializers.IntegerField(help_text="Cards in an opening hand, every part together.")
    sections = IdSetField(help_text="The sections the hand is drawn from, every part together.")
    redraws = serializers.IntegerField(help_text="How many times a player may draw it again.")
    note = TextField(allow_null=True)


class GameSerializer(serializers.Serializer):
    """A game and everything it declares: its cards, deck sections, options, formats, charts."""

    id = serializers.CharField(help_text="The game's id, as a card's and a deck's `game`.")
    name = TextField()
    rulebook = TextField(allow_null=True, help_text="The title of the rulebook the rules follow.")
    kinds = GameKindSerializer(many=True, source="schema.kinds", help_text="The kinds of card.")
    attributes = GameAttributeSerializer(
        many=True, source="schema.attributes", help_text="The attributes the cards carry."
    )
    sections = GameSectionSerializer(many=True, help_text="The parts of a deck.")
    options = GameOptionSerializer(many=True, help_text="The choices a deck makes.")
    formats = GameFormatSerializer(many=True)
    charts = GameChartSerializer(many=True, help_text="The statistics a deck's page draws.")
    hand = GameHandSerializer(allow_null=True, help_text="The opening hand; null if none.")
