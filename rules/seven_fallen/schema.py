"""The facts of 7 Fallen's cards: kinds, attributes and their values.

Source: the French quick-start guide (shared/rulebooks/002_986d142576b8a798.txt), "LES CARTES":
the Eden's three cards (Divinité: Volonté Divine, Force Vitale, Plume; Archange: ATQ, FV, class,
Facteur Temps and the Énergie Céleste it brings; Temple: the Énergie Céleste it holds), the
Registre's Adorateurs (class and Énergie Céleste) and the Livre Sacré's pages (Ange: cost, ATQ,
FV, class; Golem: Bouclier, cost and cost in Tempête; Miracle: the Adorateurs it needs in the
Adoration and those it revokes; Équipement and Bénédiction, left to the advanced rules). The
anatomy shows a kingdom (ROYAUME) on the Temple, the Adorateur, the Archange and the Ange, and a
rarity (RARETÉ) on those and the Miracle; the others' anatomy does not list them, so any kind may
hold either, unknown until a source gives it. The guide names no rarity, so it is text.
A Temple's structure is the word after « Structure – » ("Si votre Temple est « Structure -
Extros »", Essaim (X)). The guide names two kingdoms, Nuit Sans Fin ("Obscura est l'ArchiReine
du Royaume Nuit Sans Fin") and Pureté Céleste (Sacrifice); the game's fan tools list the other
five, which the issue that brought the game names.

A card the guide names only as a page of the Livre Sacré ("1 exemplaire de Elora d'Eondra", a
page "Leader" beside it) without its kind is a `page`: its kind is unknown, not guessed, and the
rules check it only where its kind does not matter.

The classes, a Temple's structure, the rarity and the keywords are words as printed: the search
finds them among a card's words (the search language has no keys for text attributes yet).
"""

from __future__ import annotations

from rules.core.schema import Attribute, CardSchema, Kind, Text, Value, kinds_of

GAME_ID = "7-fallen"

DIVINITE, ARCHANGE, TEMPLE = "divinite", "archange", "temple"
ADORATEUR = "adorateur"
ANGE, GOLEM, MIRACLE, EQUIPEMENT, BENEDICTION = (
    "ange",
    "golem",
    "miracle",
    "equipement",
    "benediction",
)
EDEN_KINDS = kinds_of(DIVINITE, ARCHANGE, TEMPLE)
REGISTRE_KINDS = kinds_of(ADORATEUR)
# A page of the Livre Sacré whose kind (Ange, Golem, Miracle…) no source states.
PAGE = "page"
LIVRE_KINDS = kinds_of(ANGE, GOLEM, MIRACLE, EQUIPEMENT, BENEDICTION, PAGE)
ALL_KINDS = EDEN_KINDS | REGISTRE_KINDS | LIVRE_KINDS

