"""Page-number pagination with a client-chosen page size."""

from rest_framework.pagination import PageNumberPagination


class PagePagination(PageNumberPagination):
    """`page` and `page_size` (1–100, default 50); a page past the end is a 404."""

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 100
    page_query_description = "A page number, from 1; a page past the end is a 404."
    page_size_query_description = "Results per page, 1 to 100 (default 50)."
