"""`python -m rules validate` judges an INWO deck with the same verdict as the site."""

import json

from tests.rules.cli_run import run, write


def test_the_cli_reports_a_misplaced_resource(tmp_path):
    deck = {
        "game": "inwo",
        "format": "tournament",
        "cards": [
            {"name": "UFOs", "kind": "illuminati", "section": "lead", "count": 1},
            {"name": "Crystal Skull", "kind": "resource", "section": "lead", "count": 1},
        ],
    }
    done = run("validate", write(tmp_path, deck))
    assert done.returncode == 1
    verdict = json.loads(done.stdout)
    assert verdict["valid"] is False
    assert [(v["code"], v["severity"], v["cards"]) for v in verdict["violations"]] == [
        ("leading-group", "warning", []),
        ("wrong-section", "error", ["Crystal Skull"]),
        ("deck-size", "error", []),
    ]
