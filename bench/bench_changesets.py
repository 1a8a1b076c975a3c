"""Time a catalogue changeset with its decks judged in the background, and a 5,000-card import.

On a scratch site built by `manage.py make_scale_data` (SQLite in a temporary directory; and
PostgreSQL, a database of the run's own, when a server answers), a child process per tasks
backend times `--rounds` changesets renaming the card the most decks hold (a fact the rules read):

- the baseline, `TASKS_BACKEND=immediate`: the decks holding the card are judged in the
  changeset's own request, as they were before background work;
- `TASKS_BACKEND=database`: the changeset queues one task and returns; the worker's time to
  judge the decks (`db_worker --batch`, that one task) is timed apart.

Then it times importing 5,000 new cards as a card table (import_cards --format csv), against
the baseline of reading the same file alone (rules.core.card_table.read_csv). Prints p50/p95 in
ms, the paired ratios and the aims (the changeset under 100 ms p95 at 20,000 decks; the worker
under 10 s; the import under 30 s); exits 0 whatever the figures, non-zero only when the
benchmark itself breaks.

    python bench/bench_changesets.py [--cards 5000] [--decks 20000] [--rounds 10]
                                     [--only sqlite|postgresql]
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

from scratch import REPO, BenchError, ScratchDatabase, postgres_unavailable, run

DEFAULT_PG_URL = "postgres://postgres@127.0.0.1:5432/cardbase_bench"
IMPORTED = 5_000
TARGET_CHANGESET_P95_MS = 100.0
TARGET_WORKER_S = 10.0
TARGET_IMPORT_S = 30.0


def measure_changesets(rounds: int) -> dict:
    """In the child: time one-fact changesets of the most-held card, and the worker's pass."""
    import django

    sys.path.insert(0, str(REPO))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.core.management import call_command
    from django.db.models import Count

    from cardbase.changesets import Source, recording_changeset
    from cardbase.models import Card
    from decks.models import Deck
    from decks.services.verdicts import revalidate_decks

    card = Card.objects.annotate(held=Count("deck_entries")).order_by("-held").first()
    name = card.name
    times, worker = [], []
    for round_ in range(rounds):
        # A fact the rules read (its name): a change of text or notes alone judges no deck.
        card.name = f"{name} ({round_})"
        started = time.perf_counter()
        with recording_changeset(game=card.game, source=Source.note("bench")) as changeset:
            changeset.save(card)
        times.append((time.perf_counter() - started) * 1000)
        if os.environ["TASKS_BACKEND"] == "database":
            started = time.perf_counter()
            call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)
            worker.append(time.perf_counter() - started)
    figures = {"held_by": card.held, "changeset_ms": times, "worker_s": worker}
    if os.environ["TASKS_BACKEND"] == "database":
        # The worst a worker meets: a changeset of cards every deck holds, one pass over all.
        started = time.perf_counter()
        revalidate_decks()
        figures["every_deck_s"] = time.perf_counter() - started
        figures["decks"] = Deck.objects.count()
    return figures


def measure_import() -> dict:
    """In the child: time importing IMPORTED new cards as a card table, and reading it alone."""
    import django

    sys.path.insert(0, str(REPO))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.conf import settings

    import rules
    from cardbase.exports import export_cards
    from cardbase.importers import import_cards
    from rules.core import card_table

    text = export_cards(game_slug="aniolowie", fmt="csv")
    header, *rows = text.splitlines(keepends=True)
    # New names for the first IMPORTED cards: every row adds a card.
    fresh = header + "".join(f"Nowa {n} {row}" for n, row in enumerate(rows[:IMPORTED]))
    languages = [code for code, _name in settings.LANGUAGES]
    started = time.perf_counter()
    card_table.read_csv(
        fresh, schema=rules.get_game("aniolowie").schema, languages=languages, document="b.csv"
    )
    read_s = time.perf_counter() - started
    started = time.perf_counter()
    report = import_cards(game_slug="aniolowie", fmt="csv", text_or_path=fresh)
    import_s = time.perf_counter() - started
    return {"read_s": read_s, "import_s": import_s, "added": report.totals["added"]}


