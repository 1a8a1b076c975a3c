"""Time the pages that read a player's collection at 50,000 cards, 20,000 decks and 1,000-card
collections.

On a scratch site of each database (SQLite in a temporary directory; PostgreSQL, a database of
the run's own, when a server answers) built by `manage.py make_scale_data` (`--cards`, 50,000;
2,000 players; `--decks`, 20,000), a child process with production settings gives `--collectors`
(200) players a collection of `--owned` (1,000) cards, the cards the decks hold most first, two
or three copies each, as a player's box of an out-of-print game holds the common cards; the
first collector's box holds, besides, every card of a few public decks (two or three copies),
so that some decks are buildable and more lack a few copies, and the lists have decks to show. Then it
requests each page as the first collector, with django.test.Client, `--rounds` (20) times after
3 warm-up requests, the cache emptied before each (cold), and counts the queries of one more.

The baseline, timed the same way in the same run, is `/livez`; each page's p50 is also given as
a multiple of it. The aims: the catalogue filtered by ownership, the builder's owned search and
a deck page with the viewer's copies p95 under 100 ms cold; the public list "buildable" and
"lacking at most 5" under 150 ms cold, on both databases. Exits 0 whatever the figures; non-zero
only when the benchmark itself breaks.

    python bench/bench_collection.py [--cards 50000] [--decks 20000] [--owned 1000]
                                     [--collectors 200] [--rounds 20] [--only sqlite|postgresql]
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

from bench_pages import BASELINE, child_env, timed
from scratch import REPO, aim_verdict, bench_arguments, on_each_database, run

PLAYERS = 2_000
# (page, its aim: p95 in ms, cold)
AIMS = {
    "catalogue, cards I own": 100.0,
    "catalogue, mam>=2": 100.0,
    "builder, mam>=1": 100.0,
    "deck page, my copies": 100.0,
    "public list, buildable": 150.0,
    "public list, lacking at most 5": 150.0,
}


def build(database_url: str, args, work: Path) -> dict:
    """Build the scratch site and measure it in a child process; return the figures."""
    env = child_env(database_url, work / "static", work / "media")
    if not (work / "static").exists():
        run([sys.executable, "manage.py", "collectstatic", "--no-input", "-v", "0"], env)
    started = time.perf_counter()
    run([sys.executable, "manage.py", "migrate", "--no-input", "-v", "0"], env)
    counts = ("--cards", str(args.cards), "--players", str(PLAYERS), "--decks", str(args.decks))
    run([sys.executable, "manage.py", "make_scale_data", *counts], env)
    print(f"    built in {time.perf_counter() - started:.0f} s; collecting…", flush=True)
    measure = [sys.executable, __file__, "--measure", "--rounds", str(args.rounds)]
    measure += ["--owned", str(args.owned), "--collectors", str(args.collectors)]
    return json.loads(run(measure, env))


# --- In the child: Django set up on the scratch database ---------------------------------------


def _boxed_decks_cards(owned: int) -> list[int]:
    """Return the cards of the first public decks, deck by deck, up to half of `owned`: the
    first collector's box holds them, so some decks are within reach and the lists fill."""
    from decks.models import Deck, DeckCard

    cards: dict[int, None] = {}
    for deck_id in Deck.objects.public().order_by("pk").values_list("pk", flat=True)[:200]:
        held = DeckCard.objects.filter(deck_id=deck_id).values_list("card_id", flat=True)
        if len(cards) + len(held) > owned // 2:
            break
        cards.update(dict.fromkeys(held))
    return list(cards)


