"""Export file names: the deck's name in ASCII, Polish letters written without their marks."""

import pytest
from django.urls import reverse

from decks import services

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Gniew Złych Łotrów", "gniew-zlych-lotrow"),
        ("Zażółć gęślą jaźń", "zazolc-gesla-jazn"),
        ("ŁĄKA ŚNIEŻNA Ćma Ńa Óśmy Ęż Źdźbło", "laka-sniezna-cma-na-osmy-ez-zdzblo"),
        ("???", "talia"),
    ],
)
@pytest.mark.parametrize(("view", "extension"), [("text", "txt"), ("json", "json")])
def test_export_names_transliterate_polish_letters(client, owner, name, expected, view, extension):
    deck = services.deck_create(owner=owner, name=name, options={"faction": "fallen"}, cards={})
    client.force_login(owner)

    response = client.get(reverse(f"deck-export-{view}", args=[deck.pk]))

    assert response["Content-Disposition"] == f'attachment; filename="{expected}.{extension}"'
