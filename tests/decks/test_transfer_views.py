"""The import page, the export downloads and the code pages: who may read what, what is saved."""

import io
import json
import time

import pytest
from django.urls import reverse

from decks import codes, export, services
from decks.models import Deck
from decks.selectors.entries import deck_contract, deck_entries
from rules.core import DeckCode, deckcode
from tests.factories import AngelFactory

pytestmark = pytest.mark.django_db


def counts_of(deck):
    """Return a deck's entries as an import gives them: {(card id, section id): count}."""
    return {(entry.card.pk, entry.section): entry.count for entry in deck_entries(deck)}


def import_page(client, **fields):
    data = {"name": "Import", "faction": "", "format": "text", "text": ""} | fields
    return client.post(reverse("deck-import"), data)


def test_the_import_page_needs_a_signed_in_user(client):
    response = client.get(reverse("deck-import"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_a_bad_import_saves_nothing_lists_every_problem_and_keeps_the_text(client, owner, gaap):
    client.force_login(owner)
    text = "2 Gaap\n1 Gapp\n0 Gaap\n"
    response = import_page(client, text=text)
    assert response.status_code == 400
    assert not Deck.objects.exists()
    problems = response.context["problems"]
    assert [(p.line, p.suggestions) for p in problems] == [(2, ("Gaap",)), (3, ())]
    html = response.content.decode()
    assert "Czy chodziło o: Gaap?" in html
    assert 'data-line="2"' in html and 'data-line="3"' in html
    assert response.context["form"]["text"].value() == text
    assert ">\n2 Gaap\n1 Gapp\n0 Gaap\n</textarea>" in html


def test_a_successful_text_import_opens_the_builder(client, owner, gaap):
    client.force_login(owner)
    response = import_page(client, name="Moja", faction="fallen", text="2x gaap")
    deck = Deck.objects.get()
    assert response["Location"] == reverse("deck-edit", args=[deck.pk])
    assert (deck.owner, deck.name, deck.visibility, counts_of(deck)) == (
        owner,
        "Moja",
        "private",
        {(gaap.pk, "zastep"): 2},
    )


def test_without_a_faction_and_cards_of_unknown_faction_the_user_is_asked(client, owner):
    AngelFactory(name="Bezfrakcyjny", slug="bez", faction="")
    client.force_login(owner)
    response = import_page(client, text="1 Bezfrakcyjny")
    assert response.status_code == 400
    assert "wybierz w formularzu: frakcja" in response.context["problems"][0].message
    assert not Deck.objects.exists()


def test_an_uploaded_file_is_imported_and_kept_on_errors(client, owner, gaap):
    client.force_login(owner)
    upload = io.BytesIO(b"1 Gapp\n")
    upload.name = "talia.txt"
    response = client.post(
        reverse("deck-import"),
        {"name": "Plik", "faction": "fallen", "format": "text", "text": "", "file": upload},
    )
    assert response.status_code == 400
    assert response.context["form"]["text"].value() == "1 Gapp\n"
    upload = io.BytesIO(b"x" * 200_000)
    upload.name = "duzy.txt"
    response = client.post(
        reverse("deck-import"),
        {"name": "Plik", "faction": "fallen", "format": "text", "file": upload},
    )
    assert "Plik jest za duży" in response.content.decode()
    assert not Deck.objects.exists()


def test_a_five_megabyte_paste_gets_a_page_saying_how_much_may_be_pasted(client, owner):
    client.force_login(owner)
    started = time.perf_counter()
    response = import_page(client, text="2 Gaap\n" * 750_000)
    assert time.perf_counter() - started < 5
    assert response.status_code == 413
    html = response.content.decode()
    # A whole page with its form to paste again, and the limits spelled out.
    assert 'id="import-form"' in html and 'name="text"' in html
    [problem] = response.context["problems"]
    assert "Wysłany formularz ma 5,0\xa0MB" in problem.message
    assert "najwyżej 100000 znaków (100 kB) i 1000 wierszy" in problem.message
    assert not Deck.objects.exists()


@pytest.mark.parametrize("copies", [20_000, 200_000])  # 140 kB, and 1.4 MB (over 1 MB)
def test_a_paste_over_the_text_limit_is_shown_back_cut_at_100_kb(client, owner, copies):
    client.force_login(owner)
    text = "2 Gaap\n" * copies
    response = import_page(client, name="Za długa", text=text)
    assert response.status_code == 400
    [problem] = response.context["problems"]
    assert problem.message.startswith(f"Wklejony tekst ma {len(text)} znaków")
    assert "nic nie zapisano" in problem.message and "pierwsze 100 kB" in problem.message
    kept = response.context["form"]["text"].value()
    assert kept == text[:100_000] and len(kept) == 100_000
    assert response.context["form"]["name"].value() == "Za długa"
    assert not Deck.objects.exists()


def test_the_import_page_still_checks_csrf(owner):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    response = client.post(reverse("deck-import"), {"name": "X", "format": "text", "text": "1 A"})
    assert response.status_code == 403


def test_an_empty_import_asks_for_a_deck(client, owner):
    client.force_login(owner)
    response = import_page(client, text="   ")
    assert response.status_code == 400
    assert "Wklej talię albo wybierz plik." in response.content.decode()


def test_a_bad_json_import_shows_the_path(client, owner):
    client.force_login(owner)
    text = '{"cards": [{"name": "Gaap", "kind": "angel", "count": -2}]}'
    response = import_page(client, format="json", faction="lord", text=text)
    assert response.status_code == 400
    assert "cards[0].count" in response.content.decode()
    assert not Deck.objects.exists()


@pytest.mark.parametrize("name", ["deck-export-text", "deck-export-json", "deck-code-of"])
@pytest.mark.parametrize(
    ("visibility", "status"), [("private", 404), ("unlisted", 200), ("public", 200)]
)
def test_exports_follow_the_deck_page_rules(client, owner, stranger, name, visibility, status):
    deck = services.deck_create(
        owner=owner, name="Ściśle tajne", options={"faction": "lord"}, visibility=visibility
    )
    url = reverse(name, args=[deck.pk])
    client.force_login(stranger)
    got = client.get(url).status_code
    assert got == (302 if name == "deck-code-of" and status == 200 else status)
    client.logout()
    client.force_login(owner)
    assert client.get(url).status_code in (200, 302)


def test_exports_are_downloads_named_after_the_deck(client, owner, legal):
    client.force_login(owner)
    text = client.get(reverse("deck-export-text", args=[legal.pk]))
    assert text["Content-Type"] == "text/plain; charset=utf-8"
    assert text["Content-Disposition"] == 'attachment; filename="upadli-test.txt"'
    assert text.content.decode() == export.deck_text(legal)
    data = client.get(reverse("deck-export-json", args=[legal.pk]))
    assert data["Content-Disposition"] == 'attachment; filename="upadli-test.json"'
    assert json.loads(data.content) == deck_contract(legal)


def test_the_deck_page_shows_share_code_and_export_links(client, owner, stranger, legal):
    services.deck_update(deck=legal, expected_version=legal.version, visibility="unlisted")
    client.force_login(stranger)
    html = client.get(legal.get_absolute_url()).content.decode()
    assert f'value="http://testserver/decks/{legal.pk}/"' in html
    assert reverse("deck-code-of", args=[legal.pk]) in html
    assert reverse("deck-export-text", args=[legal.pk]) in html


def test_the_code_link_of_a_deck_leads_to_its_code_page(client, owner, legal):
    response = client.get(reverse("deck-code-of", args=[legal.pk]))
    assert response.status_code == 404  # private
    client.force_login(owner)
    response = client.get(reverse("deck-code-of", args=[legal.pk]))
    code = codes.deck_code(legal)
    assert response["Location"] == reverse("deck-code", args=[code]) + "?name=Upadli%3A+test"


def test_the_code_page_shows_the_deck_and_its_verdict_without_saving(client, legal):
    code = codes.deck_code(legal)
    before = Deck.objects.count()
    response = client.get(reverse("deck-code", args=[code]), {"name": "Z czatu"})
    assert response.status_code == 200
    sheet = response.context["sheet"]
    assert (sheet.deck.name, sheet.deck.options["faction"], sheet.totals.all) == (
        "Z czatu",
        "fallen",
        46,
    )
    assert sheet.verdict["valid"] is True
    assert sheet.counts == {f"{pk}:{section}": n for (pk, section), n in counts_of(legal).items()}
    html = response.content.decode()
    assert "Talia jest zgodna z zasadami budowania talii." in html
    assert "Seraph fallen 0" in html
    # Signed out: the button leads to the login page and back here.
    assert "/accounts/login/?next=%2Fdecks%2Fcode%2F" in html
    assert Deck.objects.count() == before


def test_the_code_page_of_a_broken_deck_shows_its_faults(client, gaap):
    code = deckcode.encode(DeckCode("aniolowie", {"faction": "fallen"}, None, {gaap.slug: 2}))
    response = client.get(reverse("deck-code", args=[code]))
    found = {v["code"] for v in response.context["sheet"].verdict["violations"]}
    assert {"deck-size", "human-count", "hierarchy-ladder"} <= found


@pytest.mark.parametrize("code", ["zzz", "1F", "1F____", "1L" + "A" * 1500, "2F" + "A" * 10])
def test_a_bad_code_page_answers_with_a_message(client, code):
    response = client.get(reverse("deck-code", args=[code]))
    assert response.status_code == 400
    assert "To nie jest poprawny kod talii" in response.content.decode()


def test_opening_a_code_in_the_builder_creates_a_private_deck(client, stranger, legal):
    code = codes.deck_code(legal)
    url = reverse("deck-code-open", args=[code])
    response = client.post(url, {"name": "Z czatu"})
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    client.force_login(stranger)
    response = client.post(url, {"name": "Z czatu"})
    deck = Deck.objects.get(owner=stranger)
    assert response["Location"] == reverse("deck-edit", args=[deck.pk])
    assert (deck.name, deck.options["faction"], deck.visibility, deck.is_valid) == (
        "Z czatu",
        "fallen",
        "private",
        True,
    )
    assert counts_of(deck) == counts_of(legal)


def test_opening_a_bad_code_saves_nothing(client, stranger):
    client.force_login(stranger)
    response = client.post(reverse("deck-code-open", args=["1Fxyz"]))
    assert response.status_code == 302
    assert not Deck.objects.filter(owner=stranger).exists()
