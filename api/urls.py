"""REST API v1 and its OpenAPI schema."""

from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from api import views

v1 = [
    path("games/", views.GameList.as_view(), name="game-list"),
    path("editions/", views.EditionList.as_view(), name="edition-list"),
    path("cards/", views.CardList.as_view(), name="card-list"),
    # `path` converters, so that any odd value reaches the view and gets a JSON 404.
    path("cards/<path:slug>/", views.CardDetail.as_view(), name="card-detail"),
    path("validate/", views.ValidateView.as_view(), name="validate"),
    path("decks/", views.DeckList.as_view(), name="deck-list"),
    path("decks/<path:deck_id>/verdict/", views.DeckVerdict.as_view(), name="deck-verdict"),
    path("decks/<path:deck_id>/", views.DeckDetail.as_view(), name="deck-detail"),
    path("auth/token/", views.TokenView.as_view(), name="token"),
    # Anything else under v1/, newlines included, gets the JSON 404 rather than an HTML page.
    re_path(r"^[\s\S]*$", views.NotFoundView.as_view(), name="not-found"),
]

app_name = "api"
urlpatterns = [
    path("v1/", include((v1, "v1"))),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api:schema"), name="docs"),
    path("redoc/", SpectacularRedocView.as_view(url_name="api:schema"), name="redoc"),
]
