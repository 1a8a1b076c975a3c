"""REST API v1 and its OpenAPI schema."""

from django.urls import include, path, re_path

from api import views
from api.errors import json_errors


def view(view_class, **initkwargs):
    """The view function of an API view, answering the JSON 500 should anything slip through."""
    return json_errors(view_class.as_view(**initkwargs))


def not_found():
    """Anything under /api/ that is not an endpoint, newlines included: the JSON 404."""
    return re_path(r"^[\s\S]*$", view(views.NotFoundView), name="not-found")


v1 = [
    path("games/", view(views.GameList), name="game-list"),
    path("games/<path:game>/", view(views.GameDetail), name="game-detail"),
    path("editions/", view(views.EditionList), name="edition-list"),
    path("cards/", view(views.CardList), name="card-list"),
    # `path` converters, so that any odd value reaches the view and gets a JSON 404.
    path("cards/<path:game>/<path:slug>/", view(views.CardDetail), name="card-detail"),
    # The address of the time when a slug named one card on the whole site: a 301.
    path("cards/<path:slug>/", view(views.CardMoved), name="card-moved"),
    path("validate/", view(views.ValidateView), name="validate"),
    path("decks/", view(views.DeckList), name="deck-list"),
    path("decks/<path:deck_id>/verdict/", view(views.DeckVerdict), name="deck-verdict"),
    path("decks/<path:deck_id>/", view(views.DeckDetail), name="deck-detail"),
    path("auth/token/", view(views.TokenView), name="token"),
    not_found(),
]

app_name = "api"
urlpatterns = [
    path("v1/", include((v1, "v1"))),
    path("schema/", view(views.SchemaView), name="schema"),
    path("docs/", view(views.SwaggerView, url_name="api:schema"), name="docs"),
    path(
        "redoc/",
        view(views.RedocView, url_name="api:schema", template_name="api/redoc.html"),
        name="redoc",
    ),
    not_found(),  # /api/, /api/v2/…
]
