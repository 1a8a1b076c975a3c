"""`manage.py checkdeck`: a text deck judged unsaved; exit 0, 1 or 2 with the site's messages."""

import io
import json
import subprocess
import sys

import pytest
from django.core.management import call_command

from cardbase.models import Card
from decks import export, services
from decks.selectors.entries import deck_contract
from tests.factories import AngelFactory, HumanFactory, legal_deck_cards

pytestmark = pytest.mark.django_db


def checkdeck(*args, stdin=None):
    """Run checkdeck; return (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    code = 0
    try:
        call_command("checkdeck", *args, stdout=out, stderr=err)
    except SystemExit as exc:
        code = exc.code
    return code, out.getvalue(), err.getvalue()


def test_checkdeck_exits_0_for_a_legal_deck(tmp_path, legal):
    path = tmp_path / "talia.txt"
    path.write_text(export.deck_text(legal), encoding="utf-8")
    code, out, err = checkdeck(str(path))
    assert (code, out, err) == (0, "zgodna\n", "")


def test_checkdeck_exits_1_and_lists_violations(tmp_path, gaap):
    path = tmp_path / "talia.txt"
    path.write_text("2 Gaap\n", encoding="utf-8")
    code, out, err = checkdeck(str(path), "--lang", "en")
    lines = out.splitlines()
    assert code == 1 and err == ""
    assert lines[0] == "invalid"
    assert lines[1].startswith("error deck-size: The deck has 2 cards")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1 Gapp\n", "wiersz 1 („1 Gapp”): Nie ma w katalogu karty „Gapp”. Czy chodziło o: Gaap?"),
        ("2 Gaap\n0 Gaap\n", "wiersz 2 („0 Gaap”): Liczba kopii 0 jest za mała"),
        ("abc x Gaap\n", "wiersz 1 („abc x Gaap”): „abc” nie jest liczbą kopii"),
    ],
)
def test_checkdeck_exits_2_with_the_sites_messages(tmp_path, gaap, text, message):
    path = tmp_path / "talia.txt"
    path.write_text(text, encoding="utf-8")
    code, out, err = checkdeck(str(path))
    assert (code, out) == (2, "")
    assert err.startswith(f"error: {path}: {message}")
    assert "Traceback" not in err


def test_checkdeck_exits_2_for_a_missing_file_or_a_huge_one(tmp_path):
    code, _out, err = checkdeck(str(tmp_path / "brak.txt"))
    assert code == 2 and "cannot read: No such file or directory" in err
    huge = tmp_path / "duza.txt"
    huge.write_text("2 Gaap\n" * 750_000, encoding="utf-8")
    code, _out, err = checkdeck(str(huge))
    assert code == 2 and "Talia jest za długa" in err


def test_checkdeck_reads_stdin(monkeypatch, gaap):
    stdin = io.TextIOWrapper(io.BytesIO(b"2 gaap\n"), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    code, out, _err = checkdeck("-", "--format", "json", "--lang", "en")
    assert code == 1
    assert json.loads(out)["violations"][0]["code"] == "deck-size"


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_checkdeck_json_equals_the_rules_cli_on_the_same_contract(tmp_path, owner, lang):
    cards = legal_deck_cards("lord")
    extra = HumanFactory(name="Piąty człowiek", slug="piaty", alignment="neutral")
    cards[extra.pk] = 1
    deck = services.deck_create(
        owner=owner, name="Pięciu ludzi", options={"faction": "lord"}, cards=cards
    )
    text_file = tmp_path / "talia.txt"
    text_file.write_text(export.deck_text(deck), encoding="utf-8")
    contract_file = tmp_path / "talia.json"
    contract_file.write_text(json.dumps(deck_contract(deck)), encoding="utf-8")

    code, out, _err = checkdeck(
        str(text_file), "--format", "json", "--option", "faction=lord", "--lang", lang
    )
    cli = subprocess.run(
        [sys.executable, "-m", "rules", "validate", str(contract_file), "--lang", lang],
        capture_output=True,
        text=True,
        check=False,
    )
    assert code == cli.returncode == 1
    assert json.loads(out) == json.loads(cli.stdout)
    assert "human-count" in {v["code"] for v in json.loads(out)["violations"]}


def test_checkdeck_infers_the_faction_when_not_given(tmp_path, legal):
    lord_angel = Card.objects.create(
        game=legal.game,
        kind="angel",
        name="Obcy Pan",
        slug="obcy-pan",
        attributes={"faction": "lord"},
    )
    path = tmp_path / "talia.txt"
    path.write_text(export.deck_text(legal) + "1 Obcy Pan\n", encoding="utf-8")
    code, out, _err = checkdeck(str(path), "--lang", "en")
    assert code == 1
    assert "faction-mix" in out and lord_angel.name in out


def test_checkdeck_takes_the_faction_from_an_exported_texts_header(tmp_path, owner):
    lords = AngelFactory(name="Michał", slug="michal", faction="lord", order="angels", level=3)
    deck = services.deck_create(
        owner=owner, name="Zła", options={"faction": "fallen"}, cards={lords.pk: 1}
    )
    path = tmp_path / "talia.txt"
    path.write_text(export.deck_text(deck), encoding="utf-8")
    out = io.StringIO()
    with pytest.raises(SystemExit):
        call_command("checkdeck", str(path), "--format", "json", stdout=out)
    codes = {v["code"] for v in json.loads(out.getvalue())["violations"]}
    # Judged as the Fallen deck it is; inferred from its one card it would pass as the Lord's.
    assert "faction-mix" in codes
