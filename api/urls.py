"""REST API v1 and its OpenAPI schema."""

from django.urls import include, path, re_path

from api.errors import json_errors
from api.views import (
    bulk,
    catalogue,
    collection,
    compare,
    decks,
    docs,
    folders,
    not_found,
    proposals,
    tokens,
)


def view(view_class, **initkwargs):
    """The view function of an API view, answering the JSON 500 should anything slip through."""
    return json_errors(view_class.as_view(**initkwargs))


def not_found_everywhere():
    """Anything under /api/ that is not an endpoint, newlines included: the JSON 404."""
    return re_path(r"^[\s\S]*$", view(not_found.NotFoundView), name="not-found")


v1 = [
    path("games/", view(catalogue.GameList), name="game-list"),
    path("games/<slug:game>/bulk/", view(bulk.GameBulk), name="game-bulk"),
    path("games/<path:game>/", view(catalogue.GameDetail), name="game-detail"),
    path("editions/", view(catalogue.EditionList), name="edition-list"),
    path("cards/", view(catalogue.CardList), name="card-list"),
    # `path` converters, so that any odd value reaches the view and gets a JSON 404.
    path("cards/<path:game>/<path:slug>/", view(catalogue.CardDetail), name="card-detail"),
    # The address of the time when a slug named one card on the whole site: a 301.
    path("cards/<path:slug>/", view(catalogue.CardMoved), name="card-moved"),
    path("validate/", view(decks.ValidateView), name="validate"),
    path("decks/", view(decks.DeckList), name="deck-list"),
    path("decks/compare/", view(compare.DeckCompare), name="deck-compare"),
    path("decks/within-reach/", view(collection.DecksWithinReach), name="decks-within-reach"),
    path("decks/<path:deck_id>/verdict/", view(decks.DeckVerdict), name="deck-verdict"),
    path(
        "decks/<path:deck_id>/ownership/",
        view(collection.DeckOwnership),
        name="deck-ownership",
    ),
    path("decks/<path:deck_id>/", view(decks.DeckDetail), name="deck-detail"),
    path("folders/", view(folders.FolderList), name="folder-list"),
    path("folders/<path:folder_id>/", view(folders.FolderDetail), name="folder-detail"),
    path("proposals/", view(proposals.ProposalList), name="proposal-list"),
    path("collection/", view(collection.CollectionCards), name="collection"),
    path("collection/wanted/", view(collection.WantedCards), name="wanted"),
    path(
        "collection/wanted/<path:game>/<path:slug>/",
        view(collection.WantedCardCopies),
        name="wanted-card",
    ),
    path(
        "collection/<path:game>/<path:slug>/",
        view(collection.CollectionCard),
        name="collection-card",
    ),
    path("auth/token/", view(tokens.TokenView), name="token"),
    not_found_everywhere(),
]

app_name = "api"
urlpatterns = [
    path("v1/", include((v1, "v1"))),
    path("schema/", view(docs.SchemaView), name="schema"),
    path("docs/", view(docs.SwaggerView, url_name="api:schema"), name="docs"),
    path("redoc/redoc.js", docs.redoc_bundle, name="redoc-bundle"),
    path(
        "redoc/",
        view(docs.RedocView, url_name="api:schema", template_name="api/redoc.html"),
        name="redoc",
    ),
    not_found_everywhere(),  # /api/, /api/v2/…
]
