"""Lists of decks a page at a time (the public ones, a player's own) and a deck's likes."""

from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User
from django.core.paginator import Page, Paginator
from django.http import QueryDict

from decks.filters import PublicDeckFilter
from decks.models import Deck
from decks.selectors.access import decks_of, public_decks

PUBLIC_PAGE_SIZE = 30
MY_DECKS_PAGE_SIZE = 50


@dataclass(frozen=True)
class PublicDeckPage:
    filterset: PublicDeckFilter
    page: Page


def public_deck_page(*, params: QueryDict, page_number: str | None) -> PublicDeckPage:
    """Filter and paginate the public decks in a constant number of queries."""
    filterset = PublicDeckFilter(params, queryset=public_decks())
    queryset = filterset.qs if filterset.is_valid() else Deck.objects.none()
    return PublicDeckPage(filterset, Paginator(queryset, PUBLIC_PAGE_SIZE).get_page(page_number))


def my_deck_page(*, user: User | AnonymousUser, page_number: str | None) -> Page:
    """Return one page of the user's own decks, newest first."""
    return Paginator(decks_of(user=user), MY_DECKS_PAGE_SIZE).get_page(page_number)


def like_state(*, deck: Deck, user: User | AnonymousUser) -> tuple[int, bool]:
    """Return how many players like the deck and whether `user` is one of them."""
    liked = user.is_authenticated and deck.likes.filter(user=user).exists()
    return deck.like_count, liked
