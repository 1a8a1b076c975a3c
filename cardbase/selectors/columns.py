"""The catalogue table's columns."""

from dataclasses import dataclass

from cardbase.language import page_lang
from cardbase.selectors.card_facts import capitalised
from cardbase.selectors.games import game_attributes


@dataclass(frozen=True)
class Column:
    """One column of the catalogue table: the attribute it shows and its heading."""

    id: str
    label: str


def table_columns(game: str | None = None) -> list[Column]:
    """Return the catalogue table's columns: the choice and number attributes of the game
    chosen, or of every game."""
    lang = page_lang()
    return [
        Column(a.id, capitalised(a.label(lang)))
        for a in game_attributes(game)
        if a.type in ("choice", "int")
    ]
