"""Deck import and export: plain text, JSON contract, LackeyCCG's .dek, deck codes, forum lists."""

from django.urls import path

from decks import transfer_views
from decks.views import forum_exports

urlpatterns = [
    path("import/", transfer_views.deck_import, name="deck-import"),
    path("code/<str:code>/", transfer_views.deck_code, name="deck-code"),
    path("code/<str:code>/open/", transfer_views.deck_code_open, name="deck-code-open"),
    path("<uuid:deck_id>/export.txt", transfer_views.deck_export_text, name="deck-export-text"),
    path("<uuid:deck_id>/export.json", transfer_views.deck_export_json, name="deck-export-json"),
    path("<uuid:deck_id>/export.dek", transfer_views.deck_export_dek, name="deck-export-dek"),
    path("<uuid:deck_id>/export.bbcode.txt", forum_exports.deck_bbcode, name="deck-export-bbcode"),
    path("<uuid:deck_id>/export.md", forum_exports.deck_markdown, name="deck-export-markdown"),
    path("<uuid:deck_id>/export.plain.txt", forum_exports.deck_plain, name="deck-export-plain"),
    path("<uuid:deck_id>/code/", transfer_views.deck_code_of, name="deck-code-of"),
]
