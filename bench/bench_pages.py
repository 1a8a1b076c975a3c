"""Time the site's pages and API lists in-process at 5,000 and 50,000 cards, on SQLite and PostgreSQL.

For each size and database the run builds a site of its own with `manage.py make_scale_data`
(cards; players and decks scaled with them: 200 players and 2,000 decks at 5,000 cards, 2,000
and 20,000 at 50,000; versions and likes), in a scratch database only:

- SQLite: a file in a temporary directory, deleted afterwards;
- PostgreSQL: a database named after BENCH_DATABASE_URL's (default
  postgres://postgres@127.0.0.1:5432/cardbase_bench) plus "pages", the time and a random
  suffix, so two runs never share one; dropped at the end, after a failure, Ctrl-C or TERM
  too. When no server answers, PostgreSQL is skipped with a message.

Then a child process with Django set up on that database as production runs it (DEBUG off, a
random secret key, collected static files, the API's throttles lifted) requests each page with
django.test.Client: `--rounds` times after WARMUP requests, p50/p95 in ms, "cold" (the cache
emptied before each request, so a page cache is always a miss) and "warm" (left alone), the
number of queries (CaptureQueriesContext, one request of each kind, not timed) and the size. The
baseline, timed the same way in the same run, is `/livez`, the view that touches nothing; each
page's p50 is also shown as a multiple of it. The builder's save is a JSON POST as the builder's
script sends it: every count, one card a copy up or down, with the version the last save returned.

Prints a table per database and "target met/missed" lines (p95 < 100 ms cold at the largest size
for every page; growth from the smallest to the largest size < 2×; the save's p95 < 50 ms), and
writes the same to bench/results/pages-<time>.md and .json (git ignores them). Exits 0 whatever
the timings; non-zero only when the benchmark itself fails (a command or a page breaks).

    python bench/bench_pages.py [--sizes 5000,50000] [--rounds 20] [--only sqlite|postgresql]
                                [--json FILE]
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import secrets
import signal
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from scratch import REPO, BenchError, ScratchDatabase, postgres_unavailable, run

RESULTS = REPO / "bench" / "results"
DEFAULT_PG_URL = "postgres://postgres@127.0.0.1:5432/cardbase_bench"
SIZES = (5_000, 50_000)
ROUNDS = 20
WARMUP = 3
TARGET_P95_MS = 100.0
TARGET_GROWTH = 2.0
TARGET_SAVE_P95_MS = 50.0
BASELINE = "livez"
SAVE = "builder save (POST)"
# A word of the synthetic texts a few per cent of the cards hold (make_synthetic_catalogue).
SEARCH = "gniew"


def scale(cards: int) -> tuple[int, int]:
    """Return the players and decks that go with `cards`: 200 and 2,000 for 5,000 cards."""
    return max(2, cards // 25), max(1, cards * 2 // 5)


def child_env(database_url: str, static_root: Path, media_root: Path) -> dict[str, str]:
    """Return the environment of production settings on the scratch database."""
    env = {
        **os.environ,
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(48),  # 64 characters
        "DJANGO_ALLOWED_HOSTS": "testserver",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DJANGO_SECURE_COOKIES": "0",
        "DJANGO_STATIC_ROOT": str(static_root),
        "DJANGO_MEDIA_ROOT": str(media_root),
        "DATABASE_URL": database_url,
        # The bench measures the pages, not the API's limits on one client's rate.
        "API_THROTTLE_ANON": "1000000/second",
        "API_THROTTLE_USER": "1000000/second",
        "API_THROTTLE_VALIDATE": "1000000/second",
        "API_THROTTLE_DECK_WRITE": "1000000/second",
    }
    # One database for everything; the cache is the process's own (local memory).
    for name in ("DATABASE_REPLICA_URL", "REDIS_URL"):
        env.pop(name, None)
    return env


def bench_size(database_url: str, size: int, args, work: Path) -> dict:
    """Build the site at `size` cards in the database, measure it; return the figures."""
    env = child_env(database_url, work / "static", work / "media")
    if not (work / "static").exists():
        run([sys.executable, "manage.py", "collectstatic", "--no-input", "-v", "0"], env)
    players, decks = scale(size)
    started = time.perf_counter()
    run([sys.executable, "manage.py", "migrate", "--no-input", "-v", "0"], env)
    made = run(
        [
            sys.executable,
            "manage.py",
            "make_scale_data",
            *("--cards", str(size), "--players", str(players), "--decks", str(decks)),
        ],
        env,
    )
    built = time.perf_counter() - started
    for line in made.strip().splitlines():
        print(f"    {line.strip()}")
    print(f"    migrated and built in {built:.0f} s; measuring…", flush=True)
    started = time.perf_counter()
    out = run(
        [sys.executable, __file__, "--measure", "--rounds", str(args.rounds)],
        env,
    )
    figures = json.loads(out)
    figures["built_s"] = round(built, 1)
    figures["measured_s"] = round(time.perf_counter() - started, 1)
    return figures


def bench_backend(label: str, sizes, args, work: Path) -> dict[int, dict]:
    """Measure every size on one database; return {size: figures}."""
    figures = {}
    for size in sizes:
        players, decks = scale(size)
        print(f"{label}: {size:,} cards, {players:,} players, {decks:,} decks", flush=True)
        if label == "SQLite":
            with tempfile.TemporaryDirectory(prefix="cardbase_bench_pages_") as tmp:
                url = f"sqlite:///{tmp}/cardbase_bench_pages.sqlite3"
                figures[size] = bench_size(url, size, args, work)
        else:
            base = os.environ.get("BENCH_DATABASE_URL", DEFAULT_PG_URL)
            with ScratchDatabase(base, "pages") as database:
                print(f"    scratch database {database.name}", flush=True)
                figures[size] = bench_size(database.url, size, args, work)
            print(f"    dropped {database.name}", flush=True)
    return figures


# --- In the child: Django set up on the scratch database ---------------------------------------


def measure(rounds: int) -> dict:
    """Time every page cold and warm; return {page: figures} and what was chosen."""
    sys.path.insert(0, str(REPO))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from collections import Counter

    from django.contrib.auth import get_user_model
    from django.db.models import Count
    from django.test import Client
    from django.urls import reverse

    from cardbase.models import Card
    from cardbase.selectors.card_page import related_cards
    from decks.models import Deck, Visibility

    # The card page with the most related cards: an angel of the biggest order.
    orders = Counter(
        attributes.get("order")
        for attributes in Card.objects.filter(kind="angel").values_list("attributes", flat=True)
    )
    orders.pop(None, None)
    order = orders.most_common(1)[0][0]
    card = Card.objects.filter(kind="angel", attributes__order=order).order_by("pk").first()
    related = related_cards(card=card)
    # The public deck with the most cards in it, the most versions breaking ties.
    deck = (
        Deck.objects.filter(visibility=Visibility.PUBLIC)
        .annotate(rows=Count("entries"))
        .order_by("-rows", "-version", "pk")
        .first()
    )
    anonymous = Client()
    owner = Client()
    owner.force_login(get_user_model().objects.get(pk=deck.owner_id))
    deck_url = reverse("deck-detail", kwargs={"deck_id": deck.pk})
    pages = [
        (BASELINE, "/livez", anonymous),
        ("catalogue", reverse("card-list"), anonymous),
        ("catalogue faction=fallen", reverse("card-list") + "?faction=fallen", anonymous),
        (f"search q={SEARCH}", reverse("card-list") + f"?q={SEARCH}", anonymous),
        (f"card page ({related.others} related)", card.get_absolute_url(), anonymous),
        ("API cards", "/api/v1/cards/", anonymous),
        ("API cards faction=fallen", "/api/v1/cards/?faction=fallen", anonymous),
        ("decks", reverse("deck-list"), anonymous),
        ("decks sort=liked", reverse("deck-list") + "?sort=liked", anonymous),
        ("API decks", "/api/v1/decks/", anonymous),
        ("API decks sort=liked", "/api/v1/decks/?sort=liked", anonymous),
        (f"public deck ({deck.card_total} cards)", deck_url, anonymous),
        ("builder", reverse("deck-edit", kwargs={"deck_id": deck.pk}), owner),
        ("hand", reverse("deck-hand", kwargs={"deck_id": deck.pk}), anonymous),
        ("stats", reverse("deck-stats", kwargs={"deck_id": deck.pk}), anonymous),
        ("history", reverse("deck-history", kwargs={"deck_id": deck.pk}), anonymous),
    ]
    # Once every page has been asked for (its code and templates loaded), hide what is loaded
    # from the garbage collector, as config/gunicorn.conf.py's post_worker_init does.
    for _name, path, client in pages:
        client.get(path)
    gc.freeze()
    figures = {}
    for name, path, client in pages:
        figures[name] = {
            "path": path,
            "cold": timed(lambda c=client, p=path: c.get(p), rounds, cold=True),
            "warm": timed(lambda c=client, p=path: c.get(p), rounds, cold=False),
        }
    figures[SAVE] = {"path": reverse("deck-save", kwargs={"deck_id": deck.pk})}
    save = Saver(owner, figures[SAVE]["path"], deck)
    figures[SAVE]["cold"] = timed(save, rounds, cold=True)
    figures[SAVE]["warm"] = timed(save, rounds, cold=False)
    return {
        "pages": figures,
        "chosen": {
            "card": card.get_absolute_url(),
            "order": order,
            "related": related.others,
            "deck": str(deck.pk),
            "deck_cards": deck.card_total,
            "deck_rows": deck.rows,
            "deck_versions": deck.version,
        },
        "counts": {
            "cards": Card.objects.count(),
            "decks": Deck.objects.count(),
            "players": get_user_model().objects.count(),
        },
    }


class Saver:
    """The builder's save: every count, one card's count up or down, the version last returned."""

    def __init__(self, client, path: str, deck) -> None:
        self.client = client
        self.path = path
        self.version = deck.version
        self.counts = {
            f"{card_id}:{section}": count
            for card_id, section, count in deck.entries.values_list("card_id", "section", "count")
        }
        self.key = next(iter(sorted(self.counts)))
        self.base = self.counts[self.key]
        self.up = False

    def __call__(self):
        self.up = not self.up
        self.counts[self.key] = self.base + (1 if self.up else 0)
        response = self.client.post(
            self.path,
            data=json.dumps({"version": self.version, "cards": self.counts}),
            content_type="application/json",
        )
        if response.status_code == 200:
            self.version = response.json()["version"]
        return response


def empty_caches() -> None:
    """Empty the shared cache and the page cache's copies in this process: the next is a miss."""
    from django.core.cache import cache

    from common.page_cache import forget_local_copies

    cache.clear()
    forget_local_copies()


