"""How 7 Fallen's generated faces draw a card that has no scan, after the guide's card anatomy.

"LES CARTES": the Divinité "est la seule carte horizontale du jeu", with its Volonté Divine, Force
Vitale and Plume; the sun symbol is a card's cost in Énergie Céleste, the triangle the Énergie
Céleste an Adorateur, a Temple or an Archange brings (an Archange's two numbers at the bottom right
are its Facteur Temps and that Énergie); an Ange prints ATQ and FV, a Golem its Bouclier and its
cost in Tempête, a Miracle the Adorateurs it needs and those it revokes. The kingdom's blazon heads
the Temple, the Adorateur, the Archange and the Ange. The guide's pictures did not survive as
text, so the colours are the site's, one per kingdom.
"""

from rules.core.face import Colour, Face
from rules.core.schema import kinds_of
from rules.seven_fallen.schema import ANGE, ARCHANGE, DIVINITE

FACE = Face(
    colour="kingdom",
    colours={
        "poseidia": Colour("#1f5f8b", accent="#6fb0dc"),
        "eondra": Colour("#2e6b3a", accent="#7cc48a"),
        "nuit-sans-fin": Colour("#2a1f3d", accent="#a48fd0"),
        "metascience": Colour("#5a5f66", accent="#b9c0c8"),
        "temple-de-la-lumiere": Colour("#c9a227", accent="#e8cd6a"),
        "purete-celeste": Colour("#e8e4da"),
        "la-voie": Colour("#8b3a1f", accent="#dc8a6a"),
    },
    badge="cost",
    landscape=kinds_of(DIVINITE),
    figures=(
        ("attack", "life"),
        ("divine_will",),
        ("feather",),
        ("shield",),
        ("worshippers_needed",),
        ("worshippers_revoked",),
    ),
    foot_left="classes",
    foot_right="energy",
    facts=("subtype", "time_factor", "storm_cost", "keywords"),
    full_kinds=kinds_of(ANGE, ARCHANGE),
)
