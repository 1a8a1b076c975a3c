"""`python -m rules validate` judges a Dark Eden deck with the same verdict as the site."""

import json

from tests.rules.cli_run import run, write


def test_the_cli_reports_a_missing_leader_and_a_short_deck(tmp_path):
    deck = {
        "game": "dark-eden",
        "cards": [{"name": "REKRUT", "kind": "warrior", "count": 40, "unlimited": True}],
    }
    done = run("validate", write(tmp_path, deck))
    assert done.returncode == 1
    verdict = json.loads(done.stdout)
    assert [(v["code"], v["severity"]) for v in verdict["violations"]] == [
        ("leader-count", "error"),
        ("deck-size", "error"),
    ]
