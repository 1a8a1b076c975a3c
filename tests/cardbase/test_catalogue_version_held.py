"""The catalogue's version is read once per read-only request, and afresh everywhere else."""

import pytest
from django.test import RequestFactory

from cardbase.catalogue_version import current_version, held
from cardbase.middleware import CatalogueVersionMiddleware
from tests.factories import AngelFactory

pytestmark = pytest.mark.django_db


def test_inside_a_read_only_request_the_version_is_read_once(django_assert_num_queries):
    with held(), django_assert_num_queries(1):
        first = current_version()
        assert current_version() == first


def test_outside_one_each_read_sees_the_latest_write():
    before = current_version()
    AngelFactory(name="Nowiel")
    assert current_version() != before


def tokens_seen_by(method: str) -> tuple[str | None, str | None]:
    """Return the version a view of `method` reads before and after it writes a card."""

    def view(request):
        before = current_version()
        AngelFactory(name=f"Nowiel {method}")
        return before, current_version()

    return CatalogueVersionMiddleware(view)(RequestFactory().generic(method, "/"))


def test_a_get_holds_the_version_and_a_post_sees_its_own_write():
    held_before, held_after = tokens_seen_by("GET")
    assert held_before == held_after
    before, after = tokens_seen_by("POST")
    assert before != after
