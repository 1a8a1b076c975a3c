"""The card page: the card by its address, its scan, its note and the cards related to it."""

from dataclasses import dataclass

from django.db.models import Prefetch
from django.http import Http404, QueryDict
from django.shortcuts import get_object_or_404

from cardbase.filters import CardFilter, is_ranked
from cardbase.language import page_lang
from cardbase.models import Card, Printing
from rules.core.schema import Attribute


def card_by_slug(*, game: str, slug: str) -> Card:
    """Return a game's card with its sources and printings, or raise Http404."""
    queryset = (
        Card.objects.served()
        .select_related("game")
        .prefetch_related(
            "sources", Prefetch("printings", queryset=Printing.objects.select_related("edition"))
        )
    )
    return get_object_or_404(queryset, game__slug=game, slug=slug)


def card_moved_from(*, slug: str) -> Card:
    """Return the card an address without its game names, or raise Http404.

    Slugs were unique on the whole site before cards were addressed by game, so the oldest card
    with the slug is the one such an address was made for.
    """
    card = Card.objects.served().select_related("game").filter(slug=slug).order_by("pk").first()
    if card is None:
        raise Http404
    return card


def ranking_attribute(card: Card) -> Attribute | None:
    """Return the first sortable ranked attribute the card's kind carries."""
    return next(
        (a for a in card.schema.attributes_of(card.kind) if a.sortable and is_ranked(a)), None
    )


# The card page shows this many of the other cards sharing its ranking value (one value may
# hold thousands in a large catalogue); a link opens the catalogue filtered to all of them.
RELATED_SHOWN = 24


@dataclass(frozen=True)
class Related:
    """The other cards sharing the card's value of its ranking attribute: the first few."""

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
    """Return the first other cards with the card's value of its ranking attribute (and how
    many there are), None if its kind has no such attribute."""
    attribute = ranking_attribute(card)
    if attribute is None:
        return None
    lang = page_lang()
    value = card.attribute(attribute.id)
    label = attribute.label(lang)
    if value is None:
        return Related(label=label, value=None, cards=[])
    sharing = Card.objects.sharing(card, attribute.id)
    # Sliced before the prefetch, so only the cards shown get their printings.
    cards = list(sharing.for_grid().order_by("search_name", "pk")[:RELATED_SHOWN])
    others = len(cards) if len(cards) < RELATED_SHOWN else sharing.count()
    query = ""
    if attribute.id in CardFilter.base_filters:
        query = QueryDict(mutable=True)
        query.update({"game": card.game.slug, attribute.id: value})
        query = query.urlencode()
    return Related(
        label=label,
        value=attribute.value_label(value, lang),
        cards=cards,
        others=others,
        query=query,
    )


def card_note(card: Card) -> str:
    """Return the editorial note in the page's language, else in Polish, else in any language."""
    notes = card.notes or {}
    return notes.get(page_lang()) or notes.get("pl") or next(iter(notes.values()), "")


def primary_printing(card: Card) -> Printing | None:
    """Return the first printing that has a scan, using prefetched printings when present."""
    return next((p for p in card.printings.all() if p.image), None)
