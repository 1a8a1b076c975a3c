"""The card pages in the sitemap: every card of the games the site serves."""

from datetime import date, datetime
from functools import cached_property

from django.contrib.sitemaps import Sitemap
from django.db.models import Max, QuerySet
from django.urls import reverse

from cardbase.models import Card

# The most addresses one sitemap page lists (the protocol allows 50,000; a page of 5,000
# answers in a few tens of milliseconds).
SITEMAP_PAGE_SIZE = 5_000


def address_format(name: str, **values: object) -> str:
    """Return the address `name` takes as a format string, a `{key}` for each value given.

    A page formats thousands of addresses: reverse() once, not once per address (it was half
    the page's time). The stand-in values must be ones the address accepts and its other parts
    never hold.
    """
    path = reverse(name, kwargs=values)
    for key, value in values.items():
        path = path.replace(str(value), f"{{{key}}}")
    return path


class CardSitemap(Sitemap):
    """Each served card's page with the day it last changed, in the cards' id order."""

    limit = SITEMAP_PAGE_SIZE

    @cached_property
    def _address(self) -> str:
        return address_format("card-detail", game="sitemap-game", slug="sitemap-card")

    def items(self) -> QuerySet:
        # The id's order is the table's own: a page is a range of it, no sort; only the columns
        # the address and the date need, not the cards' texts and attributes.
        return Card.objects.served().order_by("pk").values_list("game__slug", "slug", "updated")

    def location(self, item: tuple[str, str, datetime]) -> str:
        return self._address.format(game=item[0], slug=item[1])

    def lastmod(self, item: tuple[str, str, datetime]) -> date:
        # The day (UTC) is all the protocol needs; a date is written without a filter's work.
        return item[2].date()

    def get_latest_lastmod(self) -> datetime | None:
        """Return the latest change of any card by one query (Django's reads every card)."""
        return Card.objects.served().aggregate(latest=Max("updated"))["latest"]
