"""Make the load benchmark's players and decks in its scratch database; print what to request.

Run by bench/load.py with the server's environment (DATABASE_URL of the scratch database), after
the catalogue is loaded. Prints one JSON object: the catalogue, search, card and deck addresses,
the validation bodies, and for each saving player a signed-in session and the deck it edits.

    python bench/load_setup.py --players 8 --public-decks 30
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DECK_CARDS = 45
SEARCH_QUERIES = [
    "gabriel",
    "swietnisko",
    "anioł",
    "zakon:potęgi",
    "poziom>=7",
    "frakcja:upadli zakon:potęgi",
    "typ:człowiek charakter:zły",
    "kolor:czarny OR kolor:biały",
    "gniew modlitwa",
    "bank",
    "cult",
    "f:obie tekst:talii",
]


def main() -> int:
    """Create the players and decks, and print the addresses the scenario requests as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=8, help="players who save in the builder")
    parser.add_argument("--public-decks", type=int, default=30, help="public decks to open")
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument(
        "--scale", action="store_true", help="open make_scale_data's public decks; make none"
    )
    args = parser.parse_args()

    sys.path.insert(0, str(REPO))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client

    import rules
    from cardbase.models import Card
    from decks import services
    from decks.models import Deck, Visibility
    from decks.selectors.entries import deck_contract
    from decks.selectors.games import games_with_rules

    rng = random.Random(args.seed)
    cards_by_game = {
        game.id: list(Card.objects.filter(game__slug=game.id).values_list("pk", flat=True))
        for game in games_with_rules()
    }
    games = sorted(slug for slug, ids in cards_by_game.items() if ids)
    if not games:
        raise SystemExit("No game with rules has cards: load the catalogue first.")
    users = get_user_model().objects

    def make_deck(owner, game, *, visibility: str, number: int):
        ids = rng.sample(cards_by_game[game], min(DECK_CARDS, len(cards_by_game[game])))
        return services.deck_create(
            owner=owner,
            name=f"Talia testowa {number}",
            game=game,
            options={o.id: rng.choice(o.values).id for o in rules.get_game(game).options},
            visibility=visibility,
            cards={card_id: 1 for card_id in ids},
        )

    if args.scale:
        # The scale data's own public decks, of every size its players made.
        shared = list(
            Deck.objects.filter(visibility=Visibility.PUBLIC).order_by("pk").values_list("pk")
        )
        chosen = rng.sample(shared, min(args.public_decks, len(shared)))
        public = list(Deck.objects.filter(pk__in=[pk for (pk,) in chosen]).select_related("game"))
    else:
        author = users.create_user(username="bench-author", password=None)
        public = [
            make_deck(author, games[n % len(games)], visibility=Visibility.PUBLIC, number=n)
            for n in range(args.public_decks)
        ]

    players = []
    for n in range(args.players):
        user = users.create_user(username=f"bench-player-{n}", password=None)
        deck = make_deck(user, games[n % len(games)], visibility=Visibility.PRIVATE, number=n)
        client = Client()
        client.force_login(user)
        players.append(
            {
                "session": client.cookies[settings.SESSION_COOKIE_NAME].value,
                "deck": str(deck.pk),
                "version": deck.version,
                "counts": {
                    str(card_id): 1 for card_id in deck.entries.values_list("card_id", flat=True)
                },
            }
        )

    sample = list(Card.objects.filter(game__slug__in=games).values_list("game__slug", "slug"))
    rng.shuffle(sample)
    catalogue = ["/cards/", "/cards/?view=table", "/cards/?page=2"]
    for game in games:
        catalogue += [f"/cards/?game={game}", f"/cards/?game={game}&sort=level"]
    catalogue += [
        "/cards/?game=aniolowie&kind=angel&faction=lord",
        "/cards/?game=aniolowie&faction=fallen&order=powers",
        "/cards/?game=aniolowie&faction=lord&choir=III&kind=angel",
        "/cards/?game=aniolowie&kind=human&view=table",
    ]
    print(
        json.dumps(
            {
                "catalogue": catalogue,
                "search": [f"/cards/?q={q}" for q in SEARCH_QUERIES],
                "cards": [f"/cards/{game}/{slug}/" for game, slug in sample[:300]],
                "decks": [f"/decks/{deck.pk}/" for deck in public],
                "validate": [deck_contract(deck) for deck in public[:10]],
                "players": players,
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
