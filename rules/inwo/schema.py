"""The facts of INWO's cards: kinds, attributes and their values.

Sources: the Polish rulebook (shared/rulebooks/001_d833c858ba7d0620.txt): card types and backs
("Karty Grup", "Rodzaje Grup", "Karty zasobów"), the ten alignments ("Charaktery"), attributes,
power and global power ("Siła", 7/4), resistance, control arrows ("Illuminati mają cztery
wychodzące strzałki kontroli"; other Groups 0 to 3); and the LackeyCCG card list
(shared/data/inwo/carddata.txt), whose sets, rarities, attributes and Plot markings are declared
here as the list gives them. Polish terms are the rulebook's where it has one; English as printed.
"""

from __future__ import annotations

from rules.core.schema import Attribute, CardSchema, SearchGuide, SearchHelp, Text, Value, kinds_of
from rules.core.schema import Kind as KindDecl

GAME_ID = "inwo"

ILLUMINATI = "illuminati"
ORGANIZATION, PERSONALITY, PLACE = "organization", "personality", "place"
RESOURCE = "resource"
PLOT, GOAL, DISASTER, ASSASSINATION, NWO = "plot", "goal", "disaster", "assassination", "nwo"

GROUP_KINDS = kinds_of(ORGANIZATION, PERSONALITY, PLACE)
# The cards with the hand on their back that are no Illuminati: the Plot deck's own kinds.
PLOT_KINDS = kinds_of(PLOT, GOAL, DISASTER, ASSASSINATION, NWO)
ALL_KINDS = GROUP_KINDS | PLOT_KINDS | {ILLUMINATI, RESOURCE}

# A card's back says which deck it goes into: the puppet the Group deck, the hand the Plot deck
# ("Grup (z marionetką na odwrocie) i Intryg (z ręką na odwrocie)"). An Illuminati has the hand
# (so spares may hide in the Plot deck, p. 23), but two Virtual ones were printed with a puppet.
PUPPET, HAND = "puppet", "hand"
USUAL_BACK = {kind: PUPPET for kind in GROUP_KINDS | {RESOURCE}} | {
    kind: HAND for kind in PLOT_KINDS | {ILLUMINATI}
}

ALIGNMENTS = (
    Value("government", Text(pl="Rządowy", en="Government"), ("rzadowa", "rządowa")),
    Value("corporate", Text(pl="Korporacyjny", en="Corporate"), ("korporacyjna",)),
    Value("liberal", Text(pl="Liberalny", en="Liberal"), ("liberalna",)),
    Value("conservative", Text(pl="Konserwatywny", en="Conservative"), ("konserwatywna",)),
    Value("peaceful", Text(pl="Pokojowy", en="Peaceful"), ("pokojowa",)),
    Value("violent", Text(pl="Agresywny", en="Violent"), ("agresywna",)),
    Value("straight", Text(pl="Prostolinijny", en="Straight"), ("prostolinijna",)),
    Value("weird", Text(pl="Zwariowany", en="Weird"), ("zwariowana",)),
    Value("criminal", Text(pl="Kryminalny", en="Criminal"), ("kryminalna",)),
    Value("fanatic", Text(pl="Fanatyczny", en="Fanatic"), ("fanatyczna",)),
)

