"""LackeyCCG .dek decks: import (page, command) and export, on every real INWO deck."""

import json
from collections import Counter

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from decks import export, services
from decks.models import Deck
from decks.selectors.entries import deck_entries
from decks.transfer.problems import ImportFailed
from decks.transfer.read_lackey import read_lackey
from rules import card_key
from rules.core import lackey
from tests.decks.transfer.lackey_data import build_catalogue, deck_files, read_dek
from tests.factories import CardFactory, GameFactory, UserFactory

pytestmark = pytest.mark.django_db

SMALL = """<deck version="0.8"><meta><game>INWO</game></meta>
<superzone name="Lead Cards"><card><name>ufos</name><set>Limited</set></card>
<card><name>Gun Lobby</name><set>Limited</set></card></superzone>
<superzone name="Group Deck"><card><name>Gun Lobby</name></card></superzone>
<superzone name="Plot Deck"><card><name>Savings & Loan Scam</name></card>
<card><name>Savings & Loan Scam</name></card></superzone></deck>
"""


@pytest.fixture
def small():
    """The cards SMALL names, made with factories."""
    inwo = GameFactory(slug="inwo", name="Illuminati: New World Order")
    return {
        "ufos": CardFactory(game=inwo, kind="illuminati", name="UFOs", slug="ufos", set="limited"),
        "lobby": CardFactory(game=inwo, kind="organization", name="Gun Lobby", slug="gun-lobby"),
        "scam": CardFactory(game=inwo, kind="plot", name="Savings & Loan Scam", slug="scam"),
    }


def sections_of(imported):
    return {
        (imported.cards_by_id[card_id].name, section): n
        for (card_id, section), n in imported.cards.items()
    }


def test_a_dek_file_imports_zone_by_zone(small):
    imported = read_lackey(SMALL, game="inwo")
    assert imported.format == "standard"
    assert sections_of(imported) == {
        ("UFOs", "lead"): 1,
        ("Gun Lobby", "lead"): 1,
        ("Gun Lobby", "groups"): 1,
        ("Savings & Loan Scam", "plots"): 2,
    }


def test_unresolved_names_and_unknown_zones_are_problems_not_crashes(small):
    text = SMALL.replace(
        "Gun Lobby</name></card></superzone>", "Gun Lobbby</name></card></superzone>"
    )
    with pytest.raises(ImportFailed) as caught:
        read_lackey(text.replace("ufos", "Ufos 2"), game="inwo")
    assert [(p.where, p.message) for p in caught.value.problems] == [
        ("Lead Cards: Ufos 2", "Nie ma w katalogu karty „Ufos 2”. Czy chodziło o: UFOs?"),
        (
            "Group Deck: Gun Lobbby",
            "Nie ma w katalogu karty „Gun Lobbby”. Czy chodziło o: Gun Lobby?",
        ),
    ]
    with pytest.raises(ImportFailed) as caught:
        read_lackey(SMALL.replace("Group Deck", "Sideboard"), game="inwo")
    assert caught.value.problems[0].message.startswith("Nieznane strefy talii: „Sideboard”")
    with pytest.raises(ImportFailed) as caught:
        read_lackey("<deck><meta>", game="inwo")
    assert caught.value.problems[0].message.startswith("To nie jest talia LackeyCCG (.dek)")


def test_a_card_in_a_zone_that_cannot_hold_it_goes_home_with_a_note(small):
    imported = read_lackey(SMALL.replace("Group Deck", "Plot Deck", 1), game="inwo")
    assert sections_of(imported)[("Gun Lobby", "groups")] == 1
    assert imported.notes == (
        "W strefie „Plot Deck” (Talia Intryg) są karty, które nie mogą tam leżeć (1); wczytano "
        "je do części „Talia Grup”: Gun Lobby.",
    )


def test_a_game_without_zones_has_no_dek_import(legal):
    with pytest.raises(ImportFailed) as caught:
        read_lackey(SMALL, game="aniolowie")
    assert "LackeyCCG" in caught.value.problems[0].message


