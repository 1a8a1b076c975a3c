"""How Aniołowie's generated faces draw a card that has no scan.

An angel's face reads like its card: the frame in the card's colour, the level in the top left
disc, the order under the name with its choir drawn as rings (I = 1 ring, II = 2, III = 3), the
faction at the foot and the edition symbol in the corner.
"""

from rules.aniolowie.schema import ANGEL
from rules.core.face import Colour, Face
from rules.core.schema import kinds_of

FACE = Face(
    colour="color",
    # The colours as printed. The accents are lighter, for the lines and rings drawn on the face's
    # dark ground (a #222 ring would vanish).
    colours={
        "gold": Colour("#c9a227", accent="#e2bd45"),
        "red": Colour("#b3261e", accent="#e0574d"),
        "blue": Colour("#1f5fa8", accent="#5d98e3"),
        "black": Colour("#222222", accent="#c8bfae"),
        "white": Colour("#f2f2f2"),
    },
    badge="level",
    corner="edition_symbol",
    marks={"empty": "empty", "filled": "filled"},
    title="order",
    rings="choir",
    ring_counts={"I": 1, "II": 2, "III": 3},
    footer="faction",
    facts=("alignment", "sex"),
    # The card page prints the text beside the face; the face keeps the middle for the order.
    text=False,
    full_kinds=kinds_of(ANGEL),
)
