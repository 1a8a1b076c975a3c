"""The colours of a generated face that no game declares, and the arithmetic on "#rrggbb"."""

from rules.core.face import Colour

UNKNOWN_COLOUR = Colour("#7f7f7f", accent="#a9a9a9")  # neutral grey, hatched: "unknown"
NEUTRAL_COLOUR = Colour("#8a7556", accent="#c2a878")  # a card with no colour: plain bronze

BG_TOP = "#4b3a27"
BG_BOTTOM = "#1f1710"
INK = "#f3ead6"  # main text
MUTED = "#cbbd9f"  # secondary text
DARK = "#16110c"


def accent_of(colour: Colour) -> str:
    """Return the colour of the lines and rings drawn in `colour`: its accent, else its frame."""
    return colour.accent or colour.frame


def rgb(colour: str) -> tuple[int, int, int]:
    """Return the red, green and blue of a "#rrggbb" colour."""
    colour = colour.lstrip("#")
    return int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16)


def luma(colour: str) -> float:
    """Return how bright a colour looks, 0 to 255."""
    r, g, b = rgb(colour)
    return 0.299 * r + 0.587 * g + 0.114 * b


def is_light(colour: str) -> bool:
    """Tell whether dark ink is needed on `colour`."""
    return luma(colour) > 140


def is_dark(colour: str) -> bool:
    """Tell whether `colour` is near black."""
    return luma(colour) < 50


def mix(a: str, b: str, share_of_a: float) -> tuple[int, int, int]:
    """Return the colour `share_of_a` of `a` and the rest of `b`."""
    return tuple(
        round(x * share_of_a + y * (1 - share_of_a)) for x, y in zip(rgb(a), rgb(b), strict=True)
    )
