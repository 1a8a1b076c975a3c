"""Holding the catalogue's version for the length of a read-only request."""

from cardbase.catalogue_version import held


class CatalogueVersionMiddleware:
    """Read the catalogue's version once per GET or HEAD request, however many caches ask."""

    # Not for other methods: a request that writes the catalogue must see the version it drew.

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method not in ("GET", "HEAD"):
            return self.get_response(request)
        with held():
            return self.get_response(request)
