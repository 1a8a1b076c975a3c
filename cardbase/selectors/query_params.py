"""Copies of a page's query parameters, changed for a link or a second count."""

from django.http import QueryDict


def widened_params(params: QueryDict, **replaced) -> QueryDict:
    """Return a copy of the page's params without its page number, some of them replaced, and
    without the ones left blank: a blank filter filters nothing, and a link carries what was
    chosen only."""
    widened = QueryDict(mutable=True)
    for name, values in params.lists():
        kept = [value for value in values if value != ""]
        if kept and name != "page":
            widened.setlist(name, kept)
    for name, values in replaced.items():
        widened.setlist(name, values)
    return widened
