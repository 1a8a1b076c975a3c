"""Lists of decks a page at a time (the public ones, a player's own) and a deck's likes."""

from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User
from django.core.paginator import Page, Paginator
from django.http import QueryDict

from decks.filters import PublicDeckFilter
from decks.models import Deck
from decks.selectors.access import decks_of, public_decks
from decks.selectors.buildable import decks_lacking, decks_within_reach
from decks.selectors.organising import DeckShelf, decks_on_shelf

PUBLIC_PAGE_SIZE = 30
MY_DECKS_PAGE_SIZE = 50


@dataclass(frozen=True)
class PublicDeckPage:
    filterset: PublicDeckFilter
    page: Page


def public_deck_page(
    *, params: QueryDict, page_number: str | None, viewer: User | AnonymousUser | None = None
) -> PublicDeckPage:
    """Filter and paginate the public decks in a constant number of queries; those within reach
    of the viewer's collection, when asked, fewest copies lacking first."""
    filterset = PublicDeckFilter(params, queryset=public_decks(), viewer=viewer)
    queryset = filterset.qs if filterset.is_valid() else Deck.objects.none()
    most_missing = filterset.most_missing() if filterset.is_valid() else None
    if most_missing is None:
        return PublicDeckPage(
            filterset, Paginator(queryset, PUBLIC_PAGE_SIZE).get_page(page_number)
        )
    reach = decks_within_reach(decks=queryset, user=viewer, most_missing=most_missing)
    page = Paginator(reach, PUBLIC_PAGE_SIZE).get_page(page_number)
    page.object_list = decks_lacking(queryset, page.object_list)
    return PublicDeckPage(filterset, page)


# "Moje talie" without a filter: every deck not archived.
IN_USE = DeckShelf()


def my_deck_page(
    *, user: User | AnonymousUser, page_number: str | None, shelf: DeckShelf = IN_USE
) -> Page:
    """Return one page of the user's own decks `shelf` shows (by default those not archived)."""
    decks = decks_on_shelf(decks_of(user=user), shelf)
    return Paginator(decks, MY_DECKS_PAGE_SIZE).get_page(page_number)


def like_state(*, deck: Deck, user: User | AnonymousUser) -> tuple[int, bool]:
    """Return how many players like the deck and whether `user` is one of them."""
    liked = user.is_authenticated and deck.likes.filter(user=user).exists()
    return deck.like_count, liked
