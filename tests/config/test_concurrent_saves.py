"""Concurrent read-then-save requests wait their turn: no server error on SQLite or PostgreSQL."""

from collections import Counter
from concurrent.futures import ThreadPoolExecutor

from tests.config.served_site import Site, served_site

PLAYERS = 10
SAVES_PER_DECK = 9


def read_then_save(site: Site, player: dict, attempt: int) -> tuple[str, int]:
    """Read the deck's version, then save a new card list on it; return (deck, save status)."""
    path = f"/api/v1/decks/{player['deck']}/"
    status, deck = site.call("GET", path, player["token"])
    if status != 200:
        return player["deck"], status
    cards = [{"card": card, "count": 1 + (attempt + i) % 2} for i, card in enumerate(site.cards)]
    body = {"version": deck["version"], "name": f"Próba {attempt}", "cards": cards}
    status, _ = site.call("PATCH", path, player["token"], body)
    return player["deck"], status


def versions(site: Site) -> dict[str, int]:
    """Return each player's deck version."""
    found = {}
    for player in site.players:
        status, deck = site.call("GET", f"/api/v1/decks/{player['deck']}/", player["token"])
        assert status == 200, deck
        found[player["deck"]] = deck["version"]
    return found


def test_ninety_concurrent_saves_give_no_server_error(tmp_path):
    with served_site(tmp_path, players=PLAYERS, workers=3, threads=10) as site:
        before = versions(site)
        with ThreadPoolExecutor(max_workers=30) as pool:
            futures = [
                pool.submit(read_then_save, site, player, attempt)
                for attempt in range(SAVES_PER_DECK)
                for player in site.players
            ]
            results = [future.result() for future in futures]
        statuses = Counter(status for _, status in results)
        assert sum(statuses.values()) == PLAYERS * SAVES_PER_DECK
        assert not {s for s in statuses if s >= 500}, statuses
        # A save that lost the race to the same deck is told 409 (the player reads again); the
        # rest go through, and every save that was answered 200 moved its deck's version.
        assert set(statuses) <= {200, 409}, statuses
        assert statuses[200] >= PLAYERS, statuses
        saved = Counter(deck for deck, status in results if status == 200)
        assert versions(site) == {deck: before[deck] + saved[deck] for deck in before}
