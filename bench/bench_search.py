"""Time 20 representative search-language queries on synthetic catalogues of 5,000 and 50,000 cards.

Each query does what a catalogue page does: parse, count the matches, fetch the first 24 by name.
The catalogues live in scratch databases only (a temporary SQLite file; the PostgreSQL database
`cardbase_bench` when a server answers at 127.0.0.1:5432), never in the site's own database. The
baseline, timed in the same run on the same database, is a primary-key lookup (and SELECT 1).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PG_SERVER = "postgres://postgres@127.0.0.1:5432"
PG_DATABASE = "cardbase_bench"
SIZES = (5_000, 50_000)
ROUNDS = 15
WARMUP = 3
TARGET_P95_MS = 50.0
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
    "(f:pan lub f:upadli) poziom<5 kolor:niebieski",
    "gniew modlitwa",
    "f:obie tekst:talii",
]


def run(args: list[str], database_url: str) -> str:
    """Run a command with DATABASE_URL pointing at the scratch database; return its stdout."""
    env = {**os.environ, "DATABASE_URL": database_url, "DJANGO_DEBUG": "0"}
    env.setdefault("DJANGO_SECRET_KEY", "bench-only")
    result = subprocess.run(args, cwd=REPO, env=env, capture_output=True, text=True, check=False)
    if result.returncode:
        sys.exit(f"{' '.join(args)} failed:\n{result.stderr}")
    return result.stdout


def postgres_reachable() -> bool:
    """Create (afresh) the scratch PostgreSQL database; False when no server answers."""
    try:
        import psycopg

        with psycopg.connect(f"{PG_SERVER}/postgres", autocommit=True, connect_timeout=3) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {PG_DATABASE}")
            conn.execute(f"CREATE DATABASE {PG_DATABASE}")
    except Exception as exc:  # any failure means "no PostgreSQL here": skip it, say why
        print(f"PostgreSQL skipped: {exc}")
        return False
    return True


def bench_backend(label: str, database_url: str) -> dict[int, dict]:
    """Build the catalogue size by size and measure it; return {size: figures}."""
    manage = [sys.executable, "manage.py"]
    run([*manage, "migrate", "--no-input", "-v", "0"], database_url)
    figures = {}
    for size in SIZES:
        started = time.perf_counter()
        run([*manage, "make_synthetic_catalogue", "--cards", str(size)], database_url)
        built = time.perf_counter() - started
        out = run([sys.executable, __file__, "--measure"], database_url)
        figures[size] = json.loads(out)
        print(f"{label}: {size} cards made in {built:.1f} s, measured", flush=True)
    return figures


def measure() -> dict:
    """In the child process: time every query and the baselines on the configured database."""
    sys.path.insert(0, str(REPO))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardbase.settings")
    import django

    django.setup()
    from django.db import connection

    from cardbase.models import Card
    from cardbase.search import search_cards

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
        "baseline: pk lookup": timed(pk_lookup, ""),
        "baseline: SELECT 1": timed(select_one, ""),
    }
    counts = {}
    for query in QUERIES:
        timings[query] = timed(page, query)
        counts[query] = search_cards(query=query).queryset.count()
    return {"timings": timings, "counts": counts}


def timed(work, query: str) -> dict[str, float]:
    """Return p50 and p95 in milliseconds over ROUNDS runs after WARMUP runs."""
    for _ in range(WARMUP):
        work(query)
    samples = []
    for _ in range(ROUNDS):
        started = time.perf_counter()
        work(query)
        samples.append((time.perf_counter() - started) * 1000)
    samples.sort()
    p95 = samples[min(len(samples) - 1, round(0.95 * (len(samples) - 1)))]
    return {"p50": statistics.median(samples), "p95": p95}


def report(label: str, figures: dict[int, dict]) -> list[str]:
    """Print the table for one backend; return the queries over the p95 target at 50k."""
    small, large = (figures[size] for size in SIZES)
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
    worst = max(large["timings"][q]["p95"] for q in QUERIES)
    print(f"worst p95 at 50k: {worst:.1f} ms (target < {TARGET_P95_MS:.0f} ms)")
    return slow


def main() -> int:
    if "--measure" in sys.argv:
        print(json.dumps(measure()))
        return 0
    backends = []
    with tempfile.TemporaryDirectory() as tmp:
        backends.append(("SQLite", bench_backend("SQLite", f"sqlite:///{tmp}/bench.sqlite3")))
    if postgres_reachable():
        backends.append(("PostgreSQL", bench_backend("PostgreSQL", f"{PG_SERVER}/{PG_DATABASE}")))
    slow = [f"{label}: {q}" for label, figures in backends for q in report(label, figures)]
    if slow:
        print("over the target: " + "; ".join(slow))
    return 0


if __name__ == "__main__":
    sys.exit(main())
