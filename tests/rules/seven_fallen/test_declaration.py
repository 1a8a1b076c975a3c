"""7 Fallen's declaration: its kinds and kingdoms, its schema's checks, its registry entry (pure)."""

import re

import pytest

import rules
from rules.core import registry
from rules.seven_fallen import GAME
from rules.seven_fallen.schema import KINGDOMS, NAMED_IN_GUIDE, SCHEMA
from rules.seven_fallen.validate import copy_limit
from tests.purity import REPO

# The French quick-start guide, as the repository keeps it (docs/sources/rulebooks/).
GUIDE = "002_986d142576b8a798.txt"


def test_the_registry_serves_it_under_its_id_and_judges_its_contract():
    assert "rules.seven_fallen" in registry.configuration()[0]
    assert rules.get_game("7-fallen") is GAME
    verdict = rules.validate_contract(GAME.contract_example.deck)
    assert [v.code for v in verdict.violations] == ["registre-size", "livre-size"]


def test_every_kind_and_kingdom_is_labelled_in_polish_english_and_french():
    for kind in SCHEMA.kinds:
        assert {"pl", "en", "fr"} <= set(kind.label)
    assert [kingdom.id for kingdom in KINGDOMS] == [
        "poseidia",
        "eondra",
        "nuit-sans-fin",
        "metascience",
        "temple-de-la-lumiere",
        "purete-celeste",
        "la-voie",
    ]


def test_the_kingdoms_marked_as_the_guides_are_those_it_names_as_kingdoms():
    guide = (REPO / "docs" / "sources" / "rulebooks" / GUIDE).read_text(encoding="utf-8")
    named = {
        kingdom.id
        for kingdom in KINGDOMS
        if re.search(rf'Royaume "?{re.escape(kingdom.label("fr"))}', guide)
    }
    assert named == NAMED_IN_GUIDE
    assert named == {"nuit-sans-fin", "purete-celeste"}


def test_the_schema_stores_unknown_and_refuses_what_a_kind_does_not_print():
    # Nothing known beyond the kind: allowed, and shown as unknown.
    assert SCHEMA.check("ange", {}) == []
    assert SCHEMA.check("ange", {"keywords": [], "classes": ["Goule"], "cost": 6}) == []
    (fault,) = SCHEMA.check("ange", {"subtype": "Extros"})
    assert fault.attribute == "subtype"
    assert SCHEMA.check("temple", {"subtype": "Extros", "energy": 5}) == []
    (fault,) = SCHEMA.check("divinite", {"kingdom": "atlantide"})
    assert fault.attribute == "kingdom"


@pytest.mark.parametrize(
    ("kind", "attributes", "limit"),
    [
        ("temple", {}, 1),
        ("adorateur", {}, 10),
        ("miracle", {"keywords": []}, 3),
        ("miracle", {}, None),  # keywords unknown: it may be a swarm
        ("ange", {"keywords": ["Essaim (6)"]}, None),  # hangs on the Temple
    ],
)
def test_a_cards_own_copy_limit(kind, attributes, limit):
    assert copy_limit(kind, attributes) == limit
