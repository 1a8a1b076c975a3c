"""Fill a scratch database with an invented catalogue, for benchmarks only.

The texts follow a Zipf-like law over a vocabulary of a few thousand words (a handful of real
game words, the rest made of syllables), so a word matches a realistic share of cards: the
commonest ones most texts, a mid-ranked one a few per cent, most words almost none. Names are
made of syllables too. Everything follows from the seed, so two runs make the same catalogue.

Refuses any database that is not explicitly a benchmark database (its name or file path contains
"bench", or --i-know-this-is-not-the-catalogue is given), and always refuses one that holds any
other game's cards.
"""

import itertools
import random
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import connections, transaction

from cardbase.models import Card, Edition, Game, Printing
from rules.aniolowie.schema import ORDERS, SCHEMA
from rules.core import card_key

GAME_SLUG = "synthetic"
BATCH = 2000
VOCABULARY_SIZE = 4000
ZIPF_EXPONENT = 1.0
# Real game words at fixed ranks of the Zipf law (1 = the commonest), so benchmark queries
# keep meaning something: "odrzuć" is in about half the texts, "gniew" in a few per cent,
# "świętnisko" in about one in a hundred.
RANKED_WORDS = {
    1: "karta",
    2: "przeciwnika",
    3: "odrzuć",
    4: "twoja",
    5: "talii",
    6: "tura",
    7: "dobierz",
    8: "każdy",
    9: "anioł",
    10: "wsparcie",
    12: "zniszcz",
    14: "człowiek",
    16: "żeton",
    18: "ochrona",
    20: "zastęp",
    24: "chór",
    28: "krąg",
    32: "zakon",
    40: "gniew",
    45: "światło",
    50: "ciemność",
    60: "modlitwa",
    70: "upadły",
    80: "niebo",
    90: "piekło",
    100: "miecz",
    110: "tarcza",
    120: "potęga",
    130: "łaska",
    150: "świętnisko",
    170: "ogień",
    190: "woda",
    210: "głos",
    240: "wieża",
    270: "brama",
    300: "sąd",
    400: "święty",
}
# Syllables for the made-up words and names; none alone spells a ranked word.
ONSETS = ["b", "br", "ch", "d", "dr", "g", "gr", "k", "kr", "l", "m", "n", "p", "pr", "r", "s"]
ONSETS += ["sz", "t", "tr", "w", "z", "ż", "st", "sk", "pl", "ł", "j", "c", "cz", "f", "h"]
NUCLEI = ["a", "e", "i", "o", "u", "y", "ą", "ę", "ó", "ie", "ia", "io"]
CODAS = ["", "", "", "n", "r", "s", "k", "m", "ł", "t", "j", "ść", "ń", "sz"]
ANGEL_ENDINGS = ["iel", "ael", "on", "oth", "us", "ar", "ith", "ron", "ias", "ur", "el", "ah"]
# A few familiar names, each given to a small share of the angels (nazwa:gabriel finds them).
FAMOUS = ["Gabriel", "Michael", "Rafael", "Uriel", "Azazel", "Samael", "Lucyfer", "Belial"]
HUMAN_TITLES = ["Pielgrzym", "Kupiec", "Mnich", "Rycerz", "Wdowa", "Kapłan", "Żebrak", "Wróżka"]
EDITIONS = [("podstawowa", "Edycja Podstawowa"), ("druga", "Druga Krucjata"), ("trzecia", "Sąd")]
# Share of texts that hold the collocation "święty gniew" as such (it also names some cards).
PHRASE = "święty gniew"
PHRASE_SHARE = 0.004
FORCE_FLAG = "--i-know-this-is-not-the-catalogue"


