"""Site URLs."""

from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    # Before the catalogue's: "propose" is not a card's slug.
    path("", include("proposals.urls")),
    path("", include("cardbase.urls")),
    path("decks/", include("decks.urls")),
    path("collection/", include("decks.collection_urls")),
    path("accounts/", include("accounts.urls")),
    path("api/", include("api.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("", include("common.urls")),
    path("", include("config.crawl_urls")),
]

if settings.DEBUG:
    urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)