def test_export_writes_each_section_as_its_zone_and_reads_back(small):
    deck = services.deck_create(
        owner=UserFactory(),
        name="Mała",
        game="inwo",
        format="tournament",
        cards=read_lackey(SMALL, game="inwo").cards,
    )
    text = export.deck_dek(deck)
    assert "<!-- format: tournament -->" in text
    assert "\t\t<card><name>UFOs</name><set>Limited</set></card>\n" in text
    assert "<name>Savings &amp; Loan Scam</name>" in text
    again = read_lackey(text, game="inwo")
    assert (again.cards, again.format) == (
        {(e.card.pk, e.section): e.count for e in deck_entries(deck)},
        "tournament",
    )


def test_the_import_page_takes_a_dek_file_and_the_deck_page_exports_one(client, small):
    owner = UserFactory()
    client.force_login(owner)
    page = client.get(reverse("deck-import") + "?game=inwo").content.decode()
    assert 'value="lackey"' in page
    response = client.post(
        reverse("deck-import") + "?game=inwo",
        {"name": "Z Lackeya", "format": "lackey", "text": SMALL},
    )
    deck = Deck.objects.get()
    assert response.status_code == 302
    assert (deck.game.slug, deck.format, deck.card_total) == ("inwo", "standard", 5)
    download = client.get(reverse("deck-export-dek", args=[deck.pk]))
    assert download["Content-Disposition"] == 'attachment; filename="z-lackeya.dek"'
    assert lackey.parse(download.content.decode()).total == 5
    assert (
        reverse("deck-export-dek", args=[deck.pk])
        in client.get(deck.get_absolute_url()).content.decode()
    )


def test_an_aniolowie_deck_has_no_dek_export(client, legal):
    assert 'value="lackey"' not in client.get(reverse("deck-import")).content.decode()
    response = client.get(reverse("deck-export-dek", args=[legal.pk]))
    assert response.status_code == 404


def test_the_command_prints_the_contract_with_its_verdict_and_saves_nothing(
    small, tmp_path, capsys
):
    path = tmp_path / "Mala_Talia.dek"
    path.write_text(SMALL, encoding="utf-8")
    call_command("import_deck", str(path), game="inwo", format="lackey", json=True, lang="en")
    printed = json.loads(capsys.readouterr().out)
    assert (printed["game"], printed["format"]) == ("inwo", "standard")
    assert sorted((c["name"], c["section"], c["count"]) for c in printed["cards"]) == [
        ("Gun Lobby", "groups", 1),
        ("Gun Lobby", "lead", 1),
        ("Savings & Loan Scam", "plots", 2),
        ("UFOs", "lead", 1),
    ]
    assert [v["code"] for v in printed["verdict"]["violations"]] == ["deck-size"]
    assert Deck.objects.count() == 0


def test_the_command_saves_for_an_owner_and_reports_or_refuses(small, tmp_path, capsys):
    path = tmp_path / "Mala_Talia.dek"
    path.write_text(SMALL, encoding="utf-8")
    with pytest.raises(CommandError, match="--owner USERNAME is needed"):
        call_command("import_deck", str(path), game="inwo", format="lackey")
    with pytest.raises(CommandError, match="there is no user 'nikt'"):
        call_command("import_deck", str(path), game="inwo", format="lackey", owner="nikt")
    UserFactory(username="gracz")
    call_command("import_deck", str(path), game="inwo", format="lackey", owner="gracz", lang="en")
    out = capsys.readouterr().out
    deck = Deck.objects.get()
    assert deck.name == "Mala Talia"
    assert out.startswith(
        f"saved 'Mala Talia' ({deck.pk}) for gracz: 5 cards, 3 distinct "
        "(Lead cards 2, Group deck 1, Plot deck 2); format standard; valid"
    )
    path.write_text(SMALL.replace("ufos", "Nikt"), encoding="utf-8")
    with pytest.raises(CommandError, match="Lead Cards: Nikt"):
        call_command("import_deck", str(path), game="inwo", format="lackey", owner="gracz")
    assert Deck.objects.count() == 1


