"""API test setup: a client, players with tokens, generous throttles and a clean cache."""

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from api.services import token_for
from tests.factories import GameFactory, UserFactory
from tests.proposal_steps import keep_photos_in

GENEROUS = {
    "anon": "10000/minute",
    "user": "10000/minute",
    "validate": "10000/minute",
    "deck-write": "10000/minute",
    "token": "10000/minute",
}


def set_rates(settings, **rates) -> None:
    """Replace the API's throttle rates for one test."""
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**GENEROUS, **rates},
    }


@pytest.fixture(autouse=True)
def _api_setup(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    keep_photos_in(settings, tmp_path / "private")
    # Players are made by the dozen here; a slow password hash would be most of the suite's time.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # Throttle counters live in the cache: a test must not inherit another's requests.
    set_rates(settings)
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def throttle_rates(settings):
    """Return a function that sets some throttle rates for this test (the rest stay generous)."""
    return lambda **rates: set_rates(settings, **rates)


@pytest.fixture
def game(db):
    return GameFactory()


@pytest.fixture
def client():
    return APIClient()


@pytest.fixture
def alice(db):
    return UserFactory(username="alice")


@pytest.fixture
def bob(db):
    return UserFactory(username="bob")


@pytest.fixture
def client_for(db):
    """Return a function giving a client that authenticates as a user with an API token."""

    def make(user) -> APIClient:
        api = APIClient()
        api.credentials(HTTP_AUTHORIZATION=f"Token {token_for(user)}")
        return api

    return make