# Attributes as the card list prints them: a Group's (Media, Science…) and a Resource's
# (Artifact, Gadget, Unique; "Action" for a Resource that takes an Action token, p. 9).
TRAITS = (
    Value("bank", Text(pl="Bank", en="Bank")),
    Value("church", Text(pl="Kościół", en="Church"), ("kosciol",)),
    Value("coastal", Text(pl="Nadmorski", en="Coastal"), ("nadmorska",)),
    Value("communist", Text(pl="Komunistyczny", en="Communist"), ("komunistyczna",)),
    Value("computer", Text(pl="Komputer", en="Computer")),
    Value("green", Text(pl="Ekologiczny (Green)", en="Green"), ("ekologiczna",)),
    Value("huge", Text(pl="Ogromny (Huge)", en="Huge"), ("ogromna",)),
    Value("magic", Text(pl="Magia", en="Magic"), ("magiczna",)),
    Value("media", Text(pl="Media", en="Media")),
    Value("nation", Text(pl="Naród (Nation)", en="Nation"), ("narod", "państwo")),
    Value("science", Text(pl="Nauka", en="Science"), ("naukowa",)),
    Value("secret", Text(pl="Tajny", en="Secret"), ("tajna",)),
    Value("space", Text(pl="Kosmos", en="Space"), ("kosmiczna",)),
    Value("subgenius", Text(pl="SubGenius", en="SubGenius")),
    Value("artifact", Text(pl="Artefakt", en="Artifact")),
    Value("gadget", Text(pl="Gadżet", en="Gadget")),
    Value("unique", Text(pl="Unikatowy", en="Unique"), ("unikat", "unikatowa")),
    Value("action", Text(pl="Akcja", en="Action"), ("akcja",)),
)

SETS = (
    Value("limited", Text(pl="Limited", en="Limited")),
    Value("unlimited", Text(pl="Unlimited", en="Unlimited")),
    Value("assassins", Text(pl="Assassins", en="Assassins")),
    Value("subgenius", Text(pl="SubGenius", en="SubGenius")),
    Value("fan", Text(pl="Fan (karty fanów)", en="Fan (fan-made)"), ("fanowskie",)),
    Value("german", Text(pl="German (niemiecka)", en="German"), ("niemiecka",)),
    Value("german-2", Text(pl="German 2 (angielska)", en="German 2 (in English)")),
    Value("virtual", Text(pl="Virtual (z magazynu Pyramid)", en="Virtual (Pyramid magazine)")),
)

# The card list's rarity marks. Four are the usual ones; the others it uses without saying what
# they mean, so they are shown as printed rather than guessed at.
_NAMED_RARITIES = {
    "C": Text(pl="pospolita (C)", en="common (C)"),
    "U": Text(pl="niepospolita (U)", en="uncommon (U)"),
    "R": Text(pl="rzadka (R)", en="rare (R)"),
    "UR": Text(pl="bardzo rzadka (UR)", en="ultra-rare (UR)"),
}
RARITY_CODES = ("C", "U", "R", "UR", "U3", "U4", "DC", "I", "S", "E", "X")
RARITIES = tuple(
    Value(code.lower(), _NAMED_RARITIES.get(code, Text(pl=code, en=code)), (code,))
    for code in RARITY_CODES
)

PLOT_MARKS = (
    Value("zap", Text(pl="Zap!", en="Zap!")),
    Value("freeze", Text(pl="Freeze!", en="Freeze!")),
    Value("paralysis", Text(pl="Paralysis", en="Paralysis")),
)

NWO_COLOURS = (
    Value("yellow", Text(pl="żółta", en="yellow"), ("zolta",)),
    Value("blue", Text(pl="niebieska", en="blue")),
    Value("red", Text(pl="czerwona", en="red")),
)

_STATS_KINDS = GROUP_KINDS | {ILLUMINATI}


def _number(label: Text, kinds: frozenset[str], keys_pl: tuple, keys_en: tuple, **kw) -> Attribute:
    return Attribute(
        kw.pop("id"),
        "int",
        label,
        kinds,
        facet=True,
        sortable=True,
        search_keys={"pl": keys_pl, "en": keys_en},
        expected=Text(pl="liczby (np. 4)", en="a number (e.g. 4)"),
        minimum=0,
        # Bounds against typing errors, not rules: the highest printed Power is 10.
        maximum=kw.pop("maximum", 99),
        **kw,
    )


