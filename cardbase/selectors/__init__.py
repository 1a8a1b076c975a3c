"""Reads from the catalogue, shaped for the pages and the API, one job to a module.

Only the names other apps import are re-exported here; code in cardbase imports each from its
own module.
"""

from cardbase.selectors.card_page import card_by_slug, card_moved_from, primary_printing
from cardbase.selectors.catalogue import suggestion
from cardbase.selectors.facets import Facet, counted_facets

__all__ = [
    "Facet",
    "card_by_slug",
    "card_moved_from",
    "counted_facets",
    "primary_printing",
    "suggestion",
]
