"""A second game, borrowing Aniołowie's declaration under another id (the `other_game` fixture)."""

from dataclasses import replace

from rules.aniolowie import GAME as ANIOLOWIE

GAME = replace(ANIOLOWIE, id="aniolowie-bis")
