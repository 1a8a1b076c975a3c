"""How Dark Eden's generated faces draw a card that has no scan, after the rulebook's card anatomy.

"Wszystkie karty Przywódców układa się poziomo": a leader lies on its side. Every card shows its
combat value (WB) large, its affiliation in the frame's colour, its resources along the foot
(provided on the left, consumed on the right) and its tactics among the facts. The rulebook's
pictures did not survive as text, so the colours are the site's, one per affiliation, and the
general affiliation is the base set's bronze.
"""

from rules.core.face import Colour, Face
from rules.core.schema import kinds_of
from rules.dark_eden.schema import LEADER

FACE = Face(
    colour="affiliation",
    colours={
        "sons-of-rasputin": Colour("#7a1f1f", accent="#d0625c"),
        "templars": Colour("#23406e", accent="#7fa4dc"),
        "lutheran-triad": Colour("#4b2b5e", accent="#b08ccc"),
        "crescentia": Colour("#8a6a14", accent="#e3c35a"),
        "dark-legion": Colour("#1c1c1c", accent="#9c8f7a"),
        "megacorporations": Colour("#2f4f4f", accent="#8fbcbc"),
        "bauhaus": Colour("#2f4f4f", accent="#8fbcbc"),
        "capitol": Colour("#2f4f4f", accent="#8fbcbc"),
        "cybertronic": Colour("#2f4f4f", accent="#8fbcbc"),
        "imperial": Colour("#2f4f4f", accent="#8fbcbc"),
        "mishima": Colour("#2f4f4f", accent="#8fbcbc"),
        "brotherhood": Colour("#6e6a5e", accent="#e6dcc0"),
        "general": Colour("#6b4f2a", accent="#c89b5c"),
    },
    landscape=kinds_of(LEADER),
    figures=(("combat_value",),),
    foot_left="provides",
    foot_right="consumes",
    facts=("tactics", "combat_modifier"),
)
