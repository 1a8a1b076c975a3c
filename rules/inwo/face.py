"""How INWO's generated faces draw a card that has no scan, after the rulebook's card anatomy.

"Karty Grup (za wyjątkiem Illuminati) są czerwone, ze złotymi strzałkami": a Group's frame is red,
its name at the top, its text below, its Power and Resistance in large figures, its alignments in
the bottom left corner, its attributes in the bottom right, its outgoing control arrows in gold
on the edges. The Illuminati "są czarne i są ułożone poziomo" (black, lying on their side), with
Power/Global Power large and four arrows; Resources are purple ("fioletowe"), Plots blue
("niebieskie"), an NWO card in its own colour. The card list gives how many arrows a card has,
not on which edges: they are drawn top, right, left, bottom.
"""

from rules.core.face import Colour, Face
from rules.core.schema import kinds_of
from rules.inwo.schema import (
    ASSASSINATION,
    DISASTER,
    GOAL,
    GROUP_KINDS,
    ILLUMINATI,
    PLOT,
    RESOURCE,
)

RED = Colour("#a3221b", accent="#e0574d")
BLACK = Colour("#1b1b1b", accent="#c8bfae")
PURPLE = Colour("#5e2d82", accent="#a67fd0")
BLUE = Colour("#1f4f9c", accent="#6e9be3")

FACE = Face(
    colour="nwo_colour",
    colours={
        "yellow": Colour("#d9b520", accent="#ecd36a"),
        "blue": BLUE,
        "red": RED,
    },
    kind_colours={
        ILLUMINATI: BLACK,
        **{kind: RED for kind in GROUP_KINDS},
        RESOURCE: PURPLE,
        **{kind: BLUE for kind in (PLOT, GOAL, DISASTER, ASSASSINATION)},
    },
    landscape=kinds_of(ILLUMINATI),
    figures=(("power", "global_power"), ("resistance",)),
    foot_left="alignments",
    foot_right="traits",
    arrows="control_arrows",
    # Gold, as the rulebook says the arrows are ("złotymi strzałkami").
    arrow_colour="#d4a72c",
    facts=("plot_marks",),
    full_kinds=GROUP_KINDS | {ILLUMINATI, RESOURCE},
)
