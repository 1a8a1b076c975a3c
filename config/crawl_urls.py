"""The addresses crawlers read: robots.txt, and the sitemap's index and its paged sections."""

from django.contrib.sitemaps import views as sitemaps
from django.urls import path
from django.views.decorators.cache import cache_control

from cardbase.sitemaps import CardSitemap
from common.robots import robots_txt
from decks.sitemaps import DeckSitemap

SITEMAPS = {"decks": DeckSitemap, "cards": CardSitemap}
# A crawler reads the sitemap about daily: an hour's copy is fresh enough.
_for_an_hour = cache_control(public=True, max_age=3600)

urlpatterns = [
    path("robots.txt", robots_txt, name="robots-txt"),
    path(
        "sitemap.xml",
        _for_an_hour(sitemaps.index),
        {"sitemaps": SITEMAPS, "sitemap_url_name": "sitemap-section"},
        name="sitemap",
    ),
    path(
        "sitemap-<section>.xml",
        _for_an_hour(sitemaps.sitemap),
        # Its own template: the addresses written by one tag, not a loop (a fifth of the time).
        {"sitemaps": SITEMAPS, "template_name": "sitemap_section.xml"},
        name="sitemap-section",
    ),
]
