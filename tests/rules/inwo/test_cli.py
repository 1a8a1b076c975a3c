"""`python -m rules validate` judges an INWO deck with the same verdict as the site."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_the_cli_reports_a_misplaced_resource(tmp_path):
    deck = {
        "game": "inwo",
        "format": "tournament",
        "cards": [
            {"name": "UFOs", "kind": "illuminati", "section": "lead", "count": 1},
            {"name": "Crystal Skull", "kind": "resource", "section": "lead", "count": 1},
        ],
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
    assert verdict["valid"] is False
    assert [(v["code"], v["severity"], v["cards"]) for v in verdict["violations"]] == [
        ("wrong-section", "error", ["Crystal Skull"]),
        ("deck-size", "error", []),
    ]
