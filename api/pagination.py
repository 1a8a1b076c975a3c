"""Page-number pagination with a client-chosen page size."""

import sys

from django.core.paginator import EmptyPage
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.pagination import PageNumberPagination

# Past this many digits a page number is certainly past the end (and int() may refuse it).
_MAX_PAGE_DIGITS = 18


def shown(value: str, limit: int = 40) -> str:
    """Quote a client's value for an error message, cut short if it is long."""
    return repr(value if len(value) <= limit else value[:limit] + "…")


def page_number(raw: str | None) -> int:
    """Read `page`: a whole number from 1 (blank means 1); anything else is a 400 naming it."""
    if raw is None or raw == "":
        return 1
    if not (raw.isascii() and raw.isdigit()) or not raw.strip("0"):
        raise exceptions.ValidationError(
            {
                "page": [
                    _("Expected a whole number from 1 up, got %(value)s.") % {"value": shown(raw)}
                ]
            }
        )
    return int(raw) if len(raw) <= _MAX_PAGE_DIGITS else sys.maxsize


class PagePagination(PageNumberPagination):
    """`page` (from 1) and `page_size` (1–100, default 50); a page past the end is a 404."""

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 100
    last_page_strings = ()
    page_query_description = (
        "The page to answer, a whole number from 1 (default 1). Anything else is a 400 naming "
        "`page`; a page past the last one is a 404."
    )
    page_size_query_description = (
        "Results per page, 1 to 100 (default 50); a larger number is cut to 100, and a value "
        "that is not a positive whole number means the default."
    )

    def paginate_queryset(self, queryset, request, view=None):
        self.request = request
        page_size = self.get_page_size(request)
        number = page_number(request.query_params.get(self.page_query_param))
        paginator = self.django_paginator_class(queryset, page_size)
        try:
            self.page = paginator.page(number)
        except EmptyPage:
            raise exceptions.NotFound(
                _("That page does not exist: the last page is %(last)d.")
                % {"last": paginator.num_pages}
            ) from None
        if paginator.num_pages > 1 and self.template is not None:
            self.display_page_controls = True  # the browsable API's page links
        return list(self.page)

    def get_schema_operation_parameters(self, view):
        parameters = super().get_schema_operation_parameters(view)
        bounds = {
            self.page_query_param: {"minimum": 1},
            self.page_size_query_param: {"minimum": 1, "maximum": self.max_page_size},
        }
        for parameter in parameters:
            parameter["schema"].update(bounds.get(parameter["name"], {}))
        return parameters
