"""Exports read back to the same deck: text, JSON and codes, by the readers and the import page."""

import io
import json

import pytest
from django.core.management import call_command
from django.urls import reverse

import rules
from cardbase.models import Card
from decks import codes, export, services
from decks.models import Deck
from decks.selectors.entries import deck_contract, deck_entries
from decks.transfer.dispatch import read_import
from decks.transfer.options import infer_option
from decks.transfer.read_code import read_code
from decks.transfer.read_json import read_json
from decks.transfer.read_text import read_text
from tests.factories import AngelFactory, HumanFactory, InterventionFactory

pytestmark = pytest.mark.django_db

FACTION = rules.get_game("aniolowie").option("faction")


def counts_of(deck):
    """Return a deck's entries as an import gives them: {(card id, section id): count}."""
    return {(entry.card.pk, entry.section): entry.count for entry in deck_entries(deck)}


def import_page(client, **fields):
    data = {"name": "Import", "faction": "", "format": "text", "text": ""} | fields
    return client.post(reverse("deck-import"), data)


def test_text_export_reimports_to_the_same_deck(legal):
    text = export.deck_text(legal)
    imported = read_text(text)
    assert imported.cards == counts_of(legal)
    assert infer_option(FACTION, imported.cards_by_id.values()) == "fallen"


def test_text_export_groups_by_kind_with_the_highest_order_first(legal):
    lines = export.deck_text(legal).splitlines()
    assert lines[:3] == ["# Talia: Upadli: test", "# faction: fallen", "# game: aniolowie"]
    headings = [line for line in lines if line.startswith("# ")][3:]
    assert headings == [
        "# Anioły",
        "# Serafini (10)",
        "# Cherubini (09)",
        "# Panowania (08)",
        "# Potęgi (07)",
        "# Cnoty (06)",
        "# Księstwa (05)",
        "# Archaniołowie (04)",
        "# Aniołowie (03)",
        "# Ludzie",
        "# Interwencje",
    ]
    assert lines[lines.index("# Serafini (10)") + 1] == "1 Seraph fallen 0"
    assert lines[lines.index("# Interwencje") + 1] == "2 Interwencja fallen 0"


def test_json_export_is_the_contract_and_reimports_to_the_same_deck(legal):
    text = export.deck_json(legal)
    assert json.loads(text) == deck_contract(legal)
    imported = read_json(text)
    assert (imported.game, imported.options.get("faction"), imported.cards) == (
        "aniolowie",
        "fallen",
        counts_of(legal),
    )


def test_code_reimports_to_the_same_deck(legal):
    code = codes.deck_code(legal)
    assert code.startswith("2") and len(code) < 400  # 46 cards in 24 kinds: 300-odd characters
    imported = read_code(code)
    assert (imported.options.get("faction"), imported.cards) == ("fallen", counts_of(legal))


def test_round_trips_through_the_import_page(client, owner, legal):
    client.force_login(owner)
    for fmt, text in [
        ("text", export.deck_text(legal)),
        ("json", export.deck_json(legal)),
        ("code", codes.deck_code(legal)),
    ]:
        response = import_page(client, name=f"Z {fmt}", format=fmt, text=text)
        copy = Deck.objects.get(name=f"Z {fmt}")
        assert response.status_code == 302
        assert response["Location"] == reverse("deck-edit", args=[copy.pk])
        assert (copy.options["faction"], copy.is_valid, counts_of(copy)) == (
            "fallen",
            True,
            counts_of(legal),
        )


def test_a_name_that_does_not_read_back_is_exported_as_its_slug(owner):
    odd = AngelFactory(name="Anioł #1", slug="aniol-1", order="angels", level=3)
    deck = services.deck_create(
        owner=owner, name="D", options={"faction": "lord"}, cards={odd.pk: 2}
    )
    text = export.deck_text(deck)
    assert "2 aniol-1" in text.splitlines()
    assert read_text(text).card_counts == {odd.pk: 2}


def test_an_ambiguous_name_is_exported_as_its_slug_and_round_trips(owner):
    first = AngelFactory(name="Samael", slug="samael-lord", faction="lord")
    AngelFactory(name="SAMAEL", slug="samael-fallen", faction="fallen")
    deck = services.deck_create(
        owner=owner, name="D", options={"faction": "lord"}, cards={first.pk: 2}
    )
    text = export.deck_text(deck)
    assert "2 samael-lord" in text.splitlines()
    assert read_text(text).card_counts == {first.pk: 2}


def blank_faction_deck(owner, faction):
    """A deck of cards whose faction the catalogue does not know, as in the real one."""
    angel = AngelFactory(name="Bezimienny", slug="bezimienny", faction="", order="")
    intervention = InterventionFactory(name="Cicha Wola", slug="cicha-wola", faction="")
    human = HumanFactory(name="Pielgrzym", slug="pielgrzym", alignment="")
    cards = {angel.pk: 3, intervention.pk: 2, human.pk: 1}
    return services.deck_create(
        owner=owner, name="Bez frakcji", options={"faction": faction}, cards=cards
    )


@pytest.mark.parametrize("faction", ["lord", "fallen"])
def test_a_text_export_of_blank_faction_cards_reimports_with_its_faction(owner, faction):
    deck = blank_faction_deck(owner, faction)
    text = export.deck_text(deck)
    assert f"# faction: {faction}" in text.splitlines()
    assert infer_option(FACTION, Card.objects.all()) is None  # the cards alone cannot tell
    imported = read_import("text", text)
    assert (imported.game, imported.options.get("faction"), imported.cards) == (
        "aniolowie",
        faction,
        counts_of(deck),
    )


def test_the_real_catalogue_round_trips_through_text_export_and_the_import_page(client, owner):
    call_command("load_catalogue", stdout=io.StringIO())
    cards = list(Card.objects.filter(game__slug="aniolowie").order_by("pk"))
    factions = {card.attribute("faction") or "" for card in cards}
    assert len(cards) == 53 and factions <= {"", "lord"}
    chosen = [c for c in cards if c.kind != "human" and not c.attribute("faction")][:41]
    chosen += [c for c in cards if c.kind == "human"][:4]
    deck = services.deck_create(
        owner=owner,
        name="Prawdziwe karty",
        options={"faction": "fallen"},
        cards={card.pk: 1 for card in chosen},
    )
    assert deck.card_total == 45
    client.force_login(owner)
    text = client.get(reverse("deck-export-text", args=[deck.pk])).content.decode()
    response = import_page(client, name="Z pliku", text=text)  # no faction chosen in the form
    assert response.status_code == 302
    copy = Deck.objects.get(name="Z pliku")
    assert (copy.options["faction"], counts_of(copy)) == ("fallen", counts_of(deck))
