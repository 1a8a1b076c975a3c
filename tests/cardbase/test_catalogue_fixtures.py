"""The catalogue fixtures load, and every fact in them rests on a rulebook quote."""

import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command

from cardbase.models import Card, CardSource, Game
from cardbase.services import CatalogueFileError, load_catalogue

FIXTURES = settings.BASE_DIR / "fixtures"
CARDS_FILE = FIXTURES / "aniolowie" / "cards.json"
ENTRIES = json.loads(CARDS_FILE.read_text(encoding="utf-8"))["cards"]


def rulebook_pages(name: str) -> dict[int, str]:
    """Split a rulebook into pages: a line holding only a number closes that printed page."""
    path = Path(settings.RULEBOOKS_DIR) / name
    assert path.exists(), f"rulebook {path} is missing: set RULEBOOKS_DIR to shared/rulebooks"
    pages: dict[int, str] = {}
    current: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if re.fullmatch(r"\s*\d{1,2}\s*", line):
            pages[int(line)] = "\n".join(current)
            current = []
        else:
            current.append(line)
    return pages


PAGES = rulebook_pages("000_57452c809325322f.txt")


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["name"] for e in ENTRIES])
def test_every_quote_stands_in_the_rulebook_on_its_page(entry):
    assert entry["sources"], f"{entry['name']} has no rulebook source"
    for source in entry["sources"]:
        assert source["quote"] in PAGES[source["page"]], (entry["name"], source)


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["name"] for e in ENTRIES])
def test_every_known_attribute_is_backed_by_a_source(entry):
    given = {field for source in entry["sources"] for field in source["gives"]}
    stated = {
        field
        for field, value in entry.items()
        if field not in {"name", "kind", "sources", "note_pl", "note_en", "slug"}
        and value is not None
    }
    assert stated <= given, f"{entry['name']}: {sorted(stated - given)} have no source"


def test_no_fallen_throne_in_the_fixture():
    for entry in ENTRIES:
        assert not (entry.get("faction") == "fallen" and entry.get("order") == "thrones")


@pytest.mark.django_db
def test_load_catalogue_loads_every_card_with_its_sources():
    call_command("load_catalogue")
    assert Game.objects.filter(slug__in=["aniolowie", "inwo", "7-fallen", "dark-eden"]).count() == 4
    assert Card.objects.count() == len(ENTRIES)
    assert CardSource.objects.count() == sum(len(e["sources"]) for e in ENTRIES)


@pytest.mark.django_db
def test_gaap_is_a_power_of_level_seven_with_its_page():
    call_command("load_catalogue")
    gaap = Card.objects.get(slug="gaap")
    assert (gaap.kind, gaap.order, gaap.level, gaap.choir) == ("angel", "powers", 7, "II")
    # The rulebook never states Gaap's faction (the order symbol that shows it was lost in the
    # text), so it stays unknown rather than guessed.
    assert gaap.faction == ""
    assert gaap.choir_display == "Chór / Krąg II"
    assert 12 in {source.page for source in gaap.sources.all()}


@pytest.mark.django_db
def test_reloading_keeps_operators_edits_unless_asked():
    load_catalogue(fixtures_dir=FIXTURES)
    card = Card.objects.get(slug="gaap")
    card.color = "black"
    card.save()
    report = load_catalogue(fixtures_dir=FIXTURES)
    assert (report.created, report.updated) == (0, 0)
    assert Card.objects.get(slug="gaap").color == "black"
    load_catalogue(fixtures_dir=FIXTURES, update=True)
    assert Card.objects.get(slug="gaap").color == ""
    assert Card.objects.count() == len(ENTRIES)


def write_fixture(tmp_path, cards):
    (tmp_path / "games.json").write_text((FIXTURES / "games.json").read_text(encoding="utf-8"))
    (tmp_path / "aniolowie").mkdir()
    (tmp_path / "aniolowie" / "cards.json").write_text(
        json.dumps({"game": "aniolowie", "rulebook": "x.txt", "cards": cards})
    )


@pytest.mark.django_db
def test_a_fallen_throne_in_a_fixture_is_refused_with_its_place(tmp_path):
    write_fixture(
        tmp_path,
        [
            {"name": "Dobry", "kind": "angel", "faction": "lord", "order": "angels", "sources": []},
            {
                "name": "Zły Tron",
                "kind": "angel",
                "faction": "fallen",
                "order": "thrones",
                "sources": [],
            },
        ],
    )
    with pytest.raises(CatalogueFileError, match=r"cards\[1\] \(Zły Tron\).*Trony"):
        load_catalogue(fixtures_dir=tmp_path)
    assert not Card.objects.exists()  # nothing half-loaded


@pytest.mark.django_db
def test_an_unknown_value_in_a_fixture_is_refused(tmp_path):
    write_fixture(tmp_path, [{"name": "X", "kind": "angel", "order": "powerz", "sources": []}])
    with pytest.raises(CatalogueFileError, match=r"cards\[0\] \(X\): order"):
        load_catalogue(fixtures_dir=tmp_path)