class Command(BaseCommand):
    help = (
        "Make the invented game 'synthetic' hold N cards (adding what is missing), in a "
        "benchmark database only: one whose name or path contains 'bench', unless "
        f"{FORCE_FLAG} is given. Always refuses a database holding any other game's cards."
    )

    def add_arguments(self, parser):
        parser.add_argument("--cards", type=int, required=True)
        parser.add_argument("--database", default="default")
        parser.add_argument("--seed", type=int, default=7)
        parser.add_argument(
            "--fresh",
            action="store_true",
            help="Delete the synthetic game's cards first (only those), then make N anew.",
        )
        parser.add_argument(
            FORCE_FLAG,
            dest="not_the_catalogue",
            action="store_true",
            help="Allow a database whose name does not say 'bench' (it must still hold no "
            "real cards).",
        )

    def handle(self, *args, cards, database, seed, fresh, not_the_catalogue, **options):
        name = str(connections[database].settings_dict.get("NAME") or "")
        if "bench" not in Path(name).name.lower() and not not_the_catalogue:
            raise CommandError(
                f"Database {database!r} ({name or 'unnamed'}) is not a benchmark database: its "
                f"name must contain 'bench', or pass {FORCE_FLAG} for a scratch database. The "
                "synthetic catalogue never goes into the site's own database."
            )
        if Card.objects.using(database).exclude(game__slug=GAME_SLUG).exists():
            raise CommandError(
                f"Database {database!r} holds real cards; use a scratch database for benchmarks."
            )
        words, weights = vocabulary(seed)
        with transaction.atomic(using=database):
            game, _ = Game.objects.using(database).get_or_create(
                slug=GAME_SLUG, defaults={"name": "Synthetic"}
            )
            if fresh:
                Printing.objects.using(database).filter(card__game=game).delete()
                Card.objects.using(database).filter(game=game).delete()
            editions = [
                Edition.objects.using(database).get_or_create(
                    game=game, slug=slug, defaults={"name": name}
                )[0]
                for slug, name in EDITIONS
            ]
            have = Card.objects.using(database).filter(game=game).count()
            rng = random.Random(seed + have)
            maker = CardMaker(rng, game, words, weights)
            for start in range(have, cards, BATCH):
                made = Card.objects.using(database).bulk_create(
                    [maker.card(n) for n in range(start, min(start + BATCH, cards))]
                )
                Printing.objects.using(database).bulk_create(
                    [
                        Printing(card=card, edition=rng.choice(editions))
                        for card in made
                        if rng.random() < 0.8
                    ]
                )
        # Settle the database as autovacuum would: fresh statistics for the planner and, on
        # PostgreSQL, the GIN indexes' pending lists merged (bulk inserts pile entries there,
        # which every trigram search would otherwise read through).
        with connections[database].cursor() as cursor:
            if connections[database].vendor == "postgresql":
                cursor.execute("VACUUM ANALYZE cardbase_card")
                cursor.execute("VACUUM ANALYZE cardbase_printing")
            else:
                cursor.execute("ANALYZE")
        total = Card.objects.using(database).filter(game=game).count()
        self.stdout.write(f"Synthetic catalogue: {total} cards in {database!r}.")


def made_up_word(rng: random.Random, syllables: int) -> str:
    """Return a pronounceable invented word of `syllables` syllables."""
    return "".join(
        rng.choice(ONSETS) + rng.choice(NUCLEI) + (rng.choice(CODAS) if i == syllables - 1 else "")
        for i in range(syllables)
    )


def vocabulary(seed: int) -> tuple[list[str], list[float]]:
    """Return the words by rank and their cumulative Zipf weights (the same for one seed)."""
    rng = random.Random(seed * 7919 + 1)
    reserved = {card_key(word) for word in RANKED_WORDS.values()}
    made: list[str] = []
    seen = set(reserved)
    while len(made) < VOCABULARY_SIZE - len(RANKED_WORDS):
        word = made_up_word(rng, rng.choice((1, 2, 2, 2, 3, 3, 4)))
        # A made-up word must not hide a ranked word, or that word would grow commoner.
        if word not in seen and not any(r in card_key(word) for r in reserved):
            seen.add(word)
            made.append(word)
    pool = iter(made)
    words = [RANKED_WORDS.get(rank) or next(pool) for rank in range(1, VOCABULARY_SIZE + 1)]
    weights = list(
        itertools.accumulate(1 / rank**ZIPF_EXPONENT for rank in range(1, len(words) + 1))
    )
    return words, weights


