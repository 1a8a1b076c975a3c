"""The search syntax page's rows, each example with the number of cards it finds."""

from cardbase.catalogue_version import remembered
from cardbase.language import page_lang
from cardbase.search.syntax_help import SyntaxRow, syntax_rows
from cardbase.search.translate import vocabulary_of


def counted_syntax_rows(game: str | None = None) -> list[SyntaxRow]:
    """Return the syntax page's rows of one game (or of every game) with what each example finds,
    counted once per catalogue version, language and game."""
    # Each example is a query of its own (hundreds, growing with the catalogue).
    return remembered(
        "syntax-rows",
        page_lang(),
        game or "",
        compute=lambda: syntax_rows(vocabulary=vocabulary_of(game), counted=True, game=game),
    )