# What the syntax page says of INWO's search keys, words and operators; each example finds cards
# in the card list.
SEARCH_GUIDE = SearchGuide(
    keys={
        "kind": SearchHelp(
            meaning=Text(
                pl="Rodzaj karty: Illuminati, Grupa (Organizacja, Osobistość albo Miejsce), Zasób, "
                "Intryga (Plot, Cel, Kataklizm, Zamach) albo karta NWO.",
                en="The kind of card: Illuminati, a Group (Organization, Personality or Place), a "
                "Resource, a Plot (Plot, Goal, Disaster, Assassination) or an NWO card.",
            ),
            examples={
                "pl": ("typ:organizacja", "rodzaj:intrygi"),
                "en": ("kind:illuminati", "type:resource", "t:goal"),
            },
        ),
        "set": SearchHelp(
            meaning=Text(
                pl="Zestaw, w którym karta wyszła według listy kart: Limited, Unlimited, "
                "Assassins, SubGenius, a także karty fanów, niemieckie i z magazynu Pyramid.",
                en="The set the card came out in, by the card list: Limited, Unlimited, "
                "Assassins, SubGenius, and fan-made, German and Pyramid magazine cards.",
            ),
            examples={"pl": ("zestaw:assassins",), "en": ("set:limited",)},
        ),
        "rarity": SearchHelp(
            meaning=Text(
                pl="Rzadkość karty, znakiem z listy kart (c, u, r, ur…).",
                en="The card's rarity, by the card list's mark (c, u, r, ur…).",
            ),
            examples={"pl": ("rzadkosc:r",), "en": ("rarity:ur", "r:c")},
        ),
        "back": SearchHelp(
            meaning=Text(
                pl="Rewers karty: marionetka (talia Grup) albo ręka (talia Intryg).",
                en="The card's back: a puppet (Group deck) or a hand (Plot deck).",
            ),
            examples={"pl": ("rewers:ręka",), "en": ("back:puppet",)},
        ),
        "alignments": SearchHelp(
            meaning=Text(
                pl="Charaktery Grupy; Grupa może mieć kilka.",
                en="A Group's alignments; a Group may have several.",
            ),
            examples={
                "pl": ("charakter:zwariowany",),
                "en": ("alignment:government", "al:violent"),
            },
        ),
        "traits": SearchHelp(
            meaning=Text(
                pl="Atrybuty Grupy albo Zasobu (np. Media, Magia).",
                en="A Group's or a Resource's attributes (e.g. Media, Magic).",
            ),
            examples={"pl": ("atrybut:media",), "en": ("attribute:magic", "attr:artifact")},
        ),
        "power": SearchHelp(
            meaning=Text(
                pl="Siła Grupy albo Illuminati; działa z =, !=, <, <=, >, >=.",
                en="A Group's or an Illuminati's Power; works with =, !=, <, <=, >, >=.",
            ),
            examples={"pl": ("siła>=8",), "en": ("power:0", "pow>=6")},
        ),
        "global_power": SearchHelp(
            meaning=Text(
                pl="Siła globalna Grupy albo Illuminati; działa z =, !=, <, <=, >, >=.",
                en="A Group's or an Illuminati's global Power; works with =, !=, <, <=, >, >=.",
            ),
            examples={"pl": ("globalna>=4",), "en": ("global:0",)},
        ),
        "resistance": SearchHelp(
            meaning=Text(
                pl="Odporność Grupy; działa z =, !=, <, <=, >, >=.",
                en="A Group's Resistance; works with =, !=, <, <=, >, >=.",
            ),
            examples={"pl": ("odporność>=8",), "en": ("resistance:0",)},
        ),
        "control_arrows": SearchHelp(
            meaning=Text(
                pl="Wychodzące strzałki kontroli: Illuminati mają cztery, inne Grupy od 0 do 3.",
                en="Outgoing control arrows: an Illuminati has four, other Groups 0 to 3.",
            ),
            examples={"pl": ("strzałki:3",), "en": ("arrows:0",)},
        ),
        "plot_marks": SearchHelp(
            meaning=Text(
                pl="Oznaczenia Intrygi: Zap!, Freeze!, Paralysis.",
                en="A Plot's markings: Zap!, Freeze!, Paralysis.",
            ),
            examples={"pl": ("oznaczenie:zap",), "en": ("marking:freeze",)},
        ),
        "nwo_colour": SearchHelp(
            meaning=Text(pl="Kolor karty NWO.", en="An NWO card's colour."),
            examples={"pl": ("kolor:niebieska",), "en": ("colour:red", "color:yellow")},
        ),
        "name": SearchHelp(
            meaning=Text(
                pl="Szuka tylko w nazwie: fragment nazwy, bez wielkości liter i polskich znaków.",
                en="Searches the name only: part of the name, ignoring case and Polish diacritics.",
            ),
            examples={"pl": ("nazwa:illuminati",), "en": ("name:conspiracy", "n:bank")},
        ),
        "text": SearchHelp(
            meaning=Text(
                pl="Szuka tylko w tekście karty (także w warunku zagrania i erracie).",
                en="Searches the card's text only (its play requirement and errata too).",
            ),
            examples={"pl": ('tekst:"action token"',), "en": ("text:media",)},
        ),
    },
    words=SearchHelp(examples={"pl": ("illuminati", '"big media"'), "en": ("conspiracy",)}),
    operators=SearchHelp(
        examples={
            "pl": (
                "typ:organizacja charakter:zwariowany siła>=4",
                "kolor:niebieska LUB kolor:czerwona",
                "typ:organizacja NIE atrybut:media",
            ),
            "en": ("(al:weird OR al:violent) -kind:place", "kind:personality AND power>=6"),
        }
    ),
)


