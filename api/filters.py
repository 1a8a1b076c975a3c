"""The catalogue's facets for the API, with `q` in the card search language."""

import django_filters as filters
from django.utils.translation import get_language
from rest_framework import exceptions, status

from cardbase.filters import CardFilter
from cardbase.search import search_cards


class SearchQueryError(exceptions.APIException):
    """A `q` that does not parse; carries where and what was expected."""

    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "invalid_query"

    def __init__(self, error, lang: str):
        super().__init__(error.message(lang))
        self.query = error.to_dict(lang)


class ApiCardFilter(CardFilter):
    """Every catalogue facet; `q` is parsed by the search language and a bad query is a 400."""

    # A plain text field: the parse error is reported here, with its position, not as a form error.
    q = filters.CharFilter(
        method="filter_text",
        help_text="A query in the card search language (see /cards/syntax/).",
    )

    def filter_text(self, qs, name, value):
        result = search_cards(query=value, queryset=qs, lang=get_language())
        if result.error is not None:
            raise SearchQueryError(result.error, "en" if get_language() == "en" else "pl")
        return result.queryset
