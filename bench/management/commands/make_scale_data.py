"""Fill a scratch database with a site at scale (cards, players, decks, versions, likes), for benchmarks.

The cards are the invented ones of `make_synthetic_catalogue` (its CardMaker, same Zipf texts),
filed under Aniołowie, whose attributes they carry, so that card pages, decks and their verdicts
work as on the real site. Each deck's verdict, validity and card total come from the rules
engine through `decks.services.verdicts`, as a save stores them. Everything follows from the seed.

Safe by construction, for scratch databases only:
- the database's name or file path must contain "bench", unless --force is given;
- it always refuses a database holding anything this command did not make (a card whose slug
  does not start with "scale-", a user whose name does not start with "scale-"), --force or not;
- what it made before is deleted first, so a second run leaves the same data as the first.
"""

import random
import time
from datetime import timedelta
from pathlib import Path

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.core.management.base import BaseCommand, CommandError
from django.db import connections, transaction
from django.utils import timezone

import rules
from bench.management.commands.make_synthetic_catalogue import EDITIONS, CardMaker, vocabulary
from cardbase.models import Card, Edition, Game, Printing
from decks.contract import Entry
from decks.models import Deck, DeckCard, DeckLike, DeckVersion, Visibility
from decks.services.editing import entry_key
from decks.services.likes import recount_likes
from decks.services.verdicts import verdict_fields
from rules.aniolowie.schema import GAME_ID
from rules.core import card_key

# The game whose attributes the synthetic cards carry (make_synthetic_catalogue's vocabulary).
GAME_SLUG = GAME_ID
PREFIX = "scale-"
BATCH = 2000
PUBLIC_SHARE = 0.30
# About 29,000 likes for 20,000 decks, as measured on the copy issue 16 describes.
LIKES_PER_DECK = 1.45
MIN_CARDS, MAX_CARDS = 30, 60
MAX_VERSIONS = 6
HISTORY_SECONDS = 2 * 365 * 24 * 3600
DECK_WORDS = ["Zastęp", "Chór", "Gniew", "Łaska", "Sąd", "Brama", "Wieża", "Miecz", "Tarcza"]


