"""Writes to decks (editing, cards, likes, verdicts); other apps' imports of them are kept here."""

from decks.services.editing import deck_create, deck_delete, deck_update

__all__ = ["deck_create", "deck_delete", "deck_update"]
