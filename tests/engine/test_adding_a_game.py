"""Adding or removing a game package changes no model: no migration, and its facets use an index.

`makemigrations --check` runs in a process of its own, whose environment names the games before
Django starts, as an operator names them (GAMES, DEFAULT_GAME).
"""

import importlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cardbase.attribute_slots import declared_slots
from cardbase.models import Card, Game
from cardbase.search.cards import search_cards
from config.games import GAMES
from rules.core.registry import get_game, register, unregister

ROOT = Path(__file__).resolve().parents[2]


def makemigrations_check(games: list[str], tmp_path: Path) -> subprocess.CompletedProcess:
    """Run `makemigrations --check` for a site serving `games` (module paths)."""
    env = {
        **os.environ,
        "GAMES": ",".join(games),
        "DEFAULT_GAME": importlib.import_module(games[0]).GAME.id,
        "DJANGO_DEBUG": "1",
        # A database of its own: the suite's is in use by this very run.
        "DATABASE_URL": f"sqlite:///{tmp_path / 'check.sqlite3'}",
    }
    env.pop("DATABASE_REPLICA_URL", None)
    return subprocess.run(
        [sys.executable, "manage.py", "makemigrations", "--check", "--dry-run"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_adding_the_toy_game_needs_no_migration(tmp_path):
    result = makemigrations_check([*GAMES, "tests.toy_game"], tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "No changes detected" in result.stdout


@pytest.mark.parametrize("removed", GAMES)
def test_removing_a_game_needs_no_migration(removed, tmp_path):
    result = makemigrations_check([game for game in GAMES if game != removed], tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "No changes detected" in result.stdout


@pytest.fixture
def toy_cards(db):
    """Register the toy game as a package and give it 3,000 units: a few golds and silvers, the
    rest of unknown tier, powers 0 to 99 (enough that PostgreSQL's planner weighs its indexes)."""
    toy = register("tests.toy_game")
    game = Game.objects.create(slug=toy, name="Toy")
    tiers = {0: "gold", 1: "silver"}
    Card.objects.bulk_create(
        Card(
            game=game,
            slug=f"unit-{n}",
            kind="unit",
            name=f"Unit {n:04d}",
            search_name=f"unit {n:04d}",
            attributes={"power": n % 100} | ({"tier": tiers[n % 100]} if n % 100 in tiers else {}),
        )
        for n in range(3000)
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    yield toy
    unregister(toy)


def count_plan(query: str, game: str) -> tuple[int, str]:
    """Return the number of cards `query` finds in `game` and the database's plan of the count."""
    with CaptureQueriesContext(connection) as captured:
        found = search_cards(query=query, game=game).queryset.count()
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # A few dozen cards: the planner would rightly read the table. Is there an index?
            cursor.execute("SET LOCAL enable_seqscan = off")
            cursor.execute("EXPLAIN " + captured.captured_queries[-1]["sql"])
        else:
            cursor.execute("EXPLAIN QUERY PLAN " + captured.captured_queries[-1]["sql"])
        return found, " | ".join(str(row[-1]) for row in cursor.fetchall())


@pytest.mark.parametrize(
    ("query", "attribute", "found"),
    [("ranga:złoto", "tier", 30), ("siła>=95", "power", 150), ("ranga:nieznana", "tier", 2940)],
)
def test_a_new_games_attribute_is_searched_through_a_slots_index(
    toy_cards, query, attribute, found
):
    slot = declared_slots(get_game(toy_cards))[attribute]
    count, plan = count_plan(query, toy_cards)
    assert count == found
    assert "Seq Scan" not in plan and not re.search(r"SCAN cardbase_card(?! USING)", plan), plan
    if query.endswith("nieznana"):
        # An unknown value (a card of the game, or another game's) is a NOT: no index seeks it,
        # and it is read from one index (SQLite's covering one), not the table.
        assert connection.vendor == "postgresql" or "COVERING INDEX card_" in plan, plan
    else:
        # Sought by game and slot in one of the slot's indexes.
        assert re.search(rf"card_(slot|named)_{slot}\b", plan), plan
