"""The card page: the card by its address, its scan, its note and the cards related to it."""

from dataclasses import dataclass

from django.db.models import Count, Prefetch, Subquery, prefetch_related_objects
from django.db.models.functions import Coalesce
from django.http import Http404, QueryDict
from django.shortcuts import get_object_or_404

from cardbase.filters import CardFilter
from cardbase.language import page_lang
from cardbase.managers import UNLISTED_FIELDS
from cardbase.models import Card, Game, Printing, Ruling
from rules.core.schema import Attribute, Text


def card_by_slug(*, game: str, slug: str) -> Card:
    """Return a game's card with its sources and printings, or raise Http404."""
    queryset = (
        Card.objects.served()
        .select_related("game")
        .prefetch_related(
            "sources",
            Prefetch("printings", queryset=Printing.objects.select_related("edition")),
        )
    )
    return get_object_or_404(queryset, game__slug=game, slug=slug)


def with_rulings(card: Card) -> Card:
    """Fetch the card's rulings, with who proposed and approved each, in one query."""
    prefetch_related_objects(
        [card],
        Prefetch("rulings", queryset=Ruling.objects.select_related("proposer", "approved_by")),
    )
    return card


def card_moved_from(*, slug: str) -> Card:
    """Return the card an address without its game names, or raise Http404.

    Slugs were unique on the whole site before cards were addressed by game, so the oldest card
    with the slug is the one such an address was made for.
    """
    card = Card.objects.served().select_related("game").filter(slug=slug).order_by("pk").first()
    if card is None:
        raise Http404
    return card


def relating_attributes(card: Card) -> list[Attribute]:
    """Return the attributes the card's game relates cards by that its kind carries, in order."""
    carried = {attribute.id: attribute for attribute in card.schema.attributes_of(card.kind)}
    return [carried[key] for key in card.game_rules.related_by if key in carried]


# The card page shows this many of the other cards sharing its value (one value may hold
# thousands in a large catalogue); a link opens the catalogue filtered to all of them.
RELATED_SHOWN = 24


@dataclass(frozen=True)
class Related:
    """The other cards sharing the card's value of a relating attribute: the first few."""

    label: str
    value: str | None
    cards: list[Card]  # the first RELATED_SHOWN of them, by name
    others: int = 0  # every other card with the value
    query: str = ""  # the catalogue's params finding every card with the value, this one too

    @property
    def total(self) -> int:
        """Count the cards the catalogue link finds: the others and this card."""
        return self.others + 1


def related_cards(*, card: Card) -> Related | None:
    """Return the first other cards sharing the card's value of the first attribute its game
    relates cards by (and how many there are), None if no such value relates it to any.

    A value held by most of the game's cards (a cost nearly every card has) relates nothing: the
    next attribute is tried. An unknown value is said, if no later attribute relates the card.
    """
    lang = page_lang()
    unknown = None
    for attribute in relating_attributes(card):
        label = attribute.label(lang)
        value = card.attribute(attribute.id)
        if value is None:
            unknown = unknown or Related(label=label, value=None, cards=[])
            continue
        sharing = Card.objects.sharing(card, attribute.id)
        # The printings are fetched once the value is known to relate, for the cards shown only.
        shown = sharing.select_related("game").defer(*UNLISTED_FIELDS).order_by("search_name", "pk")
        cards = list(shown[:RELATED_SHOWN])
        others = len(cards)
        if others == RELATED_SHOWN:
            others, game_cards = _sharing_and_game_cards(card, sharing)
            if 2 * (others + 1) > game_cards:
                continue
        prefetch_related_objects(cards, "printings")
        return Related(
            label=label,
            value=attribute.value_label(value, lang),
            cards=cards,
            others=others,
            query=_catalogue_query(card, attribute.id, value),
        )
    return unknown


def _sharing_and_game_cards(card: Card, sharing) -> tuple[int, int]:
    """Count the other cards sharing a value and every card of the game, in one query."""

    def counted(queryset):
        grouped = queryset.order_by().values("game_id").annotate(n=Count("pk")).values("n")
        return Coalesce(Subquery(grouped), 0)

    game_cards = Card.objects.filter(game_id=card.game_id)
    return (
        Game.objects.filter(pk=card.game_id)
        .values_list(counted(sharing), counted(game_cards))
        .get()
    )


def _catalogue_query(card: Card, attribute_id: str, value) -> str:
    """Return the catalogue's params finding every card of the game with the value, "" if the
    catalogue has no filter for the attribute."""
    if attribute_id not in CardFilter.base_filters:
        return ""
    query = QueryDict(mutable=True)
    query.update({"game": card.game.slug, attribute_id: value})
    return query.urlencode()


def card_note(card: Card) -> str:
    """Return the editorial note in the page's language, else as every label falls back."""
    return Text(**card.notes)(page_lang()) if card.notes else ""


def primary_printing(card: Card) -> Printing | None:
    """Return the first printing that has a scan, using prefetched printings when present."""
    return next((p for p in card.printings.all() if p.image), None)
