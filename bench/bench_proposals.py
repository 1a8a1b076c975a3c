"""Time the moderation queue, "my proposals", a card's page and its history with 10,000 proposals.

On a scratch site of each database (SQLite in a temporary directory; PostgreSQL, a database of
the run's own, when a server answers) built by `manage.py make_scale_data` (`--cards`, 5,000;
1,000 players; 2,000 decks), a child process with production settings adds `--proposals`
(10,000) proposals by the players, half of them decided (approved, in part or whole, or
rejected with a reason), and `--history` (60) proposals of one card approved through the
moderators' service, so that card's page names 60 changesets' provenance and its history lists
them. Then it requests each page with django.test.Client `--rounds` (20) times after 3 warm-up
requests, the cache emptied before each (cold), and counts the queries of one more request.

The baseline, timed the same way in the same run, is `/livez`; each page's p50 is also given as
a multiple of it. The aim: every page's p95 under 100 ms cold on both databases. Exits 0 whatever
the figures; non-zero only when the benchmark itself breaks.

    python bench/bench_proposals.py [--cards 5000] [--proposals 10000] [--rounds 20]
                                    [--only sqlite|postgresql]
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path

from bench_pages import BASELINE, child_env, timed
from scratch import REPO, bench_arguments, on_each_database, run

PLAYERS = 1_000
DECKS = 2_000
TARGET_P95_MS = 100.0


def build(database_url: str, args, work: Path) -> dict:
    """Build the scratch site and measure it in a child process; return the figures."""
    env = child_env(database_url, work / "static", work / "media")
    env["DJANGO_PRIVATE_MEDIA_ROOT"] = str(work / "private")
    if not (work / "static").exists():
        run([sys.executable, "manage.py", "collectstatic", "--no-input", "-v", "0"], env)
    started = time.perf_counter()
    run([sys.executable, "manage.py", "migrate", "--no-input", "-v", "0"], env)
    counts = ("--cards", str(args.cards), "--players", str(PLAYERS), "--decks", str(DECKS))
    run([sys.executable, "manage.py", "make_scale_data", *counts], env)
    print(f"    built in {time.perf_counter() - started:.0f} s; proposing…", flush=True)
    measure = [sys.executable, __file__, "--measure", "--rounds", str(args.rounds)]
    measure += ["--proposals", str(args.proposals), "--history", str(args.history)]
    return json.loads(run(measure, env))


# --- In the child: Django set up on the scratch database ---------------------------------------


def add_proposals(total: int, history: int) -> tuple:
    """Add `total` proposals, half decided, and `history` approved ones of one card; return
    (the moderator, the player with the most proposals, that card)."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Permission
    from django.db.models import Count

    from cardbase.models import Card
    from proposals.models import Proposal
    from proposals.selectors import seen_facts
    from proposals.services import ProposalSource, approve_proposal, propose

    rng = random.Random(7)
    users = get_user_model()
    players = list(users.objects.filter(username__startswith="scale-").order_by("pk"))
    moderator = users.objects.create_user("scale-moderator", password=None)
    moderator.user_permissions.add(Permission.objects.get(codename="moderate_proposal"))
    cards = list(Card.objects.filter(kind="angel").select_related("game").order_by("pk")[:2000])
    states = [Proposal.State.APPROVED, Proposal.State.PARTLY, Proposal.State.REJECTED]
    rows = []
    for n in range(total):
        card = rng.choice(cards)
        decided = n % 2 == 0
        rows.append(
            Proposal(
                game=card.game,
                card=card,
                proposer=rng.choice(players),
                facts={"support": rng.randint(0, 5), "color": "red"},
                base={"support": card.attribute("support"), "color": card.attribute("color")},
                source_kind=Proposal.SourceKind.PRODUCT,
                source_document="Talia startowa",
                state=rng.choice(states) if decided else Proposal.State.PENDING,
                decided_by=moderator if decided else None,
                reason="Zgodne ze zdjęciem." if decided else "",
            )
        )
    Proposal.objects.bulk_create(rows, batch_size=1000)
    # One card's long history: each proposal applied through the moderators' service.
    hot = cards[0]
    for n in range(history):
        hot.refresh_from_db()
        proposal = propose(
            proposer=players[n % len(players)],
            game=hot.game,
            card=hot,
            name=hot.name,
            kind=hot.kind,
            text=hot.text,
            attributes={**hot.attributes, "support": n % 6, "level": hot.attribute("level")},
            source=ProposalSource("product", document=f"Talia {n}"),
        )
        approve_proposal(
            proposal=proposal,
            moderator=moderator,
            facts=list(proposal.facts),
            seen=seen_facts(proposal),
        )
    busiest = users.objects.annotate(made=Count("proposals")).order_by("-made", "pk").first()
    return moderator, busiest, hot


def measure(rounds: int, total: int, history: int) -> dict:
    """Add the proposals, then time each page cold; return {page: figures} and the sizes."""
    sys.path.insert(0, str(REPO))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.test import Client
    from django.urls import reverse

    from proposals.models import Proposal

    started = time.perf_counter()
    moderator, busiest, hot = add_proposals(total, history)
    added_s = time.perf_counter() - started
    as_moderator, as_player, anonymous = Client(), Client(), Client()
    as_moderator.force_login(moderator)
    as_player.force_login(busiest)
    history_url = reverse("card-history", kwargs={"game": hot.game.slug, "slug": hot.slug})
    pending = Proposal.objects.filter(state=Proposal.State.PENDING).order_by("created").first()
    pages = [
        (BASELINE, "/livez", anonymous),
        ("moderation queue", reverse("proposal-queue"), as_moderator),
        ("a proposal's review", reverse("proposal-review", args=[pending.pk]), as_moderator),
        (f"my proposals ({busiest.proposals.count()})", reverse("my-proposals"), as_player),
        (f"card page ({history} changesets)", hot.get_absolute_url(), anonymous),
        (f"card history ({history} changesets)", history_url, anonymous),
        ("completeness", reverse("completeness", args=[hot.game.slug]), anonymous),
    ]
    figures = {}
    for name, url, client in pages:
        figures[name] = timed(lambda url=url, client=client: client.get(url), rounds, cold=True)
    return {
        "pages": figures,
        "proposals": Proposal.objects.count(),
        "pending": Proposal.objects.filter(state=Proposal.State.PENDING).count(),
        "added_s": round(added_s, 1),
    }


# --- The report ----------------------------------------------------------------------------------


def report(label: str, figures: dict) -> list[str]:
    pages = figures["pages"]
    baseline = pages[BASELINE]["p50"] or 0.01
    lines = [
        f"{label}: {figures['proposals']:,} proposals ({figures['pending']:,} waiting), "
        f"added in {figures['added_s']} s",
        "",
        "| page | p50 ms | p95 ms | × livez | queries | aim (p95 < 100 ms) |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for name, page in pages.items():
        aim = "" if name == BASELINE else ("met" if page["p95"] < TARGET_P95_MS else "MISSED")
        lines.append(
            f"| {name} | {page['p50']} | {page['p95']} | {page['p50'] / baseline:.0f} "
            f"| {page['queries']} | {aim} |"
        )
    return lines


def main() -> int:
    parser = bench_arguments(__doc__)
    parser.add_argument("--cards", type=int, default=5_000)
    parser.add_argument("--proposals", type=int, default=10_000)
    parser.add_argument("--history", type=int, default=60)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.rounds, args.proposals, args.history)))
        return 0
    return on_each_database(
        "proposals", args.only, lambda url, work: build(url, args, work), report
    )


if __name__ == "__main__":
    sys.exit(main())
