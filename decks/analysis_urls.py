"""Deck statistics, sample hands and the print sheet."""

from django.urls import path

from decks import analysis_views

urlpatterns = [
    path("<uuid:deck_id>/stats/", analysis_views.deck_stats, name="deck-stats"),
    path("<uuid:deck_id>/hand/", analysis_views.deck_hand, name="deck-hand"),
    path("<uuid:deck_id>/print/", analysis_views.deck_print, name="deck-print"),
]