def test_every_real_deck_imports_whole_and_round_trips_through_dek():
    files = deck_files()
    assert len(files) == 47
    parsed = {path.name: lackey.parse(path.read_text(encoding="utf-8")) for path in files}
    build_catalogue()
    owner = UserFactory()
    for path in files:
        text = path.read_text(encoding="utf-8")
        imported = read_lackey(text, game="inwo")
        obd = path.name.startswith("0BD_")
        assert imported.format == ("one-big-deck" if obd else "standard"), path.name
        assert sum(imported.cards.values()) == text.count("<card>"), path.name
        zone_of = {
            "lead": "Lead Cards",
            "groups": "Shared Groups" if obd else "Group Deck",
            "plots": "Shared Plots" if obd else "Plot Deck",
        }
        read = Counter()
        for (card_id, section), n in imported.cards.items():
            read[(zone_of[section], card_key(imported.cards_by_id[card_id].name))] += n
        in_file = Counter(
            (zone.name, card_key(card.name))
            for zone in parsed[path.name].zones
            for card in zone.cards
        )
        if path.name == "0BD_The_One_Big_Deck_Game.dek":
            # Its "Shared Groups" holds the Plots and its "Shared Plots" the Groups: each card
            # is read into the deck its kind goes into, and the import says so.
            assert [note.split(";")[0] for note in imported.notes] == [
                "W strefie „Shared Groups” (Talia Grup) są karty, które nie mogą tam leżeć (192)",
                "W strefie „Shared Plots” (Talia Intryg) są karty, które nie mogą tam leżeć (203)",
            ]
            swap = {"Shared Groups": "Shared Plots", "Shared Plots": "Shared Groups"}
            in_file = Counter({(swap.get(z, z), name): n for (z, name), n in in_file.items()})
        else:
            assert imported.notes == (), path.name
        assert read == in_file, path.name
        deck = services.deck_create(
            owner=owner, name=path.stem, game="inwo", format=imported.format, cards=imported.cards
        )
        assert deck.card_total == text.count("<card>"), path.name
        again = read_lackey(export.deck_dek(deck), game="inwo")
        assert (again.cards, again.format, again.notes) == (imported.cards, imported.format, ())


def test_real_decks_get_the_verdicts_their_lists_deserve():
    texts = {
        name: read_dek(name)
        for name in (
            "Alien_Nation.dek",
            "Cuius_Testiculos_Habes_(Assassins).dek",
            "The_Trojan_Goose.dek",
            "The_Nuclear_Genie.dek",
        )
    }
    build_catalogue()
    owner = UserFactory()
    decks = {}
    for name, text in texts.items():
        imported = read_lackey(text, game="inwo")
        decks[name] = services.deck_create(
            owner=owner, name=name, game="inwo", format=imported.format, cards=imported.cards
        )
    alien = decks["Alien_Nation.dek"]
    assert (alien.card_total, alien.is_valid, alien.verdict["violations"]) == (45, True, [])
    lead = [(e.card.name, e.count) for e in deck_entries(alien) if e.section == "lead"]
    assert sorted(lead) == [("Gun Lobby", 1), ("UFOs", 1)]
    assassins = decks["Cuius_Testiculos_Habes_(Assassins).dek"]
    assert assassins.card_total == 43
    assert [(v["code"], v["severity"]) for v in assassins.verdict["violations"]] == [
        ("deck-size", "warning")
    ]
    trojan = {
        (e.card.name, e.section): e.count
        for e in deck_entries(decks["The_Trojan_Goose.dek"])
        if e.card.name == "Shangri-La"
    }
    assert trojan == {("Shangri-La", "lead"): 1, ("Shangri-La", "plots"): 3}
    genie = {
        e.section: e.count
        for e in deck_entries(decks["The_Nuclear_Genie.dek"])
        if e.card.name == "Nuclear Power Companies"
    }
    assert set(genie) == {"lead", "groups"}