def add_collections(owned: int, collectors: int):
    """Give `collectors` players `owned` cards each, the most held first; return the first,
    whose box also holds every card of a few public decks."""
    from django.contrib.auth import get_user_model
    from django.db.models import Count

    from cardbase.models import Card
    from decks.models import Collection, OwnedCard

    popular = list(
        Card.objects.annotate(decks=Count("deck_entries"))
        .order_by("-decks", "pk")
        .values_list("pk", flat=True)[: owned * 2]
    )
    boxed = _boxed_decks_cards(owned)
    in_box = set(boxed)
    first = [*boxed, *(card for card in popular if card not in in_box)][:owned]
    players = list(
        get_user_model().objects.filter(username__startswith="scale-").order_by("pk")[:collectors]
    )
    Collection.objects.bulk_create([Collection(owner=player) for player in players])
    for n, player in enumerate(players):
        # Each collector owns a different slice of the popular cards; the first the most held.
        chosen = popular[(n * 7) % owned : (n * 7) % owned + owned] if n else first
        OwnedCard.objects.bulk_create(
            [
                OwnedCard(collection_id=player.pk, card_id=card_id, count=2 + (card_id % 2))
                for card_id in chosen
            ],
            batch_size=2000,
        )
    return players[0]


def measure(rounds: int, owned: int, collectors: int) -> dict:
    """Add the collections, then time each page cold; return {page: figures} and the sizes."""
    sys.path.insert(0, str(REPO))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.test import Client
    from django.urls import reverse

    from decks.models import Deck, OwnedCard
    from decks.selectors.buildable import decks_within_reach

    started = time.perf_counter()
    collector = add_collections(owned, collectors)
    added_s = time.perf_counter() - started
    client = Client()
    client.force_login(collector)
    public = Deck.objects.public()
    widest = public.order_by("-card_total", "pk").first()
    mine = Deck.objects.filter(owner=collector).order_by("pk").first() or widest
    builder = reverse("deck-edit", args=[mine.pk]) if mine.owner_id == collector.pk else None
    catalogue = reverse("card-list")
    pages = [
        (BASELINE, "/livez"),
        ("catalogue, cards I own", f"{catalogue}?game={mine.game.slug}&collection=owned"),
        ("catalogue, mam>=2", f"{catalogue}?game={mine.game.slug}&q=mam%3E%3D2"),
        *([("builder, mam>=1", f"{builder}?q=mam%3E%3D1&all_cards=1")] if builder else []),
        (f"deck page, my copies ({widest.card_total} cards)", widest.get_absolute_url()),
        ("public list, buildable", reverse("deck-list") + "?within_reach=0"),
        ("public list, lacking at most 5", reverse("deck-list") + "?within_reach=5"),
    ]
    figures = {}
    for name, url in pages:
        figures[name] = timed(lambda url=url: client.get(url), rounds, cold=True)
    reach = decks_within_reach(decks=public, user=collector, most_missing=5)
    return {
        "pages": figures,
        "decks": Deck.objects.count(),
        "owned_rows": OwnedCard.objects.count(),
        "buildable": sum(1 for _deck, missing in reach if missing == 0),
        "within_5": len(reach),
        "added_s": round(added_s, 1),
    }


# --- The report ----------------------------------------------------------------------------------


def _aim(name: str) -> float | None:
    return next((aim for page, aim in AIMS.items() if name.startswith(page)), None)


def report(label: str, figures: dict) -> list[str]:
    pages = figures["pages"]
    baseline = pages[BASELINE]["p50"] or 0.01
    lines = [
        f"{label}: {figures['decks']:,} decks, {figures['owned_rows']:,} owned-card rows "
        f"(added in {figures['added_s']} s); the first collector can build "
        f"{figures['buildable']} public decks and lacks at most 5 copies of {figures['within_5']}",
        "",
        "| page | p50 ms | p95 ms | × livez | queries | aim (p95, cold) |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for name, page in pages.items():
        verdict = aim_verdict(page["p95"], _aim(name))
        lines.append(
            f"| {name} | {page['p50']} | {page['p95']} | {page['p50'] / baseline:.0f} "
            f"| {page['queries']} | {verdict} |"
        )
    return lines


def main() -> int:
    parser = bench_arguments(__doc__)
    parser.add_argument("--cards", type=int, default=50_000)
    parser.add_argument("--decks", type=int, default=20_000)
    parser.add_argument("--owned", type=int, default=1_000)
    parser.add_argument("--collectors", type=int, default=200)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.rounds, args.owned, args.collectors)))
        return 0
    return on_each_database(
        "collection", args.only, lambda url, work: build(url, args, work), report
    )


if __name__ == "__main__":
    sys.exit(main())
