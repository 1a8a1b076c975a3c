"""Deck pages and the deck builder."""

from django.urls import include, path

from decks import views

urlpatterns = [
    path("", views.public_deck_list, name="deck-list"),
    path("new/", views.deck_new, name="deck-new"),
    path("mine/", views.my_decks, name="my-decks"),
    path("<uuid:deck_id>/", views.deck_detail, name="deck-detail"),
    path("<uuid:deck_id>/edit/", views.deck_builder, name="deck-edit"),
    path("<uuid:deck_id>/save/", views.deck_save, name="deck-save"),
    path("<uuid:deck_id>/names/", views.deck_card_names, name="deck-card-names"),
    path("<uuid:deck_id>/copy/", views.deck_copy, name="deck-copy"),
    path("<uuid:deck_id>/delete/", views.deck_delete, name="deck-delete"),
    path("<uuid:deck_id>/history/", views.deck_history, name="deck-history"),
    path("<uuid:deck_id>/restore/<int:number>/", views.deck_restore, name="deck-restore"),
    path("<uuid:deck_id>/like/", views.deck_like, name="deck-like"),
    path("", include("decks.analysis_urls")),
    path("", include("decks.transfer_urls")),
]
