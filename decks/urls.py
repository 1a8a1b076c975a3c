"""Deck pages and the deck builder."""

from django.urls import include, path

from decks.views import builder, collection, embed, history, pages
from decks.views.compare import deck_compare

urlpatterns = [
    path("", pages.public_deck_list, name="deck-list"),
    path("new/", pages.deck_new, name="deck-new"),
    path("mine/", pages.my_decks, name="my-decks"),
    path("compare/", deck_compare, name="deck-compare"),
    path("<uuid:deck_id>/", pages.deck_detail, name="deck-detail"),
    path("<uuid:deck_id>/edit/", builder.deck_builder, name="deck-edit"),
    path("<uuid:deck_id>/save/", builder.deck_save, name="deck-save"),
    path("<uuid:deck_id>/names/", builder.deck_card_names, name="deck-card-names"),
    path("<uuid:deck_id>/copy/", pages.deck_copy, name="deck-copy"),
    path("<uuid:deck_id>/delete/", pages.deck_delete, name="deck-delete"),
    path("<uuid:deck_id>/history/", history.deck_history, name="deck-history"),
    path("<uuid:deck_id>/restore/<int:number>/", history.deck_restore, name="deck-restore"),
    path("<uuid:deck_id>/like/", pages.deck_like, name="deck-like"),
    path("<uuid:deck_id>/want-missing/", collection.deck_want_missing, name="deck-want-missing"),
    path("<uuid:deck_id>/embed/", embed.deck_embed, name="deck-embed"),
    path("", include("decks.analysis_urls")),
    path("", include("decks.transfer_urls")),
    path("", include("decks.organise_urls")),
    path("", include("decks.image_urls")),
]
