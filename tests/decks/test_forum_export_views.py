"""The forum and chat lists' addresses: who may read them, what they answer, where they are offered."""

import pytest
from django.urls import reverse

from decks import forum_formats, services
from decks.models import Deck
from decks.selectors.entries import deck_entries

pytestmark = pytest.mark.django_db

LISTS = {
    "deck-export-bbcode": ("bbcode.txt", forum_formats.deck_bbcode),
    "deck-export-markdown": ("md", forum_formats.deck_markdown),
    "deck-export-plain": ("plain.txt", forum_formats.deck_plain),
}


@pytest.mark.parametrize("name", LISTS)
@pytest.mark.parametrize(
    ("visibility", "status"), [("private", 404), ("unlisted", 200), ("public", 200)]
)
def test_a_list_is_read_by_whoever_may_read_the_deck(
    client, owner, stranger, name, visibility, status
):
    deck = services.deck_create(
        owner=owner, name="Ściśle tajne", options={"faction": "lord"}, visibility=visibility
    )
    url = reverse(name, args=[deck.pk])
    assert client.get(url).status_code == status
    client.force_login(stranger)
    answer = client.get(url)
    assert answer.status_code == status
    assert ("Ściśle tajne" in answer.content.decode()) is (status == 200)
    client.force_login(owner)
    assert client.get(url).status_code == 200


@pytest.mark.parametrize("name", LISTS)
def test_a_list_is_text_named_after_the_deck_with_absolute_links(client, owner, legal, name):
    extension, write = LISTS[name]
    client.force_login(owner)
    response = client.get(reverse(name, args=[legal.pk]))
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="upadli-test.{extension}"'
    text = response.content.decode()
    assert text == write(legal, absolute=lambda path: f"http://testserver{path}")
    assert f"http://testserver/decks/{legal.pk}/" in text.splitlines()[-1]
    assert "http://testserver/cards/aniolowie/" in text or extension == "plain.txt"


def test_a_list_is_in_the_language_of_the_page(client, owner, legal):
    client.force_login(owner)
    client.cookies["django_language"] = "en"
    text = client.get(reverse("deck-export-plain", args=[legal.pk])).content.decode()
    assert text.startswith("Deck: Upadli: test\nGame: Aniołowie (Angels)\nFaction: Fallen\n")


def test_the_deck_page_offers_each_list_to_copy_and_to_download(client, owner, stranger, legal):
    services.deck_update(deck=legal, expected_version=legal.version, visibility="unlisted")
    client.force_login(stranger)
    html = client.get(legal.get_absolute_url()).content.decode()
    for name in LISTS:
        url = reverse(name, args=[legal.pk])
        assert f'data-copy-url="{url}"' in html
        assert f'<a href="{url}" download>' in html
    assert 'data-status="copy-forum-status"' in html and 'id="copy-forum-status"' in html
    # The import format's button stays.
    assert f'data-copy-url="{reverse("deck-export-text", args=[legal.pk])}"' in html


def test_a_pasted_bbcode_list_becomes_the_same_deck_on_the_import_page(client, owner, legal):
    client.force_login(owner)
    text = client.get(reverse("deck-export-bbcode", args=[legal.pk])).content.decode()
    response = client.post(
        reverse("deck-import"), {"name": "", "format": "auto", "game": "", "text": text}
    )
    assert response.status_code == 302, response.context and response.context["problems"]
    copy = Deck.objects.exclude(pk=legal.pk).get()
    entries = {(e.card.pk, e.section): e.count for e in deck_entries(copy)}
    assert (copy.name, copy.options, copy.is_valid) == ("Upadli: test", {"faction": "fallen"}, True)
    assert entries == {(e.card.pk, e.section): e.count for e in deck_entries(legal)}
