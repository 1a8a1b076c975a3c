"""`python -m rules validate`: JSON on stdout, exit 0/1/2, one clear stderr line on bad input."""

import json

import pytest
from rules_factories import angel, intervention, legal_deck, with_cards, without

from tests.rules.cli_run import run, write


def test_legal_deck_exits_0(tmp_path):
    result = run("validate", write(tmp_path, legal_deck()))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"valid": True, "violations": []}
    assert result.stderr == ""


def test_broken_deck_exits_1_and_lists_every_violation(tmp_path):
    data = with_cards(without(legal_deck(), "Pad 1"), angel("Stray", "angels", "fallen"))
    data = without(data, "Pad 2")
    result = run("validate", write(tmp_path, data))
    assert result.returncode == 1, result.stderr
    out = json.loads(result.stdout)
    assert out["valid"] is False
    assert [(v["code"], v["severity"], v["cards"]) for v in out["violations"]] == [
        ("deck-size", "error", []),
        ("faction-mix", "error", ["Stray"]),
    ]
    assert set(out["violations"][0]) == {"code", "severity", "message", "cards"}
    assert out["violations"][0]["message"].startswith("The deck has 44 cards")


def test_warnings_alone_exit_0(tmp_path):
    data = with_cards(legal_deck(), intervention("Mystery", edition_symbol=None, count=2))
    result = run("validate", write(tmp_path, data))
    assert result.returncode == 0
    out = json.loads(result.stdout)
    assert out["valid"] is True
    assert [v["code"] for v in out["violations"]] == ["unverified"]


def test_lang_pl_prints_polish_messages(tmp_path):
    result = run("validate", "--lang", "pl", write(tmp_path, without(legal_deck(), "Pad 1")))
    assert result.returncode == 1
    (violation,) = json.loads(result.stdout)["violations"]
    assert violation["message"].startswith("Talia ma 44 karty")


def test_dash_reads_stdin():
    result = run("validate", "-", stdin=json.dumps(legal_deck()))
    assert result.returncode == 0
    assert json.loads(result.stdout)["valid"] is True


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        pytest.param("{not json", "not JSON: Expecting property name", id="not-json"),
        pytest.param("", "not JSON: Expecting value at line 1 column 1", id="empty-file"),
        pytest.param("[1, 2]", "a deck must be a JSON object, got a list", id="a-list"),
        pytest.param(
            {"game": "aniolowie", "cards": [{"name": "x", "kind": "angel", "count": 0}]},
            "cards[0].count: expected an integer >= 1, got 0",
            id="count-0",
        ),
        pytest.param(
            {"game": "aniolowie", "cards": [angel("x") | {"order": "power"}]},
            "cards[0].order: unknown order 'power'; expected one of angels, archangels, ",
            id="unknown-order",
        ),
        pytest.param(
            {"game": "aniolowie", "cards": [angel("x") | {"kind": "demon"}]},
            "cards[0].kind: unknown kind 'demon'",
            id="unknown-kind",
        ),
        pytest.param(
            {"game": "aniolowie", "cards": [angel("Tron", "thrones", "fallen")]},
            "cards[0].order: a Fallen angel cannot be a Throne",
            id="fallen-throne",
        ),
        pytest.param(
            {"game": "monopoly", "cards": []}, "game: unknown game 'monopoly'", id="unknown-game"
        ),
        pytest.param(
            '{"game": "aniolowie", "cards": [{"name": "x", "kind": "angel", "count": %s}]}'
            % ("9" * 4301),
            "not JSON this validator can read: a number has more than 4300 digits",
            id="integer-too-long",
        ),
        pytest.param(
            '{"game": "aniolowie", "cards": [{"name": "x", "kind": "angel", "count": %s}]}'
            % ("9" * 4300),
            "cards[0].count: expected at most 1000000 copies, got an integer of more than 30",
            id="count-absurd",
        ),
        pytest.param(
            '{"game": "aniolowie", "cards": [{"name": "\\ud800", "kind": "angel", "count": 3}]}',
            "cards[0].name: '\\ud800' is not valid text",
            id="lone-surrogate",
        ),
        pytest.param(
            {"game": "aniolowie", "cards": [angel("Gaap", "powers"), angel("GAAP", "virtues")]},
            "cards[1]: 'GAAP' is the same card as cards[0] 'Gaap' but its order differs",
            id="same-card-twice-differently",
        ),
    ],
)
def test_unreadable_input_exits_2_with_one_line(tmp_path, content, expected):
    path = write(tmp_path, content)
    result = run("validate", path)
    assert result.returncode == 2
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"error: {path}: ")
    assert expected in lines[0]


def test_missing_file_exits_2(tmp_path):
    result = run("validate", str(tmp_path / "nope.json"))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert len(result.stderr.splitlines()) == 1
    assert "nope.json: cannot read" in result.stderr


def test_not_utf8_exits_2(tmp_path):
    path = tmp_path / "latin2.json"
    path.write_bytes('{"name": "Łaska"}'.encode("iso-8859-2"))
    result = run("validate", str(path))
    assert result.returncode == 2
    assert "not UTF-8" in result.stderr and "Traceback" not in result.stderr


def test_bad_stdin_names_stdin():
    result = run("validate", "-", stdin="nope")
    assert result.returncode == 2
    assert result.stderr.startswith("error: <stdin>: not JSON")
