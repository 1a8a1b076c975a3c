"""A game's whole catalogue in one download: the export's bytes, cached, tagged, refused clearly."""

import pytest
from django.conf import settings
from django.urls import reverse

from cardbase.exports import export_cards
from cardbase.models import Card
from cardbase.services import load_catalogue

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalogue():
    load_catalogue(fixtures_dir=settings.BASE_DIR / "fixtures")


def bulk_url(game: str = "aniolowie") -> str:
    return reverse("api:v1:game-bulk", kwargs={"game": game})


@pytest.mark.parametrize(
    ("params", "fmt", "content_type"),
    [({}, "json", "application/json"), ({"format": "csv"}, "csv", "text/csv")],
)
def test_the_download_is_the_exports_bytes(client, catalogue, params, fmt, content_type):
    response = client.get(bulk_url(), params)
    assert response.status_code == 200
    assert response["Content-Type"] == f"{content_type}; charset=utf-8"
    assert response["Content-Disposition"] == f'inline; filename="aniolowie.{fmt}"'
    assert response.content == export_cards(game_slug="aniolowie", fmt=fmt).encode("utf-8")


def test_an_unchanged_catalogue_answers_304_and_a_changed_one_the_new_bytes(client, catalogue):
    first = client.get(bulk_url(), {"format": "csv"})
    again = client.get(bulk_url(), {"format": "csv"}, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304

    card = Card.objects.order_by("pk").first()
    card.text = "Nowy tekst karty."
    card.save()
    changed = client.get(bulk_url(), {"format": "csv"}, HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200
    assert "Nowy tekst karty." in changed.content.decode("utf-8")


def test_a_second_download_is_served_from_the_cache(
    client, catalogue, django_assert_max_num_queries
):
    client.get(bulk_url())
    with django_assert_max_num_queries(1):  # the catalogue's version alone
        assert client.get(bulk_url()).status_code == 200


def test_an_unknown_game_or_format_is_a_json_error(client, catalogue):
    unknown = client.get(bulk_url("nikt"), HTTP_ACCEPT_LANGUAGE="en")
    assert unknown.status_code == 404
    assert unknown.json()["error"]["message"] == "No game has this id; see /api/v1/games/."
    xml = client.get(bulk_url(), {"format": "xml"}, HTTP_ACCEPT_LANGUAGE="en")
    assert xml.status_code == 400
    assert xml.json()["error"]["fields"] == {"format": ["Use json or csv."]}
    assert client.post(bulk_url()).status_code == 405
