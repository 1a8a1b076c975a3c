"""Copies of a page's query parameters, changed for a link or a second count."""

from django.http import QueryDict


def widened_params(params: QueryDict, **replaced) -> QueryDict:
    """Return a copy of the page's params without its page number, some of them replaced."""
    widened = params.copy()
    widened.pop("page", None)
    for name, values in replaced.items():
        widened.setlist(name, values)
    return widened
