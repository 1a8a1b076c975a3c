"""The catalogue in the admin: cards and their sources, the changesets, card file imports."""

from cardbase.admin import cards, changesets

__all__ = ["cards", "changesets"]
