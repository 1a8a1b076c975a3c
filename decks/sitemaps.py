"""The deck pages in the sitemap: the public decks."""

from datetime import date, datetime
from functools import cached_property
from uuid import UUID

from django.contrib.sitemaps import Sitemap
from django.db.models import Max, QuerySet

from cardbase.sitemaps import SITEMAP_PAGE_SIZE, address_format
from decks.models import Deck


class DeckSitemap(Sitemap):
    """Each public deck's page with the day it last changed, the latest changed first.

    Public as `Deck.objects.public()` says: never an unlisted or private deck; an archived one
    stays, as its page does (the archive takes a deck off lists, not off the web). Read along
    the index on (visibility, updated), which holds the date: a page reads no deck's verdict.
    """

    limit = SITEMAP_PAGE_SIZE

    @cached_property
    def _address(self) -> str:
        return address_format("deck-detail", deck_id=UUID(int=0))

    def items(self) -> QuerySet:
        return Deck.objects.public().order_by("-updated").values_list("pk", "updated")

    def location(self, item: tuple[UUID, datetime]) -> str:
        return self._address.format(deck_id=item[0])

    def lastmod(self, item: tuple[UUID, datetime]) -> date:
        return item[1].date()

    def get_latest_lastmod(self) -> datetime | None:
        """Return the latest save of a public deck by one query (Django's reads every deck)."""
        return Deck.objects.public().aggregate(latest=Max("updated"))["latest"]
