"""A second game with LackeyCCG decks, borrowing INWO's declaration under another id and tag."""

from dataclasses import replace

from rules.inwo import GAME as INWO

GAME = replace(INWO, id="inwo-twin", deck_zones=replace(INWO.deck_zones, game="Twin"))
