"""JSON holding an integer longer than Python reads: a message, never a 500."""

import sys

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from decks.models import Deck
from decks.transfer.problems import ImportFailed
from decks.transfer.read_json import read_json

pytestmark = pytest.mark.django_db

TOO_LONG = "9" * (sys.get_int_max_str_digits() + 1)
CONTRACT = '{"game": "aniolowie", "faction": "lord", "cards": [{"id": %s, "name": "Gaap", "kind": "angel", "count": 1}]}'
NAME_LIST = '{"cards": [{"name": "Gaap", "count": %s}]}'


@pytest.mark.parametrize("text", [CONTRACT % TOO_LONG, NAME_LIST % TOO_LONG])
def test_read_json_names_the_over_long_number(text):
    with pytest.raises(ImportFailed) as caught:
        read_json(text, game="aniolowie")
    [problem] = caught.value.problems
    assert problem.message == (
        "Ten JSON zawiera liczbę o ponad 4300 cyfrach; żadna liczba w talii nie jest tak długa."
    )


@pytest.mark.parametrize("text", [CONTRACT % TOO_LONG, NAME_LIST % TOO_LONG])
def test_the_import_page_answers_400_with_the_message_and_saves_nothing(client, owner, text):
    client.force_login(owner)
    response = client.post(
        reverse("deck-import"), {"name": "Import", "faction": "", "format": "json", "text": text}
    )
    assert response.status_code == 400
    assert [p.message for p in response.context["problems"]] == [
        "Ten JSON zawiera liczbę o ponad 4300 cyfrach; żadna liczba w talii nie jest tak długa."
    ]
    assert "liczbę o ponad 4300 cyfrach" in response.content.decode()
    assert not Deck.objects.exists()


def test_the_builder_save_answers_400_naming_the_request(client, owner, legal):
    client.force_login(owner)
    response = client.post(
        reverse("deck-save", kwargs={"deck_id": legal.pk}),
        '{"version": ' + TOO_LONG + ', "cards": {}}',
        content_type="application/json",
    )
    assert response.status_code == 400
    assert response.json()["field"] == "request"


def test_import_deck_names_the_over_long_number(tmp_path, owner):
    path = tmp_path / "talia.json"
    path.write_text(NAME_LIST % TOO_LONG, encoding="utf-8")
    with pytest.raises(CommandError) as caught:
        call_command("import_deck", str(path), "--format", "json", "--owner", owner.username)
    assert "liczbę o ponad 4300 cyfrach" in str(caught.value)
    assert not Deck.objects.exists()