def build(label: str, url: str, args, env: dict[str, str]) -> dict:
    # Faces are drawn by a task of their own: left out, so the worker's time is the decks'.
    env = {
        **env,
        "DATABASE_URL": url,
        "DJANGO_DEBUG": "1",
        "PAGE_CACHE": "0",
        "RENDER_FACES_AFTER_CHANGES": "0",
    }
    print(f"{label}: building {args.cards:,} cards and {args.decks:,} decks…", flush=True)
    run([sys.executable, "manage.py", "migrate", "--no-input", "-v", "0"], env)
    run(
        [
            sys.executable,
            "manage.py",
            "make_scale_data",
            *("--cards", str(args.cards), "--players", str(max(2, args.decks // 10))),
            *("--decks", str(args.decks)),
        ],
        env,
    )
    figures = {}
    for backend in ("immediate", "database"):
        out = run(
            [sys.executable, __file__, "--measure", "changesets", "--rounds", str(args.rounds)],
            {**env, "TASKS_BACKEND": backend},
        )
        figures[backend] = json.loads(out.strip().splitlines()[-1])
    out = run(
        [sys.executable, __file__, "--measure", "import"], {**env, "TASKS_BACKEND": "database"}
    )
    figures["import"] = json.loads(out.strip().splitlines()[-1])
    return figures


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


def report(label: str, figures: dict) -> list[str]:
    inline, queued = figures["immediate"], figures["database"]
    lines = [f"## {label}: the card held by {queued['held_by']:,} decks", ""]
    for name, data in (("judged in the request (baseline)", inline), ("queued", queued)):
        times = data["changeset_ms"]
        lines.append(
            f"- changeset, decks {name}: p50 {statistics.median(times):.1f} ms, "
            f"p95 {p95(times):.1f} ms"
        )
    ratio = statistics.median(queued["changeset_ms"]) / statistics.median(inline["changeset_ms"])
    worker = queued["worker_s"]
    lines.append(f"- queued ÷ baseline (p50): {ratio:.2f}")
    lines.append(f"- the worker's pass over those decks: p50 {statistics.median(worker):.2f} s")
    lines.append(
        f"- judging every deck ({queued['decks']:,}), as for a card all of them hold: "
        f"{queued['every_deck_s']:.1f} s"
    )
    imported = figures["import"]
    lines.append(
        f"- importing {imported['added']:,} new cards: {imported['import_s']:.1f} s; reading the "
        f"file alone (baseline) {imported['read_s']:.2f} s; ratio "
        f"{imported['import_s'] / imported['read_s']:.0f}"
    )
    met = p95(queued["changeset_ms"]) < TARGET_CHANGESET_P95_MS
    lines.append(
        f"- aim: changeset p95 < {TARGET_CHANGESET_P95_MS:.0f} ms: {'met' if met else 'missed'}; "
        f"worker < {TARGET_WORKER_S:.0f} s: "
        f"{'met' if queued['every_deck_s'] < TARGET_WORKER_S else 'missed'} (every deck); import < "
        f"{TARGET_IMPORT_S:.0f} s: {'met' if imported['import_s'] < TARGET_IMPORT_S else 'missed'}"
    )
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--measure", choices=("changesets", "import"), help=argparse.SUPPRESS)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--cards", type=int, default=5_000)
    parser.add_argument("--decks", type=int, default=20_000)
    parser.add_argument("--only", choices=("sqlite", "postgresql"))
    args = parser.parse_args()
    if args.measure == "changesets":
        print(json.dumps(measure_changesets(args.rounds)))
        return 0
    if args.measure == "import":
        print(json.dumps(measure_import()))
        return 0
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    env = dict(os.environ)
    results: dict[str, dict] = {}
    try:
        with tempfile.TemporaryDirectory(prefix="bench-changesets-") as tmp:
            if args.only != "postgresql":
                url = f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
                results["SQLite"] = build("SQLite", url, args, env)
            if args.only != "sqlite":
                base = os.environ.get("BENCH_DATABASE_URL", DEFAULT_PG_URL)
                why_not = postgres_unavailable(base)
                if why_not:
                    print(f"PostgreSQL skipped: {why_not}")
                else:
                    with ScratchDatabase(base, "changesets") as scratch:
                        results["PostgreSQL"] = build("PostgreSQL", scratch.url, args, env)
    except (BenchError, ValueError) as exc:
        print(f"changeset benchmark failed: {exc}", file=sys.stderr)
        return 1
    print()
    for label, figures in results.items():
        print("\n".join(report(label, figures)))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