SCHEMA = CardSchema(
    kinds=(
        KindDecl(ILLUMINATI, Text(pl="Illuminati", en="Illuminati"), words=("iluminaci",)),
        KindDecl(
            ORGANIZATION,
            Text(pl="Organizacja", en="Organization"),
            Text(pl="Organizacje", en="Organizations"),
            ("organizacje", "organizations"),
        ),
        KindDecl(
            PERSONALITY,
            Text(pl="Osobistość", en="Personality"),
            Text(pl="Osobistości", en="Personalities"),
            ("osobistosci", "personalities"),
        ),
        KindDecl(
            PLACE,
            Text(pl="Miejsce", en="Place"),
            Text(pl="Miejsca", en="Places"),
            ("miejsca", "places"),
        ),
        KindDecl(
            RESOURCE,
            Text(pl="Zasób", en="Resource"),
            Text(pl="Zasoby", en="Resources"),
            ("zasoby", "resources"),
        ),
        KindDecl(
            PLOT,
            Text(pl="Intryga", en="Plot"),
            Text(pl="Intrygi", en="Plots"),
            ("intrygi", "plots"),
        ),
        KindDecl(GOAL, Text(pl="Cel", en="Goal"), Text(pl="Cele", en="Goals"), ("cele", "goals")),
        KindDecl(
            DISASTER,
            Text(pl="Kataklizm", en="Disaster"),
            Text(pl="Kataklizmy", en="Disasters"),
            ("kataklizmy", "disasters"),
        ),
        KindDecl(
            ASSASSINATION,
            Text(pl="Zamach", en="Assassination"),
            Text(pl="Zamachy", en="Assassinations"),
            ("zamachy", "assassinations"),
        ),
        KindDecl(
            NWO,
            # The rulebook calls them "karty NWO" and never spells the letters out in Polish.
            Text(pl="karta NWO", en="NWO (New World Order)"),
            Text(pl="karty NWO", en="NWO cards"),
            ("nwo",),
        ),
    ),
    attributes=(
        Attribute(
            "set",
            "choice",
            Text(pl="zestaw", en="set"),
            ALL_KINDS,
            SETS,
            facet=True,
            search_keys={"pl": ("zestaw",), "en": ("set",)},
            expected=Text(pl="zestawu (np. limited, assassins)", en="a set (e.g. limited)"),
            search_phrase=Text(pl="zestaw {value}", en="set {value}"),
        ),
        Attribute(
            "rarity",
            "choice",
            Text(pl="rzadkość", en="rarity"),
            ALL_KINDS,
            RARITIES,
            facet=True,
            search_keys={"pl": ("rzadkosc", "rzadkość"), "en": ("rarity", "r")},
            expected=Text(pl="rzadkości: c, u, r, ur…", en="a rarity: c, u, r, ur…"),
        ),
        Attribute(
            "back",
            "choice",
            Text(pl="rewers", en="card back"),
            ALL_KINDS,
            (
                Value(
                    PUPPET,
                    Text(pl="marionetka (talia Grup)", en="puppet (Group deck)"),
                    ("marionetka",),
                ),
                Value(HAND, Text(pl="ręka (talia Intryg)", en="hand (Plot deck)"), ("reka",)),
            ),
            facet=True,
            search_keys={"pl": ("rewers",), "en": ("back",)},
            expected=Text(pl="rewersu: marionetka, ręka", en="a back: puppet, hand"),
        ),
        Attribute(
            "alignments",
            "choice",
            Text(pl="charaktery", en="alignments"),
            GROUP_KINDS,
            ALIGNMENTS,
            multi=True,
            facet=True,
            search_keys={"pl": ("charakter",), "en": ("alignment", "al")},
            expected=Text(
                pl="charakteru (np. rządowy, zwariowany)", en="an alignment (e.g. weird)"
            ),
        ),
        Attribute(
            "traits",
            "choice",
            Text(pl="atrybuty", en="attributes"),
            GROUP_KINDS | {RESOURCE},
            TRAITS,
            multi=True,
            facet=True,
            search_keys={"pl": ("atrybut",), "en": ("attribute", "attr")},
            expected=Text(pl="atrybutu (np. media, magia)", en="an attribute (e.g. media)"),
        ),
        _number(
            Text(pl="siła", en="power"),
            _STATS_KINDS,
            ("sila", "siła"),
            ("power", "pow"),
            id="power",
        ),
        _number(
            Text(pl="siła globalna", en="global power"),
            _STATS_KINDS,
            ("globalna",),
            ("global",),
            id="global_power",
        ),
        _number(
            Text(pl="odporność", en="resistance"),
            GROUP_KINDS,
            ("odpornosc", "odporność"),
            ("resistance", "res"),
            id="resistance",
        ),
        _number(
            Text(pl="wychodzące strzałki kontroli", en="outgoing control arrows"),
            _STATS_KINDS,
            ("strzalki", "strzałki"),
            ("arrows",),
            id="control_arrows",
            # "Inne Grupy mają jedną strzałkę wchodzącą i od 0 do 3 strzałek wychodzących";
            # an Illuminati has four.
            maximum=4,
        ),
        Attribute(
            "starred",
            "bool",
            Text(pl="siła lub odporność z gwiazdką (*)", en="power or resistance marked *"),
            _STATS_KINDS,
            help=Text(
                pl="„Jeśli Siła (lub Odporność) Grupy ma oznaczenie *, wówczas należy przeczytać "
                "instrukcję na karcie!”",
                en="A Power or Resistance marked * means: read the card's text.",
            ),
        ),
        Attribute(
            "plot_marks",
            "choice",
            Text(pl="oznaczenia Intrygi", en="Plot markings"),
            PLOT_KINDS,
            PLOT_MARKS,
            multi=True,
            facet=True,
            search_keys={"pl": ("oznaczenie",), "en": ("marking",)},
            expected=Text(pl="oznaczenia: zap, freeze, paralysis", en="zap, freeze, paralysis"),
        ),
        Attribute(
            "requires",
            "text",
            Text(pl="warunek zagrania", en="play requirement"),
            PLOT_KINDS,
            searchable=True,
        ),
        Attribute(
            "nwo_colour",
            "choice",
            Text(pl="kolor NWO", en="NWO colour"),
            kinds_of(NWO),
            NWO_COLOURS,
            facet=True,
            search_keys={"pl": ("kolor",), "en": ("colour", "color")},
            expected=Text(pl="koloru: żółta, niebieska, czerwona", en="yellow, blue, red"),
        ),
        Attribute(
            "errata",
            "text",
            Text(pl="errata", en="errata"),
            ALL_KINDS,
            searchable=True,
        ),
    ),
    search_guide=SEARCH_GUIDE,
)
