"""Site URLs."""

from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.urls import include, path

from cardbase import views

urlpatterns = [
    path("", views.home, name="home"),
    path("cards/", views.card_list, name="card-list"),
    path("cards/syntax/", views.card_search_syntax, name="card-search-syntax"),
    path("cards/<slug:slug>/", views.card_detail, name="card-detail"),
    path("cards/<slug:slug>/face.png", views.card_face, name="card-face"),
    path("decks/", include("decks.urls")),
    path("accounts/", include("decks.account_urls")),
    path("api/", include("api.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]

if settings.DEBUG:
    urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)
