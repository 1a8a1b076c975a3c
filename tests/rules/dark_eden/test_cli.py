"""`python -m rules validate` judges a Dark Eden deck with the same verdict as the site."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_the_cli_reports_a_missing_leader_and_a_short_deck(tmp_path):
    deck = {
        "game": "dark-eden",
        "cards": [{"name": "REKRUT", "kind": "warrior", "count": 40, "unlimited": True}],
    }
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(deck), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "rules", "validate", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    verdict = json.loads(done.stdout)
    assert [(v["code"], v["severity"]) for v in verdict["violations"]] == [
        ("leader-count", "error"),
        ("deck-size", "error"),
    ]
