"""Emptying every cache a page may be answered from, for tests that count a page's own work."""

from django.core.cache import cache

from common.page_cache import forget_local_copies


def empty_caches() -> None:
    """Empty the shared cache and this process's copies of cached pages."""
    cache.clear()
    forget_local_copies()