class CardMaker:
    """Make invented cards that satisfy the catalogue's constraints."""

    def __init__(self, rng: random.Random, game: Game, words: list[str], weights: list[float]):
        self.rng = rng
        self.game = game
        self.words = words
        self.weights = weights
        # The invented cards have Aniołowie's attributes (the game "synthetic" declares none).
        self.schema = SCHEMA

    def text(self) -> str:
        """Return one to three sentences of Zipf-distributed words."""
        rng = self.rng
        sentences = []
        for _ in range(rng.choice((1, 1, 2, 2, 3))):
            chosen = rng.choices(self.words, cum_weights=self.weights, k=rng.randint(4, 12))
            if rng.random() < PHRASE_SHARE:
                chosen.insert(rng.randrange(len(chosen) + 1), PHRASE)
            if len(chosen) > 5 and rng.random() < 0.3:
                chosen[rng.randrange(1, len(chosen) - 1)] += ","
            sentences.append(" ".join(chosen).capitalize() + rng.choice(".....!:"))
        return " ".join(sentences)

    def angel_name(self) -> str:
        rng = self.rng
        if rng.random() < 0.02:
            base = rng.choice(FAMOUS)
            return base if rng.random() < 0.5 else f"{base} {made_up_word(rng, 2).capitalize()}"
        return (made_up_word(rng, rng.choice((1, 2, 2, 3))) + rng.choice(ANGEL_ENDINGS)).title()

    def card(self, n: int) -> Card:
        """Return an unsaved invented card number `n`."""
        rng = self.rng
        kind = rng.choices(["angel", "human", "intervention"], weights=[6, 2, 2])[0]
        if kind == "angel":
            name = self.angel_name()
        elif kind == "human":
            # A given name first, so humans spread over the alphabet as real names do (a few
            # shared titles would bunch them in name order, which no catalogue does).
            name = f"{made_up_word(rng, rng.choice((1, 2, 2, 3))).capitalize()}"
            if rng.random() < 0.3:
                name += f" {rng.choice(HUMAN_TITLES).lower()}"
        elif rng.random() < 0.01:
            name = PHRASE.title()
        else:
            pool, weights = self.words[10:600], [w - self.weights[9] for w in self.weights[10:600]]
            first, second = rng.choices(pool, cum_weights=weights, k=2)
            name = f"{first.capitalize()} {second}" if first != second else first.capitalize()
        text = self.text()
        attributes: dict = {"edition_symbol": rng.choice(["empty", "empty", "filled", ""])}
        notes: dict = {}
        if rng.random() < 0.1:
            notes["pl"] = self.text()
        if kind == "angel":
            order = rng.choice([*ORDERS, None])
            attributes["faction"] = rng.choice(["lord", "fallen", ""])
            if order and not (order.id == "thrones" and attributes["faction"] == "fallen"):
                attributes["order"], attributes["level"] = order.id, order.level
            attributes["color"] = rng.choice(["gold", "red", "blue", "black", "white", ""])
            attributes["support"] = rng.choice([None, 0, 1, 2, 3, 4, 5, 6])
            attributes["anielica"] = rng.random() < 0.05 or None
        elif kind == "human":
            attributes["alignment"] = rng.choice(["good", "evil", "neutral", ""])
            attributes["sex"] = rng.choice(["female", "male", ""])
        else:
            attributes["faction"] = rng.choice(["lord", "fallen", "any", ""])
        # Unknown is a missing key; bulk_create skips save(), which derives the choir and fills
        # the folded search columns, so both are done here.
        known = {key: value for key, value in attributes.items() if value not in (None, "")}
        card = Card(
            game=self.game,
            slug=f"synthetic-{n}",
            kind=kind,
            name=name,
            text=text,
            attributes=self.schema.complete(kind, known),
            notes=notes,
        )
        card.search_name = card_key(card.name)
        card.search_text = card_key(" ".join([text, *notes.values()]))
        return card