KINDS = (
    Kind(
        DIVINITE,
        Text(pl="Bóstwo", en="Deity", fr="Divinité"),
        Text(pl="Bóstwa", en="Deities", fr="Divinités"),
        ("divinite", "bostwo", "deity"),
    ),
    Kind(
        ARCHANGE,
        Text(pl="Archanioł", en="Archangel", fr="Archange"),
        Text(pl="Archanioły", en="Archangels", fr="Archanges"),
        ("archange", "archaniol", "archangel"),
    ),
    Kind(
        TEMPLE,
        Text(pl="Świątynia", en="Temple", fr="Temple"),
        Text(pl="Świątynie", en="Temples", fr="Temples"),
        ("temple", "swiatynia"),
    ),
    Kind(
        ADORATEUR,
        Text(pl="Wyznawca", en="Worshipper", fr="Adorateur"),
        Text(pl="Wyznawcy", en="Worshippers", fr="Adorateurs"),
        ("adorateur", "wyznawca", "worshipper"),
    ),
    Kind(
        ANGE,
        Text(pl="Anioł", en="Angel", fr="Ange"),
        Text(pl="Anioły", en="Angels", fr="Anges"),
        ("ange", "aniol", "angel"),
    ),
    Kind(
        GOLEM,
        Text(pl="Golem", en="Golem", fr="Golem"),
        Text(pl="Golemy", en="Golems", fr="Golems"),
        ("golem",),
    ),
    Kind(
        MIRACLE,
        Text(pl="Cud", en="Miracle", fr="Miracle"),
        Text(pl="Cuda", en="Miracles", fr="Miracles"),
        ("miracle", "cud"),
    ),
    Kind(
        EQUIPEMENT,
        Text(pl="Wyposażenie", en="Equipment", fr="Équipement"),
        Text(pl="Wyposażenie", en="Equipment", fr="Équipements"),
        ("equipement", "wyposazenie", "equipment"),
    ),
    Kind(
        BENEDICTION,
        Text(pl="Błogosławieństwo", en="Blessing", fr="Bénédiction"),
        Text(pl="Błogosławieństwa", en="Blessings", fr="Bénédictions"),
        ("benediction", "blogoslawienstwo", "blessing"),
    ),
    Kind(
        PAGE,
        Text(pl="Strona (rodzaj nieznany)", en="Page (kind unknown)", fr="Page (type inconnu)"),
        Text(pl="Strony (rodzaj nieznany)", en="Pages (kind unknown)", fr="Pages (type inconnu)"),
        ("page", "strona"),
    ),
)

# The two kingdoms the guide itself names; the other five come from the game's fan tools.
NAMED_IN_GUIDE = frozenset({"nuit-sans-fin", "purete-celeste"})
KINGDOMS = (
    Value("poseidia", Text(pl="Poseidia", en="Poseidia", fr="Poseidia")),
    Value("eondra", Text(pl="Eondra", en="Eondra", fr="Eondra")),
    Value(
        "nuit-sans-fin",
        Text(pl="Nuit Sans Fin", en="Nuit Sans Fin", fr="Nuit Sans Fin"),
        ("nuit",),
    ),
    Value("metascience", Text(pl="Metascience", en="Metascience", fr="Metascience")),
    Value(
        "temple-de-la-lumiere",
        Text(pl="Temple de la Lumière", en="Temple de la Lumière", fr="Temple de la Lumière"),
        ("lumiere",),
    ),
    Value(
        "purete-celeste",
        Text(pl="Pureté Céleste", en="Pureté Céleste", fr="Pureté Céleste"),
        ("purete",),
    ),
    Value("la-voie", Text(pl="La Voie", en="La Voie", fr="La Voie"), ("voie",)),
)

# The kinds printed with a class ("NOM CLASSE RARETÉ"): the guide shows it on the Archange, the
# Adorateur and the Ange; Doppelgänger speaks of any page's "classe imprimée", so a Golem may
# hold one too (the Miracle's anatomy names none). A page of unknown kind may be either.
CLASSED_KINDS = kinds_of(ARCHANGE, ADORATEUR, ANGE, GOLEM, PAGE)


def _number(
    attribute_id: str,
    label: Text,
    kinds: frozenset[str],
    *,
    facet: bool = False,
    keys: dict[str, tuple[str, ...]] | None = None,
) -> Attribute:
    return Attribute(
        attribute_id,
        "int",
        label,
        kinds,
        minimum=0,
        facet=facet,
        sortable=True,
        search_keys=keys or {},
    )


