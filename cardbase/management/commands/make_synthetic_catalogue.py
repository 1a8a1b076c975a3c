"""Fill a scratch database with an invented catalogue, for benchmarks only."""

import random

from django.core.management.base import BaseCommand, CommandError
from django.db import connections, transaction

from cardbase.models import Card, Edition, Game, Printing
from rules import ORDERS
from rules.core import card_key

GAME_SLUG = "synthetic"
BATCH = 2000
FIRST = ["Ga", "Mi", "Ra", "Uri", "Aza", "Bel", "Sam", "Lu", "Ab", "Za", "As", "Ma", "Ba", "Ne"]
MIDDLE = ["bri", "cha", "fa", "ze", "li", "mo", "de", "ba", "ra", "ki", "tha", "zo"]
LAST = ["el", "iel", "on", "oth", "ael", "us", "ar", "ith", "ron", "ias"]
WORDS = [
    "odrzuć",
    "kartę",
    "przeciwnika",
    "świętnisko",
    "gniew",
    "talii",
    "zastęp",
    "anioł",
    "człowiek",
    "wsparcie",
    "dobierz",
    "zniszcz",
    "ochrona",
    "światło",
    "ciemność",
    "modlitwa",
    "upadły",
    "niebo",
    "piekło",
    "tura",
    "każdy",
    "twój",
    "żeton",
    "miecz",
    "tarcza",
    "chór",
    "krąg",
    "zakon",
    "potęga",
    "łaska",
    "święty",
    "ogień",
    "woda",
    "głos",
    "wieża",
    "brama",
    "sąd",
]
EDITIONS = [("podstawowa", "Edycja Podstawowa"), ("druga", "Druga Krucjata"), ("trzecia", "Sąd")]


class Command(BaseCommand):
    help = (
        "Make the invented game 'synthetic' hold N cards (adding what is missing). Refuses a "
        "database that holds any other game's cards, so a real catalogue is never touched."
    )

    def add_arguments(self, parser):
        parser.add_argument("--cards", type=int, required=True)
        parser.add_argument("--database", default="default")
        parser.add_argument("--seed", type=int, default=7)

    def handle(self, *args, cards, database, seed, **options):
        if Card.objects.using(database).exclude(game__slug=GAME_SLUG).exists():
            raise CommandError(
                f"Database {database!r} holds real cards; use a scratch database for benchmarks."
            )
        with transaction.atomic(using=database):
            game, _ = Game.objects.using(database).get_or_create(
                slug=GAME_SLUG, defaults={"name": "Synthetic"}
            )
            editions = [
                Edition.objects.using(database).get_or_create(
                    game=game, slug=slug, defaults={"name": name}
                )[0]
                for slug, name in EDITIONS
            ]
            have = Card.objects.using(database).filter(game=game).count()
            rng = random.Random(seed + have)
            for start in range(have, cards, BATCH):
                made = Card.objects.using(database).bulk_create(
                    [make_card(rng, game, n) for n in range(start, min(start + BATCH, cards))]
                )
                Printing.objects.using(database).bulk_create(
                    [
                        Printing(card=card, edition=rng.choice(editions))
                        for card in made
                        if rng.random() < 0.8
                    ]
                )
        if connections[database].vendor == "postgresql":
            with connections[database].cursor() as cursor:
                cursor.execute("ANALYZE cardbase_card; ANALYZE cardbase_printing")
        total = Card.objects.using(database).filter(game=game).count()
        self.stdout.write(f"Synthetic catalogue: {total} cards in {database!r}.")


def make_card(rng: random.Random, game: Game, n: int) -> Card:
    """Return an unsaved invented card that satisfies the catalogue's constraints."""
    name = rng.choice(FIRST) + rng.choice(MIDDLE) + rng.choice(LAST)
    kind = rng.choices(["angel", "human", "intervention"], weights=[6, 2, 2])[0]
    card = Card(
        game=game,
        slug=f"synthetic-{n}",
        kind=kind,
        name=name if kind == "angel" else f"{name} {rng.choice(WORDS)}",
        ability=" ".join(rng.choices(WORDS, k=rng.randint(6, 20))).capitalize() + ".",
        edition_symbol=rng.choice(["empty", "empty", "filled", ""]),
    )
    if kind == "angel":
        order = rng.choice([*ORDERS, None])
        card.faction = rng.choice(["lord", "fallen", ""])
        if order and not (order.id == "thrones" and card.faction == "fallen"):
            card.order, card.level = order.id, order.level
        card.color = rng.choice(["gold", "red", "blue", "black", "white", ""])
        card.support = rng.choice([None, 0, 1, 2, 3, 4, 5, 6])
        card.is_anielica = rng.random() < 0.05 or None
    elif kind == "human":
        card.alignment = rng.choice(["good", "evil", "neutral", ""])
        card.sex = rng.choice(["female", "male", ""])
    else:
        card.faction = rng.choice(["lord", "fallen", "any", ""])
    # bulk_create skips save(), which fills the folded search columns.
    card.search_name = card_key(card.name)
    card.search_text = card_key(card.ability)
    return card
