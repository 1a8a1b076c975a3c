"""Time 20 representative search-language queries on synthetic catalogues of 5,000 and 50,000 cards.

Each query does what a catalogue page does: parse, count the matches, fetch the first 24 by name.
The catalogues live in scratch databases only, never in the site's own database:

- SQLite: a temporary file (bench.sqlite3), deleted afterwards;
- PostgreSQL: a database named after BENCH_DATABASE_URL's (default
  postgres://postgres@127.0.0.1:5432/cardbase_bench, a name that must start with
  "cardbase_bench") plus "search", the time and a random suffix, so two runs never share one;
  dropped at the end, after a failure, Ctrl-C or TERM too. When no server answers, PostgreSQL
  is skipped with a message.

The baseline, timed in the same run on the same database, is a primary-key lookup (and SELECT 1).
Prints p50/p95 per query and size, the growth 5k→50k, and one "target met/missed" line per
database. Exits 0 whatever the timings; non-zero only when the benchmark itself fails.

    python bench/bench_search.py [--rounds N] [--sizes 5000,50000] [--only sqlite|postgresql]
                                 [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

from scratch import REPO, BenchError, ScratchDatabase, postgres_unavailable
from scratch import run as run_command

sys.path.insert(0, str(REPO))
from config.games import GAMES  # noqa: E402 (the project's root is on the path only now)

DEFAULT_PG_URL = "postgres://postgres@127.0.0.1:5432/cardbase_bench"
SIZES = (5_000, 50_000)
ROUNDS = 15
WARMUP = 3
TARGET_P95_MS = 50.0
# A search across every game reaches the games the site serves: the synthetic catalogue's game
# (synthetic_game.py) is served in place of Aniołowie, whose attributes its cards carry, so each
# key is one game's, as on the site.
STAND_IN = {"rules.aniolowie": "bench.synthetic_game"}
SERVED = ",".join(STAND_IN.get(game, game) for game in GAMES)
QUERIES = [
    "swietnisko",
    '"święty gniew"',
    "nazwa:gabriel",
    "gabriell",
    "tekst:odrzuć",
    "zakon:potęgi",
    "chór:II",
    "poziom>=7",
    "wsparcie>=4",
    "kolor:złoty",
    "frakcja:upadli zakon:potęgi wsparcie>=4",
    "typ:człowiek charakter:zły płeć:kobieta",
    "zakon>=cnoty -frakcja:pan",
    "kolor:czarny OR kolor:biały",
    "edycja:podstawowa",
    "unikat anielica",
    "typ:anioł zakon:nieznany",
    "(f:pan LUB f:upadli) poziom<5 kolor:niebieski",
    "gniew modlitwa",
    "f:obie tekst:talii",
]


def run(args: list[str], database_url: str) -> str:
    """Run a command with DATABASE_URL pointing at the scratch database; return its stdout."""
    # Production settings (no query log kept in memory), so a key production accepts.
    env = {**os.environ, "DATABASE_URL": database_url, "DJANGO_DEBUG": "0", "GAMES": SERVED}
    env["DEFAULT_GAME"] = "synthetic"
    env.setdefault("DJANGO_SECRET_KEY", secrets.token_urlsafe(50))
    return run_command(args, env)


def bench_backend(label: str, database_url: str, sizes, rounds: int) -> dict[int, dict]:
    """Build the catalogue size by size and measure it; return {size: figures}."""
    manage = [sys.executable, "manage.py"]
    run([*manage, "migrate", "--no-input", "-v", "0"], database_url)
    figures = {}
    for i, size in enumerate(sizes):
        started = time.perf_counter()
        fresh = ["--fresh"] if i == 0 else []
        run([*manage, "make_synthetic_catalogue", "--cards", str(size), *fresh], database_url)
        built = time.perf_counter() - started
        out = run([sys.executable, __file__, "--measure", "--rounds", str(rounds)], database_url)
        figures[size] = json.loads(out)
        print(f"{label}: {size} cards made in {built:.1f} s, measured", flush=True)
    return figures


def measure(rounds: int) -> dict:
    """In the child process: time every query and the baselines on the configured database."""
    sys.path.insert(0, str(REPO))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.db import connection

    from cardbase.models import Card
    from cardbase.search.cards import search_cards

    def page(query: str) -> None:
        result = search_cards(query=query, queryset=Card.objects.all())
        result.queryset.count()
        list(result.queryset.order_by("search_name", "pk")[:24])

    middle = Card.objects.order_by("pk").values_list("pk", flat=True)[Card.objects.count() // 2]

    def pk_lookup(_: str) -> None:
        Card.objects.filter(pk=middle).first()

    def select_one(_: str) -> None:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()

    timings = {
        "baseline: pk lookup": timed(pk_lookup, "", rounds),
        "baseline: SELECT 1": timed(select_one, "", rounds),
    }
    counts = {}
    for query in QUERIES:
        timings[query] = timed(page, query, rounds)
        counts[query] = search_cards(query=query).queryset.count()
    return {"timings": timings, "counts": counts}


def timed(work, query: str, rounds: int) -> dict[str, float]:
    """Return p50 and p95 in milliseconds over `rounds` runs after WARMUP runs."""
    for _ in range(WARMUP):
        work(query)
    samples = []
    for _ in range(rounds):
        started = time.perf_counter()
        work(query)
        samples.append((time.perf_counter() - started) * 1000)
    samples.sort()
    p95 = samples[min(len(samples) - 1, round(0.95 * (len(samples) - 1)))]
    return {"p50": statistics.median(samples), "p95": p95}


def report(label: str, figures: dict[int, dict]) -> str:
    """Print the table for one backend; return its "target met/missed" line."""
    small, large = figures[min(figures)], figures[max(figures)]
    size = max(figures)
    print(f"\n{label}: ms per query (parse + count + first 24 by name), p50 / p95")
    header = f"{'query':48} {'5k p50':>7} {'5k p95':>7} {'50k p50':>8} {'50k p95':>8} {'50k/5k':>7}"
    print(header + f" {'hits@50k':>8}")
    slow = []
    for name, at_small in small["timings"].items():
        at_large = large["timings"][name]
        growth = at_large["p50"] / at_small["p50"] if at_small["p50"] else float("nan")
        hits = large["counts"].get(name, "")
        print(
            f"{name[:48]:48} {at_small['p50']:7.2f} {at_small['p95']:7.2f} "
            f"{at_large['p50']:8.2f} {at_large['p95']:8.2f} {growth:7.1f} {hits!s:>8}"
        )
        if name in QUERIES and at_large["p95"] > TARGET_P95_MS:
            slow.append(name)
    worst = max(QUERIES, key=lambda q: large["timings"][q]["p95"])
    worst_ms = large["timings"][worst]["p95"]
    if slow:
        return (
            f"{label}: target MISSED by {len(slow)} of {len(QUERIES)} queries at {size:,} cards "
            f"(p95 ≥ {TARGET_P95_MS:.0f} ms: {'; '.join(slow)}); worst p95 {worst_ms:.1f} ms"
        )
    return (
        f"{label}: target met, every query p95 < {TARGET_P95_MS:.0f} ms at {size:,} cards "
        f"(worst {worst_ms:.1f} ms: {worst})"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    parser.add_argument("--only", choices=("sqlite", "postgresql"))
    parser.add_argument("--json", type=Path, help="also write every figure to this file")
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.rounds)))
        return 0
    sizes = tuple(int(size) for size in args.sizes.split(","))
    backends = {}
    # A TERM (a CI timeout, a kill) unwinds through the `with` blocks as Ctrl-C does.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        if args.only != "postgresql":
            with tempfile.TemporaryDirectory() as tmp:
                url = f"sqlite:///{tmp}/bench.sqlite3"
                backends["SQLite"] = bench_backend("SQLite", url, sizes, args.rounds)
        if args.only != "sqlite":
            base = os.environ.get("BENCH_DATABASE_URL", DEFAULT_PG_URL)
            why_not = postgres_unavailable(base)
            if why_not:
                print(f"PostgreSQL skipped: {why_not}")
            else:
                with ScratchDatabase(base, "search") as database:
                    print(f"PostgreSQL: scratch database {database.name}", flush=True)
                    backends["PostgreSQL"] = bench_backend(
                        "PostgreSQL", database.url, sizes, args.rounds
                    )
                print(f"PostgreSQL: dropped {database.name}")
    except (BenchError, ValueError) as exc:
        print(exc, file=sys.stderr)
        return 1
    verdicts = [report(label, figures) for label, figures in backends.items()]
    print()
    for verdict in verdicts:
        print(verdict)
    if args.json:
        args.json.write_text(json.dumps(backends, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
