"""Time a 60-card deck's picture (`/decks/<id>/image.png`): drawn cold, and served from the cache.

On a scratch site of each database (SQLite in a temporary directory; PostgreSQL, a database of
the run's own, when a server answers) built by `manage.py make_scale_data` (`--cards`, 2,000;
200 players; 2,000 decks: the picture reads one deck, the site's size matters little), a child
process with production settings makes a public deck of 60 different cards (the longest list a
60-card deck can be: one row per card) and requests, with django.test.Client, `--rounds` (20)
times after 3 warm-up requests:

- the picture **cold**: the cache emptied before each request (the shared cache and the page
  cache's copies in the process), so every request reads the deck and draws it;
- the picture **cached**: left alone, every request after the first served from the cache;
- the deck's page, cold, whose link-preview tags lay the picture out without drawing it.

The baseline, timed the same way in the same run, is `/livez`; each figure's p50 is also given
as a multiple of it. The aims: the picture drawn in under 300 ms (p95, cold), served from the
cache in under 20 ms (p95). Exits 0 whatever the figures; non-zero only when the benchmark
itself breaks.

    python bench/bench_deck_image.py [--cards 2000] [--decks 2000] [--rounds 20]
                                     [--only sqlite|postgresql]
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

from bench_pages import BASELINE, child_env, timed
from scratch import REPO, aim_verdict, bench_arguments, on_each_database, run

PLAYERS = 200
DECK_CARDS = 60
COLD, CACHED, PAGE = "picture, drawn (cold)", "picture, from the cache", "deck page (cold)"
# (what, its aim: p95 in ms)
AIMS = {COLD: 300.0, CACHED: 20.0}


def build(database_url: str, args, work: Path) -> dict:
    """Build the scratch site and measure it in a child process; return the figures."""
    env = child_env(database_url, work / "static", work / "media")
    if not (work / "static").exists():
        run([sys.executable, "manage.py", "collectstatic", "--no-input", "-v", "0"], env)
    started = time.perf_counter()
    run([sys.executable, "manage.py", "migrate", "--no-input", "-v", "0"], env)
    counts = ("--cards", str(args.cards), "--players", str(PLAYERS), "--decks", str(args.decks))
    run([sys.executable, "manage.py", "make_scale_data", *counts], env)
    print(f"    built in {time.perf_counter() - started:.0f} s; measuring…", flush=True)
    return json.loads(
        run([sys.executable, __file__, "--measure", "--rounds", str(args.rounds)], env)
    )


# --- In the child: Django set up on the scratch database ---------------------------------------


def measure(rounds: int) -> dict:
    """Make the 60-card deck, then time its picture cold and cached; return the figures."""
    sys.path.insert(0, str(REPO))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.urls import reverse

    from cardbase.models import Card
    from decks import services

    owner = get_user_model().objects.filter(username__startswith="scale-").order_by("pk").first()
    cards = Card.objects.filter(game__slug="aniolowie").order_by("pk")[:DECK_CARDS]
    deck = services.deck_create(
        owner=owner,
        name="Sześćdziesiąt różnych kart, jedna pod drugą",
        options={"faction": "fallen"},
        visibility="public",
        cards={card.pk: 1 for card in cards},
    )
    client = Client()
    image = reverse("deck-image", kwargs={"deck_id": deck.pk})
    figures = {
        BASELINE: timed(lambda: client.get("/livez"), rounds, cold=True),
        COLD: timed(lambda: client.get(image), rounds, cold=True),
        CACHED: timed(lambda: client.get(image), rounds, cold=False),
        PAGE: timed(lambda: client.get(deck.get_absolute_url()), rounds, cold=True),
    }
    return {"figures": figures, "deck_cards": deck.card_total, "deck_rows": deck.entries.count()}


# --- The report ----------------------------------------------------------------------------------


def report(label: str, measured: dict) -> list[str]:
    figures = measured["figures"]
    baseline = figures[BASELINE]["p50"] or 0.01
    lines = [
        f"{label}: a public deck of {measured['deck_cards']} cards in {measured['deck_rows']} rows",
        "",
        "| what | p50 ms | p95 ms | × livez | queries | KB | aim (p95) |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    for name, f in figures.items():
        verdict = aim_verdict(f["p95"], AIMS.get(name))
        lines.append(
            f"| {name} | {f['p50']} | {f['p95']} | {f['p50'] / baseline:.0f} | {f['queries']} "
            f"| {f['bytes'] / 1024:.0f} | {verdict} |"
        )
    return lines


def main() -> int:
    parser = bench_arguments(__doc__)
    parser.add_argument("--cards", type=int, default=2_000)
    parser.add_argument("--decks", type=int, default=2_000)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.rounds)))
        return 0
    return on_each_database(
        "deck-image", args.only, lambda url, work: build(url, args, work), report
    )


if __name__ == "__main__":
    sys.exit(main())
