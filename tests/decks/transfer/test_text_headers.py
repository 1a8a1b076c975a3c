"""A text's headers: the faction in either language and any case; a chosen one wins; notes stay."""

from dataclasses import replace

import pytest

import rules
from decks.transfer.dispatch import read_import
from decks.transfer.problems import ImportFailed
from decks.transfer.text_headers import header_word
from rules.core.schema import DeckFiles
from tests.factories import AngelFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("header", "faction"),
    [
        ("# faction: fallen", "fallen"),
        ("# faction: LORD", "lord"),
        ("#frakcja:upadli", "fallen"),
        ("# Frakcja: Upadli · gra: aniolowie", "fallen"),  # what earlier exports wrote
        ("# FRAKCJA: Aniołowie Pana", "lord"),
        ("#   frakcja :  aniolowie   pana  ", "lord"),
        ("# Faction: Angels of the Lord · game: aniolowie", "lord"),
    ],
)
def test_the_faction_header_is_read_in_either_language_and_any_case(header, faction):
    AngelFactory(name="Bezimienny", slug="bezimienny", faction="")
    imported = read_import("text", f"# Talia: X\n{header}\n2 Bezimienny\n")
    assert imported.options.get("faction") == faction


def test_a_chosen_faction_wins_over_the_header():
    AngelFactory(name="Bezimienny", slug="bezimienny", faction="")
    text = "# faction: fallen\n# frakcja: zielona\n2 Bezimienny\n"
    assert read_import("text", text, options={"faction": "lord"}).options == {"faction": "lord"}


def test_an_unknown_or_contradicting_faction_header_is_pointed_at():
    AngelFactory(name="Bezimienny", slug="bezimienny", faction="")
    with pytest.raises(ImportFailed) as caught:
        read_import("text", "# frakcja: zielona\n# faction: lord\n# frakcja: upadli\n1 X")
    problems = caught.value.problems
    assert [(p.line, p.text) for p in problems[:2]] == [
        (1, "# frakcja: zielona"),
        (3, "# frakcja: upadli"),
    ]
    assert problems[0].message == (
        "Nieznana wartość „zielona”; wpisz „faction: lord” (Aniołowie Pana), "
        "„faction: fallen” (Upadli)."
    )
    assert problems[1].message == "Wartość „upadli” nie zgadza się z podaną w wierszu 2."


def test_a_players_note_that_looks_like_a_header_is_only_a_comment():
    AngelFactory(name="Bezimienny", slug="bezimienny", faction="")
    text = "# faction: lord\n# gra: agresywna, na turniej\n# Uwaga: nowa\n1 Bezimienny\n"
    assert read_import("text", text).options == {"faction": "lord"}


def test_a_header_value_ends_where_the_game_s_deck_files_say():
    declared = rules.get_game("aniolowie")
    undeclared = replace(declared, deck_files=DeckFiles())
    value = "Upadli · gra: aniolowie"  # what the site's first exports wrote
    assert header_word(declared, value) == rules.card_key("Upadli")
    assert header_word(undeclared, value) == rules.card_key(value)