class Command(BaseCommand):
    help = (
        "Make a site at scale in a scratch database: N invented cards, players, decks with "
        "their verdicts, versions and likes. Only in a database whose name says 'bench' "
        "(unless --force); never in one holding data it did not make."
    )

    def add_arguments(self, parser):
        parser.add_argument("--cards", type=int, default=50_000)
        parser.add_argument("--players", type=int, default=2_000)
        parser.add_argument("--decks", type=int, default=20_000)
        parser.add_argument("--seed", type=int, default=7)
        parser.add_argument("--database", default="default")
        parser.add_argument(
            "--force",
            action="store_true",
            help="Allow a database whose name does not say 'bench' (it must still hold "
            "nothing but this command's data).",
        )

    def handle(self, *args, cards, players, decks, seed, database, force, **options):
        if min(cards, players, decks) < 0 or (decks and (cards < 10 or players < 1)):
            raise CommandError("Decks need at least 10 cards and one player.")
        self.database = database
        self._refuse_unless_scratch(force)
        self.rng = random.Random(seed)
        with transaction.atomic(using=database):
            self._timed("removed the previous scale data", self._remove_previous)
            made_cards = self._timed(f"{cards:,} cards", self._make_cards, cards, seed)
            made_players = self._timed(f"{players:,} players", self._make_players, players)
            made_decks = self._timed(
                f"{decks:,} decks with their cards",
                self._make_decks,
                decks,
                made_cards,
                made_players,
            )
            versions = self._timed("versions", self._make_versions, made_decks)
            likes = self._timed("likes", self._make_likes, made_decks, made_players)
        self._timed("database statistics", self._analyze)
        public = sum(deck.visibility == Visibility.PUBLIC for deck, _entries in made_decks)
        valid = sum(deck.is_valid for deck, _entries in made_decks)
        self.stdout.write(
            f"Scale data in {database!r}: {len(made_cards):,} cards, {len(made_players):,} "
            f"players, {len(made_decks):,} decks ({public:,} public, {valid:,} valid), "
            f"{versions:,} versions, {likes:,} likes."
        )

    def _timed(self, what: str, work, *args):
        started = time.perf_counter()
        result = work(*args)
        self.stdout.write(f"  {what}: {time.perf_counter() - started:.1f} s", ending="\n")
        self.stdout.flush()
        return result

    def _refuse_unless_scratch(self, force: bool) -> None:
        name = str(connections[self.database].settings_dict.get("NAME") or "")
        if "bench" not in Path(name).name.lower() and not force:
            raise CommandError(
                f"Database {self.database!r} ({name or 'unnamed'}) is not a benchmark database: "
                "its name must contain 'bench', or pass --force for a scratch database."
            )
        users = get_user_model().objects.using(self.database)
        foreign = [
            what
            for what, exists in (
                ("cards", Card.objects.using(self.database).exclude(slug__startswith=PREFIX)),
                ("users", users.exclude(username__startswith=PREFIX)),
            )
            if exists.exists()
        ]
        if foreign:
            raise CommandError(
                f"Database {self.database!r} holds real data ({' and '.join(foreign)} this "
                "command did not make); scale data goes into a scratch database only."
            )

    def _remove_previous(self) -> None:
        db = self.database
        owners = get_user_model().objects.using(db).filter(username__startswith=PREFIX)
        decks = Deck.objects.using(db).filter(owner__in=owners)
        # Children first, each in one statement: a cascade collected row by row would be slow.
        DeckLike.objects.using(db).filter(deck__in=decks).delete()
        DeckVersion.objects.using(db).filter(deck__in=decks).delete()
        DeckCard.objects.using(db).filter(deck__in=decks).delete()
        decks.update(copied_from=None)
        decks.delete()
        DeckLike.objects.using(db).filter(user__in=owners).delete()
        owners.delete()
        scale_cards = Card.objects.using(db).filter(slug__startswith=PREFIX)
        Printing.objects.using(db).filter(card__in=scale_cards).delete()
        scale_cards.delete()

    def _make_cards(self, count: int, seed: int) -> list[Card]:
        db = self.database
        declaration = rules.get_game(GAME_SLUG)
        game, _ = Game.objects.using(db).get_or_create(
            slug=GAME_SLUG, defaults={"name": declaration.name("pl")}
        )
        editions = [
            Edition.objects.using(db).get_or_create(game=game, slug=slug, defaults={"name": name})[
                0
            ]
            for slug, name in EDITIONS
        ]
        words, weights = vocabulary(seed)
        maker = CardMaker(self.rng, game, words, weights)
        made: list[Card] = []
        for start in range(0, count, BATCH):
            batch = []
            for n in range(start, min(start + BATCH, count)):
                card = maker.card(n)
                card.slug = f"{PREFIX}{n}"
                batch.append(card)
            batch = Card.objects.using(db).bulk_create(batch)
            Printing.objects.using(db).bulk_create(
                [
                    Printing(card=card, edition=self.rng.choice(editions))
                    for card in batch
                    if self.rng.random() < 0.8
                ]
            )
            made.extend(batch)
        return made

    def _make_players(self, count: int) -> list:
        User = get_user_model()
        unusable = make_password(None)
        users = [
            User(username=f"{PREFIX}player-{n:05d}", password=unusable, email="")
            for n in range(count)
        ]
        return User.objects.using(self.database).bulk_create(users, batch_size=BATCH)

    def _make_decks(self, count: int, cards: list[Card], players: list) -> list:
        """Make the decks and their entries; return [(deck, entries)] with the rules' verdict."""
        rng = self.rng
        declaration = rules.get_game(GAME_SLUG)
        game = cards[0].game if cards else None
        faction_values = [value.id for value in declaration.option("faction").values]
        by_kind: dict[str, list[Card]] = {}
        for card in cards:
            by_kind.setdefault(card.kind, []).append(card)
        # What the Zastęp draws from, listed once: not once per deck.
        by_kind["zastep"] = [c for kind in ("angel", "intervention") for c in by_kind.get(kind, [])]
        made = []
        now = timezone.now()
        for start in range(0, count, BATCH):
            batch = []
            for n in range(start, min(start + BATCH, count)):
                roll = rng.random()
                if roll < PUBLIC_SHARE:
                    visibility = Visibility.PUBLIC
                else:
                    visibility = rng.choice([Visibility.PRIVATE, Visibility.UNLISTED])
                faction = rng.choice(faction_values)
                deck = Deck(
                    owner=rng.choice(players),
                    game=game,
                    name=f"{rng.choice(DECK_WORDS)} {n}",
                    description=rng.choice(["", "", "Talia do testów skali."]),
                    options={"faction": faction},
                    format=declaration.default_format.id,
                    visibility=visibility,
                    version=rng.randint(1, MAX_VERSIONS),
                    visible_from=None if visibility == Visibility.PRIVATE else 1,
                )
                entries = self._entries(declaration, by_kind, faction)
                # The verdict as a save stores it (decks.services.verdicts), not a copy of it.
                for field, value in verdict_fields(deck, entries).items():
                    setattr(deck, field, value)
                batch.append((deck, entries))
            decks = Deck.objects.using(self.database).bulk_create([d for d, _entries in batch])
            # Made and last saved over two years, as a site's decks are; bulk_create stamps
            # them all with this moment (auto_now), so the times are set after it.
            for deck in decks:
                deck.created = now - timedelta(seconds=rng.randrange(HISTORY_SECONDS))
                age = int((now - deck.created).total_seconds())
                deck.updated = deck.created + timedelta(seconds=rng.randrange(age + 1))
            Deck.objects.using(self.database).bulk_update(
                decks, ["created", "updated"], batch_size=500
            )
            DeckCard.objects.using(self.database).bulk_create(
                [
                    DeckCard(deck=deck, card=entry.card, count=entry.count, section=entry.section)
                    for deck, entries in batch
                    for entry in entries
                ],
                batch_size=BATCH,
            )
            made.extend(batch)
        return made

    def _entries(self, declaration, by_kind: dict[str, list[Card]], faction: str) -> list[Entry]:
        """Return 30–60 copies of cards of the game, one card per name, as the builder sorts them.

        About half the decks are built with care (45 or more cards of their faction, one copy
        each, two good and two evil humans), so a share of the verdicts come out valid; the
        rest are drafts with whatever the rules find in them.
        """
        rng = self.rng
        careful = rng.random() < 0.5
        target = rng.randint(45 if careful else MIN_CARDS, MAX_CARDS)
        chosen: dict[str, tuple[Card, int]] = {}
        humans = by_kind.get("human", [])
        if humans and (careful or rng.random() < 0.6):
            wanted = {"good": 2, "evil": 2}
            for _ in range(200):
                card = rng.choice(humans)
                alignment = card.attribute("alignment")
                fits = not careful or wanted.get(alignment, 0) > 0
                if fits and chosen.setdefault(card_key(card.name), (card, 1))[0] is card:
                    wanted[alignment] = wanted.get(alignment, 0) - 1
                if sum(count for _card, count in chosen.values()) >= 4:
                    break
        pool = by_kind.get("zastep", [])
        total = sum(count for _card, count in chosen.values())
        attempts = 0
        while total < target and pool and attempts < 20 * MAX_CARDS:
            attempts += 1
            card = rng.choice(pool)
            if card.attribute("faction") not in (faction, "any") and (
                careful or rng.random() < 0.9
            ):
                continue
            key = card_key(card.name)
            if key in chosen:
                continue
            count = 1 if careful else min(rng.choice((1, 1, 2, 3)), target - total)
            chosen[key] = (card, count)
            total += count
        order = {section.id: index for index, section in enumerate(declaration.sections)}
        entries = [
            Entry(card, declaration.placed(card.kind, None) or "", count)
            for card, count in chosen.values()
        ]
        return sorted(entries, key=lambda e: (e.card.search_name, order.get(e.section, len(order))))

    def _make_versions(self, decks: list) -> int:
        """Make 1–6 versions a deck (its `version`): the deck growing to what it holds now."""
        rng = self.rng
        rows = []
        for deck, entries in decks:
            for number in range(1, deck.version + 1):
                if number == deck.version:
                    kept, is_valid = entries, deck.is_valid
                else:
                    # An earlier version: part of today's cards, so a deck still being built.
                    share = number / deck.version
                    kept = [entry for entry in entries if rng.random() < share] or entries[:1]
                    is_valid = False
                rows.append(
                    DeckVersion(
                        deck=deck,
                        number=number,
                        name=deck.name,
                        options=deck.options,
                        cards={entry_key(entry): entry.count for entry in kept},
                        is_valid=is_valid,
                    )
                )
        DeckVersion.objects.using(self.database).bulk_create(rows, batch_size=BATCH)
        return len(rows)

    def _make_likes(self, decks: list, players: list) -> int:
        """Like public decks, by players other than the owner, a few decks far more than most."""
        rng = self.rng
        public = [deck for deck, _entries in decks if deck.visibility == Visibility.PUBLIC]
        if not public or len(players) < 2:
            return 0
        wanted = min(round(LIKES_PER_DECK * len(decks)), len(public) * (len(players) - 1))
        # A Zipf-like popularity: the k-th deck is liked about 1/k as often as the first.
        weights = [1 / rank for rank in range(1, len(public) + 1)]
        rng.shuffle(public)
        cumulative = []
        running = 0.0
        for weight in weights:
            running += weight
            cumulative.append(running)
        seen: set[tuple] = set()
        rows = []
        attempts = 0
        while len(rows) < wanted and attempts < 50 * wanted:
            attempts += 1
            deck = rng.choices(public, cum_weights=cumulative)[0]
            user = rng.choice(players)
            if user.pk == deck.owner_id or (deck.pk, user.pk) in seen:
                continue
            seen.add((deck.pk, user.pk))
            rows.append(DeckLike(deck=deck, user=user))
        DeckLike.objects.using(self.database).bulk_create(rows, batch_size=BATCH)
        # bulk_create goes around deck_like, which keeps each deck's stored count.
        recount_likes(decks=Deck.objects.using(self.database).filter(visibility=Visibility.PUBLIC))
        return len(rows)

    def _analyze(self) -> None:
        # Fresh statistics for the planner, as autovacuum would leave them after a real import.
        connection = connections[self.database]
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql" and not connection.in_atomic_block:
                for model in (Card, Printing, Deck, DeckCard, DeckVersion, DeckLike):
                    cursor.execute(f"VACUUM ANALYZE {model._meta.db_table}")
                cursor.execute(f"VACUUM ANALYZE {get_user_model()._meta.db_table}")
            else:
                cursor.execute("ANALYZE")
