"""The API's words for a player's collection: copies owned, the want list, a deck's needs."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from api.serializers import DeckSummarySerializer
from decks import textformat
from decks.collection_forms import ADD, REPLACE
from decks.transfer.read_card_list import MAX_COPIES

# The most copies a deck may lack to be listed "within reach" (the site offers up to 10).
MAX_REACH = 60


class CardRefSerializer(serializers.Serializer):
    """A card as the collection names it: its game, slug (its address) and name."""

    game = serializers.CharField(source="game.slug")
    slug = serializers.CharField()
    name = serializers.CharField()


class OwnedCardSerializer(serializers.Serializer):
    card = CardRefSerializer()
    count = serializers.IntegerField(help_text="Copies owned, all editions together.")
    editions = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="{edition slug: copies} of the copies whose edition was given.",
    )


class WantedCardSerializer(serializers.Serializer):
    card = CardRefSerializer()
    count = serializers.IntegerField(help_text="Copies wanted.")


class CollectionImportSerializer(serializers.Serializer):
    game = serializers.CharField(help_text="The game whose cards the list names.")
    text = serializers.CharField(
        max_length=textformat.MAX_TEXT_CHARS,
        help_text="One card a line, as a deck is imported: `3 Gaap`.",
    )
    mode = serializers.ChoiceField(
        choices=[ADD, REPLACE],
        default=ADD,
        help_text="`add` to the copies held, or `replace` the game's cards with the list.",
    )


class CollectionImportedSerializer(serializers.Serializer):
    game = serializers.CharField()
    read = serializers.IntegerField(help_text="Cards the list named.")
    held = serializers.IntegerField(help_text="Different cards of the game now owned.")


class CopiesSerializer(serializers.Serializer):
    count = serializers.IntegerField(
        min_value=0, max_value=MAX_COPIES, help_text=_("0 takes the card off.")
    )


class NeededCardSerializer(serializers.Serializer):
    card = CardRefSerializer()
    needed = serializers.IntegerField(help_text="Copies the deck holds.")
    owned = serializers.IntegerField(help_text="Copies you own.")
    missing = serializers.IntegerField(help_text="Copies you lack.")


class DeckOwnershipSerializer(serializers.Serializer):
    collecting = serializers.BooleanField(help_text="Whether you keep a collection at all.")
    complete = serializers.BooleanField(help_text="Whether you own every copy the deck needs.")
    missing_copies = serializers.IntegerField()
    cards = NeededCardSerializer(many=True)


class WantedAddedSerializer(serializers.Serializer):
    added = serializers.IntegerField(help_text="Cards whose wanted copies went up.")


class ReachQuerySerializer(serializers.Serializer):
    most_missing = serializers.IntegerField(
        min_value=0,
        max_value=MAX_REACH,
        default=0,
        help_text="The most copies a deck may lack of yours; 0 (the default): decks you can build.",
    )


class DeckWithinReachSerializer(serializers.Serializer):
    deck = DeckSummarySerializer()
    missing = serializers.IntegerField(help_text="Copies of the deck you lack.")
