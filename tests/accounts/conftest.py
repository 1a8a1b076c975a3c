"""Accounts test setup: the per-address counters live in the cache, so each test starts clean."""

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _clean_cache():
    cache.clear()
    yield
    cache.clear()
