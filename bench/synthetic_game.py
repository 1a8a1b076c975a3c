"""The search benchmark's invented game, served beside the real ones.

`make_synthetic_catalogue` fills the game `synthetic` with cards carrying Aniołowie's attributes;
a search across every game reaches the games the site serves, so the benchmark serves this one
too (bench_search.py names it in GAMES): Aniołowie's declaration under the invented id.
"""

from dataclasses import replace

from rules.aniolowie import GAME as ANIOLOWIE

GAME = replace(ANIOLOWIE, id="synthetic")
