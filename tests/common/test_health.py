"""The health probes: /healthz checks the database and the cache, /livez touches nothing."""

from unittest import mock

import pytest
from django.core.cache import cache
from django.db import OperationalError, connections
from django.test import override_settings

pytestmark = pytest.mark.django_db


def test_healthz_answers_ok_when_the_database_and_the_cache_work(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "cache": "ok"}


def test_healthz_is_never_cached_and_sets_no_cookie(client):
    response = client.get("/healthz")
    assert "no-store" in response["Cache-Control"]
    assert response.cookies == {}


def test_healthz_answers_without_a_language_redirect_or_csrf_for_a_head(client):
    response = client.head("/healthz", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200


def test_healthz_refuses_a_write(client):
    assert client.post("/healthz").status_code == 405


def test_healthz_answers_503_naming_the_database_when_it_is_down(client):
    failing = mock.patch.object(
        connections["default"], "cursor", side_effect=OperationalError("server closed")
    )
    with failing:
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {
        "status": "failed",
        "database": "failed",
        "cache": "ok",
        "failed_databases": ["default"],
    }
    assert "server closed" not in response.content.decode()


def test_healthz_answers_503_naming_the_cache_when_it_is_down(client):
    with mock.patch.object(cache, "set", side_effect=ConnectionError("redis refused")):
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"status": "failed", "database": "ok", "cache": "failed"}
    assert "redis refused" not in response.content.decode()


@override_settings(CACHES={"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}})
def test_healthz_answers_503_when_the_cache_keeps_nothing(client):
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["cache"] == "failed"


def test_healthz_leaves_no_key_in_the_cache(client):
    with mock.patch.object(cache, "delete", wraps=cache.delete) as delete:
        client.get("/healthz")
    (key,), _ = delete.call_args
    assert cache.get(key) is None


@pytest.mark.django_db(databases=[])
def test_livez_answers_ok_in_plain_text_touching_no_database(client):
    with mock.patch.object(cache, "get") as cache_get, mock.patch.object(cache, "set") as cache_set:
        response = client.get("/livez")
    assert response.status_code == 200
    assert response.content == b"ok"
    assert response["Content-Type"].startswith("text/plain")
    assert "no-store" in response["Cache-Control"]
    assert response.cookies == {}
    assert not cache_get.called and not cache_set.called