ATTRIBUTES = (
    Attribute(
        "kingdom",
        "choice",
        Text(pl="Królestwo", en="Kingdom", fr="Royaume"),
        ALL_KINDS,
        values=KINGDOMS,
        facet=True,
        sortable=True,
        search_keys={"pl": ("krolestwo",), "en": ("kingdom",), "fr": ("royaume",)},
    ),
    Attribute(
        "classes",
        "text",
        Text(pl="Klasy", en="Classes", fr="Classes"),
        CLASSED_KINDS,
        multi=True,
        facet=True,
        searchable=True,
    ),
    Attribute(
        "subtype",
        "text",
        Text(pl="Struktura", en="Structure", fr="Structure"),
        kinds_of(TEMPLE),
        facet=True,
        searchable=True,
        help=Text(
            pl="Słowo po „Structure –” na Świątyni, np. Extros.",
            en="The word after « Structure – » on a Temple, e.g. Extros.",
            fr="Le mot après « Structure – » sur un Temple, par exemple Extros.",
        ),
    ),
    _number(
        "cost",
        Text(pl="Koszt (EC)", en="Cost (EC)", fr="Coût (EC)"),
        kinds_of(ANGE, GOLEM, EQUIPEMENT, BENEDICTION, PAGE),
        facet=True,
        keys={"pl": ("koszt",), "en": ("cost",), "fr": ("cout",)},
    ),
    _number(
        "storm_cost",
        Text(pl="Koszt w Burzy (EC)", en="Storm cost (EC)", fr="Coût en Tempête (EC)"),
        kinds_of(GOLEM),
    ),
    _number(
        "attack",
        Text(pl="Atak (ATQ)", en="Attack (ATQ)", fr="Attaque (ATQ)"),
        kinds_of(ANGE, ARCHANGE),
        keys={"pl": ("atak",), "en": ("attack",), "fr": ("atq", "attaque")},
    ),
    _number(
        "life",
        Text(pl="Siła życiowa (FV)", en="Life (FV)", fr="Force Vitale (FV)"),
        kinds_of(ANGE, ARCHANGE, DIVINITE),
        keys={"pl": ("zycie",), "en": ("life",), "fr": ("fv",)},
    ),
    _number(
        "shield", Text(pl="Tarcza (BOU)", en="Shield (BOU)", fr="Bouclier (BOU)"), kinds_of(GOLEM)
    ),
    _number(
        "time_factor",
        Text(pl="Czynnik czasu", en="Time factor", fr="Facteur Temps"),
        kinds_of(ARCHANGE),
    ),
    _number(
        "energy",
        Text(pl="Energia Niebiańska (EC)", en="Celestial Energy (EC)", fr="Énergie Céleste (EC)"),
        kinds_of(ADORATEUR, TEMPLE, ARCHANGE),
        keys={"pl": ("energia",), "en": ("energy",), "fr": ("energie",)},
    ),
    _number(
        "divine_will",
        Text(pl="Wola Boska", en="Divine Will", fr="Volonté Divine"),
        kinds_of(DIVINITE),
    ),
    _number("feather", Text(pl="Pióro", en="Feather", fr="Plume"), kinds_of(DIVINITE)),
    _number(
        "worshippers_needed",
        Text(
            pl="Wyznawcy w Adoracji",
            en="Worshippers in the Adoration",
            fr="Adorateurs dans l'Adoration",
        ),
        kinds_of(MIRACLE),
    ),
    _number(
        "worshippers_revoked",
        Text(pl="Wyznawcy do odwołania", en="Worshippers revoked", fr="Adorateurs à révoquer"),
        kinds_of(MIRACLE),
    ),
    Attribute(
        "rarity",
        "text",
        Text(pl="Rzadkość", en="Rarity", fr="Rareté"),
        ALL_KINDS,
        searchable=True,
    ),
    Attribute(
        "keywords",
        "text",
        Text(pl="Słowa kluczowe", en="Keywords", fr="Mots-clés"),
        ALL_KINDS,
        multi=True,
        # A card with no keyword prints none: an empty list is known, unlike a missing one.
        empty=Text(pl="brak", en="none", fr="aucun"),
        facet=True,
        searchable=True,
        help=Text(
            pl="Jak wydrukowane, z liczbą: „Essaim (6)”, „Leader”, „Loyaliste”.",
            en="As printed, with the number: « Essaim (6) », « Leader », « Loyaliste ».",
            fr="Tels qu'imprimés, avec le nombre : « Essaim (6) », « Leader », « Loyaliste ».",
        ),
    ),
)

SCHEMA = CardSchema(kinds=KINDS, attributes=ATTRIBUTES)
