"""The search syntax page's rows, each example with the number of cards it finds."""

from cardbase.catalogue_version import remembered
from cardbase.language import page_lang
from cardbase.search.syntax_help import SyntaxRow, syntax_rows


def counted_syntax_rows() -> list[SyntaxRow]:
    """Return the syntax page's rows with what each example finds, counted once per catalogue
    version and language."""
    # Each example is a query of its own (hundreds, growing with the catalogue).
    return remembered("syntax-rows", page_lang(), compute=lambda: syntax_rows(counted=True))
