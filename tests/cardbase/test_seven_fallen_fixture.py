"""7 Fallen's catalogue fixture states only what its quick-start guide says, each fact quoted."""

import json
from pathlib import Path

import pytest
from django.conf import settings

CARDS_FILE = settings.BASE_DIR / "fixtures" / "seven_fallen" / "cards.json"
FIXTURE = json.loads(CARDS_FILE.read_text(encoding="utf-8"))
ENTRIES = FIXTURE["cards"]
# The guide as the repository keeps it; it has no printed page numbers to cite.
GUIDE = Path(settings.BASE_DIR, "docs", "sources", "rulebooks", FIXTURE["rulebook"]).read_text(
    encoding="utf-8"
)


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["name"] for e in ENTRIES])
def test_every_quote_stands_in_the_guide_and_names_the_card_or_its_rule(entry):
    assert entry["sources"], f"{entry['name']} has no source"
    for source in entry["sources"]:
        assert source["page"] is None
        assert source["quote"] in GUIDE, (entry["name"], source["quote"])
    assert any(entry["name"] in source["quote"] for source in entry["sources"])


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["name"] for e in ENTRIES])
def test_every_known_fact_is_backed_by_a_source(entry):
    given = {fact for source in entry["sources"] for fact in source["gives"]}
    stated = {"kind", *(fact for fact, value in entry["attributes"].items() if value is not None)}
    assert stated <= given, f"{entry['name']}: {sorted(stated - given)} have no source"


def test_the_fixture_states_exactly_what_the_guide_gives():
    # "1 exemplaire de Elora d'Eondra ET 1 exemplaire de Elora Capitaine de l'Elite" beside a
    # Leader page; "Thanator le Or coûte 6 EC", given for a page's Phoenix cost. No kind beyond
    # "a page", no kingdom, no whole keyword list.
    assert {e["name"]: (e["kind"], e["attributes"]) for e in ENTRIES} == {
        "Elora d'Eondra": ("page", {}),
        "Elora Capitaine de l'Elite": ("page", {}),
        "Thanator le Or": ("page", {"cost": 6}),
    }
    assert all(set(e["notes"]) == {"pl", "en", "fr"} for e in ENTRIES)