def timed(request, rounds: int, *, cold: bool) -> dict:
    """Return p50/p95 in ms over `rounds` requests after WARMUP, the queries and the size."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    samples = []
    for i in range(WARMUP + rounds):
        if cold:
            empty_caches()
        started = time.perf_counter()
        response = request()
        elapsed = (time.perf_counter() - started) * 1000
        if response.status_code != 200:
            raise BenchError(f"answered {response.status_code}: {response.content[:300]!r}")
        if i >= WARMUP:
            samples.append(elapsed)
    # The queries of one more request, untimed: capturing them costs time of its own.
    if cold:
        empty_caches()
    with CaptureQueriesContext(connection) as queries:
        response = request()
    samples.sort()
    p95 = samples[min(len(samples) - 1, round(0.95 * (len(samples) - 1)))]
    return {
        "p50": round(statistics.median(samples), 2),
        "p95": round(p95, 2),
        "queries": len(queries),
        "bytes": len(response.content),
    }


# --- The report ----------------------------------------------------------------------------------


def short(size: int) -> str:
    return f"{size // 1000}k" if size >= 1000 and size % 1000 == 0 else str(size)


def report(label: str, figures: dict[int, dict]) -> tuple[list[str], list[str]]:
    """Return the table for one database and its "target met/missed" lines."""
    sizes = sorted(figures)
    small, large = sizes[0], sizes[-1]
    pages = figures[large]["pages"]
    chosen = figures[large]["chosen"]
    lines = [
        f"## {label}",
        "",
        f"Card page: {chosen['card']} ({chosen['related']} related cards); deck "
        f"{chosen['deck']} ({chosen['deck_cards']} cards in {chosen['deck_rows']} rows, "
        f"{chosen['deck_versions']} versions), at {short(large)}. Built in "
        + ", ".join(f"{figures[s]['built_s']:.0f} s at {short(s)}" for s in sizes)
        + ".",
        "",
        "p50/p95 in ms; cold: the cache emptied before each request; growth: cold p95 at "
        f"{short(large)} / at {short(small)}; queries: cold, one request; "
        f"× livez: cold p50 / /livez's at {short(large)}.",
        "",
    ]
    header = ["page"]
    for size in sizes:
        header += [f"cold {short(size)}", f"warm {short(size)}"]
    header += ["growth"] + [f"queries {short(s)}" for s in sizes] + ["KB", "× livez"]
    lines.append("| " + " | ".join(header) + " |")
    lines.append("|---|" + "---:|" * (len(header) - 1))
    baseline = pages[BASELINE]["cold"]["p50"] or 0.01
    names = list(pages)
    for index, name in enumerate(names):
        # A page's name may carry a figure of its size (related cards); match by position.
        row = [name]
        at = {s: list(figures[s]["pages"].values())[index] for s in sizes}
        for size in sizes:
            for mode in ("cold", "warm"):
                f = at[size][mode]
                row.append(f"{f['p50']:.1f} / {f['p95']:.1f}")
        first, last = at[small]["cold"]["p95"], at[large]["cold"]["p95"]
        row.append(f"{last / first:.1f}×" if len(sizes) > 1 and first else "–")
        row += [str(at[s]["cold"]["queries"]) for s in sizes]
        row.append(f"{at[large]['cold']['bytes'] / 1024:.0f}")
        row.append(f"{at[large]['cold']['p50'] / baseline:.0f}")
        lines.append("| " + " | ".join(row) + " |")
    return lines, targets(label, figures)


def targets(label: str, figures: dict[int, dict]) -> list[str]:
    """Return whether each aim is met on one database."""
    sizes = sorted(figures)
    small, large = sizes[0], sizes[-1]
    names = list(figures[large]["pages"])
    reads = [i for i, name in enumerate(names) if name not in (BASELINE, SAVE)]

    def at(size, index, mode="cold"):
        return list(figures[size]["pages"].values())[index][mode]

    slow = [f"{names[i]} {at(large, i)['p95']:.0f}" for i in reads if at(large, i)["p95"] >= 100]
    verdicts = []
    if slow:
        verdicts.append(
            f"{label}: p95 < {TARGET_P95_MS:.0f} ms cold at {short(large)}: MISSED by "
            f"{len(slow)} of {len(reads)} ({'; '.join(slow)} ms)"
        )
    else:
        verdicts.append(
            f"{label}: p95 < {TARGET_P95_MS:.0f} ms cold at {short(large)}: met by all {len(reads)}"
        )
    if len(sizes) > 1:
        grown = [
            f"{names[i]} {at(large, i)['p95'] / at(small, i)['p95']:.1f}×"
            for i in reads
            if at(small, i)["p95"] and at(large, i)["p95"] / at(small, i)["p95"] >= TARGET_GROWTH
        ]
        what = f"growth {short(small)} → {short(large)} < {TARGET_GROWTH:.0f}×"
        verdicts.append(
            f"{label}: {what}: MISSED by {len(grown)} ({'; '.join(grown)})"
            if grown
            else f"{label}: {what}: met by all {len(reads)}"
        )
    save = figures[large]["pages"][SAVE]["warm"]["p95"]
    verdict = "met" if save < TARGET_SAVE_P95_MS else "MISSED"
    verdicts.append(
        f"{label}: builder save p95 < {TARGET_SAVE_P95_MS:.0f} ms at {short(large)}: {verdict} "
        f"({save:.1f} ms)"
    )
    return verdicts


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
    sizes = tuple(sorted(int(size) for size in args.sizes.split(",")))
    # A TERM (a CI timeout, a kill) unwinds through the `with` blocks as Ctrl-C does.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    started = datetime.now(UTC)
    load_before = os.getloadavg()[0]
    backends: dict[str, dict] = {}
    try:
        with tempfile.TemporaryDirectory(prefix="bench-pages-") as tmp:
            if args.only != "postgresql":
                backends["SQLite"] = bench_backend("SQLite", sizes, args, Path(tmp))
            if args.only != "sqlite":
                base = os.environ.get("BENCH_DATABASE_URL", DEFAULT_PG_URL)
                why_not = postgres_unavailable(base)
                if why_not:
                    print(f"PostgreSQL skipped: {why_not}")
                else:
                    backends["PostgreSQL"] = bench_backend("PostgreSQL", sizes, args, Path(tmp))
    except (BenchError, ValueError) as exc:
        print(f"page benchmark failed: {exc}", file=sys.stderr)
        return 1
    load_after = os.getloadavg()[0]
    text = [
        f"# Page benchmark, {started:%Y-%m-%d %H:%M} UTC",
        "",
        f"In-process (django.test.Client), production settings, {args.rounds} rounds after "
        f"{WARMUP} warm-up requests, on {os.cpu_count()} CPUs; load average (1 min) before and "
        f"after: {load_before:.1f}, {load_after:.1f}: the figures are only as quiet as the "
        "machine. Sizes: " + ", ".join(f"{s:,} cards ({scale(s)[1]:,} decks)" for s in sizes) + ".",
        "",
    ]
    verdicts = []
    for label, figures in backends.items():
        table, met = report(label, figures)
        text += [*table, ""]
        verdicts += met
    text += ["Aims:", *(f"- {line}" for line in verdicts)]
    output = "\n".join(text) + "\n"
    print()
    print(output)
    RESULTS.mkdir(exist_ok=True)
    result = RESULTS / f"pages-{started:%Y%m%d-%H%M%S}.md"
    result.write_text(output, encoding="utf-8")
    figures_json = json.dumps(
        {label: {str(s): f for s, f in sizes_.items()} for label, sizes_ in backends.items()},
        indent=1,
    )
    result.with_suffix(".json").write_text(figures_json, encoding="utf-8")
    if args.json:
        args.json.write_text(figures_json, encoding="utf-8")
    print(f"written to {result.relative_to(REPO)} (and .json)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
