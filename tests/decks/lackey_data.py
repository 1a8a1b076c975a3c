"""Test-only readers of the real INWO data: LackeyCCG's card list and its .dek decks.

The files are third-party and not in the repository: tests that need them skip, saying why, when
the data directory is absent. The card list is read only for the Name, Set, Deck and Type
columns, enough to give each deck's cards a catalogue entry of the right kind and back.
"""

import csv
from pathlib import Path

import pytest
from django.conf import settings

from rules import card_key
from rules.inwo.schema import GAME_ID, SCHEMA
from tests.factories import CardFactory, GameFactory

_KINDS = {"disaster!": "disaster", "nwob": "nwo", "nwor": "nwo", "nwoy": "nwo"}
_BACKS = {"Master": "hand", "Puppet": "puppet"}
_SETS = {value.id for value in SCHEMA.attribute("set").values}


def data_dir() -> Path:
    """Return the INWO data directory; skip the test when it is not there."""
    root = getattr(settings, "CARD_DATA_DIR", None) or settings.BASE_DIR.parent / "shared" / "data"
    inwo = Path(root) / "inwo"
    if not (inwo / "carddata.txt").is_file() or not (inwo / "decks").is_dir():
        pytest.skip(f"the real INWO data (carddata.txt, decks/) is not in {inwo}")
    return inwo


def deck_files() -> list[Path]:
    """Return every real .dek file, by name."""
    return sorted((data_dir() / "decks").glob("*.dek"))


def read_dek(name: str) -> str:
    """Return the text of one real .dek file."""
    return (data_dir() / "decks" / name).read_text(encoding="utf-8")


def card_rows() -> dict[str, dict[str, str]]:
    """Return the card list's rows by folded name: name, kind, back and set of each card."""
    rows = {}
    with (data_dir() / "carddata.txt").open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            name = row["Name"].strip()
            kind = row["Type"].strip().lower()
            set_ = row["Set"].strip().lower().replace(" ", "-")
            rows.setdefault(
                card_key(name),
                {
                    "name": name,
                    "kind": _KINDS.get(kind, kind),
                    "back": _BACKS[row["Deck"].strip()],
                    "set": set_ if set_ in _SETS else None,
                },
            )
    return rows


def build_catalogue(names) -> dict[str, object]:
    """Create the INWO cards with these names from the card list; return them by folded name."""
    game = GameFactory(slug=GAME_ID, name="Illuminati: New World Order")
    rows = card_rows()
    made = {}
    for key in sorted({card_key(name) for name in names}):
        row = rows[key]
        made[key] = CardFactory(
            game=game,
            kind=row["kind"],
            name=row["name"],
            slug=f"inwo-{len(made)}",
            back=row["back"],
            set=row["set"],
        )
    return made
