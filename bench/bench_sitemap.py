"""Time the sitemap's pages at 20,000 public decks and 50,000 cards, on SQLite and PostgreSQL.

On a scratch site of each database (SQLite in a temporary directory; PostgreSQL, a database of
the run's own, when a server answers) built by `manage.py make_scale_data` (`--cards`, 50,000;
2,000 players; `--public` plus a fifth more decks), a child process with production settings
makes `--public` (20,000) decks public, the rest staying private or unlisted, then requests with
django.test.Client the sitemap's index, the first and the last page of the decks' section and
the first and the last page of the cards' (each page 5,000 addresses), `--rounds` (20) times after
3 warm-up requests (the garbage collector's view of what is loaded frozen, as in
bench_pages.py), the cache emptied before each (cold), and counts the queries of one more.

The baseline, timed the same way in the same run, is `/livez`; each page's p50 is also given as
a multiple of it. The aim: every page's p95 under 200 ms cold. Exits 0 whatever the figures;
non-zero only when the benchmark itself breaks.

    python bench/bench_sitemap.py [--cards 50000] [--public 20000] [--rounds 20]
                                  [--only sqlite|postgresql]
"""

from __future__ import annotations

import gc
import json
import os
import sys
import time
from pathlib import Path

from bench_pages import BASELINE, child_env, timed
from scratch import REPO, aim_verdict, bench_arguments, on_each_database, run

PLAYERS = 2_000
AIM_P95_MS = 200.0


def build(database_url: str, args, work: Path) -> dict:
    """Build the scratch site and measure it in a child process; return the figures."""
    env = child_env(database_url, work / "static", work / "media")
    if not (work / "static").exists():
        run([sys.executable, "manage.py", "collectstatic", "--no-input", "-v", "0"], env)
    started = time.perf_counter()
    run([sys.executable, "manage.py", "migrate", "--no-input", "-v", "0"], env)
    # A fifth more decks than are made public: the section must leave the others out.
    decks = args.public + args.public // 5
    counts = ("--cards", str(args.cards), "--players", str(PLAYERS), "--decks", str(decks))
    run([sys.executable, "manage.py", "make_scale_data", *counts], env)
    print(f"    built in {time.perf_counter() - started:.0f} s; measuring…", flush=True)
    measure = [sys.executable, __file__, "--measure", "--rounds", str(args.rounds)]
    return json.loads(run([*measure, "--public", str(args.public)], env))


# --- In the child: Django set up on the scratch database ---------------------------------------


def make_public(public: int) -> None:
    """Make the first `public` decks (by id) public and listed; the others private or unlisted."""
    from decks.models import Deck, Visibility

    chosen = list(Deck.objects.order_by("pk").values_list("pk", flat=True)[:public])
    Deck.objects.exclude(visibility=Visibility.PRIVATE).exclude(pk__in=chosen).update(
        visibility=Visibility.UNLISTED
    )
    for start in range(0, len(chosen), 5_000):
        Deck.objects.filter(pk__in=chosen[start : start + 5_000]).update(
            visibility=Visibility.PUBLIC, archived=False
        )


def measure(rounds: int, public: int) -> dict:
    """Make the decks public, then time each sitemap page cold; return {page: figures}."""
    sys.path.insert(0, str(REPO))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.db import connection
    from django.test import Client
    from django.urls import reverse

    from cardbase.sitemaps import CardSitemap
    from decks.sitemaps import DeckSitemap

    make_public(public)
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    client = Client()
    section = reverse("sitemap-section", kwargs={"section": "decks"})
    cards = reverse("sitemap-section", kwargs={"section": "cards"})
    deck_pages, card_pages = DeckSitemap().paginator.num_pages, CardSitemap().paginator.num_pages
    pages = [
        (BASELINE, "/livez"),
        ("index", reverse("sitemap")),
        ("decks, page 1", section),
        (f"decks, page {deck_pages} (last)", f"{section}?p={deck_pages}"),
        ("cards, page 1", cards),
        (f"cards, page {card_pages} (last)", f"{cards}?p={card_pages}"),
    ]
    # Once every page has been asked for, hide what is loaded from the garbage collector, as
    # config/gunicorn.conf.py's post_worker_init does.
    addresses = {name: client.get(url).content.count(b"<loc>") for name, url in pages}
    gc.freeze()
    figures = {}
    for name, url in pages:
        figures[name] = timed(lambda url=url: client.get(url), rounds, cold=True)
        figures[name]["addresses"] = addresses[name]
    return {
        "pages": figures,
        "public": DeckSitemap().paginator.count,
        "cards": CardSitemap().paginator.count,
    }


# --- The report ----------------------------------------------------------------------------------


def report(label: str, figures: dict) -> list[str]:
    pages = figures["pages"]
    baseline = pages[BASELINE]["p50"] or 0.01
    lines = [
        f"{label}: {figures['public']:,} public decks, {figures['cards']:,} cards",
        "",
        "| page | addresses | p50 ms | p95 ms | × livez | queries | KB | aim (p95, cold) |",
        "|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    for name, page in pages.items():
        verdict = aim_verdict(page["p95"], None if name == BASELINE else AIM_P95_MS)
        lines.append(
            f"| {name} | {page['addresses']:,} | {page['p50']} | {page['p95']} "
            f"| {page['p50'] / baseline:.0f} | {page['queries']} | {page['bytes'] // 1024} | {verdict} |"
        )
    return lines


def main() -> int:
    parser = bench_arguments(__doc__)
    parser.add_argument("--cards", type=int, default=50_000)
    parser.add_argument("--public", type=int, default=20_000)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.rounds, args.public)))
        return 0
    return on_each_database("sitemap", args.only, lambda url, work: build(url, args, work), report)


if __name__ == "__main__":
    sys.exit(main())
