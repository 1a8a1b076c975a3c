"""The facts of Dark Eden's cards: kinds, attributes and their values.

Sources: the Polish rulebook (shared/rulebooks/003_590e61198c5ee5fc.txt): the card anatomy
("KARTY": a Leader's affiliation icon, combat value (WB), tactics and blue resource icons; a
Place's neighbour count, WB, affiliation, tactics and blue or red icons; a Warrior's WB and
tactics; an Intrigue's affiliation, WB modifier and what happens after play), the resources
("ZŁOTO", "ŻYWNOŚĆ", "SUROWCE", "PALIWO"), the starting cost ("KOSZT POCZĄTKOWY": no cost
printed, no gold paid), unique cards ("KARTY UNIKATOWE") and "NIEOGRANICZONA LICZBA W TALII"
("PROJEKTOWANIE TALII"); and the card list of the dark-eden-digital project
(shared/data/dark-eden/cards_db.json), which adds the Genesis expansion's upgrades
("Udoskonalenia") and the corporations of the Megacorporations, named as that list names them.
"""

from __future__ import annotations

from rules.core.schema import (
    Attribute,
    CardSchema,
    Flag,
    SearchGuide,
    SearchHelp,
    Text,
    Value,
    kinds_of,
)
from rules.core.schema import Kind as KindDecl

GAME_ID = "dark-eden"

LEADER, PLACE, WARRIOR, INTRIGUE, UPGRADE = "leader", "place", "warrior", "intrigue", "upgrade"
DECK_KINDS = kinds_of(PLACE, WARRIOR, INTRIGUE, UPGRADE)
ALL_KINDS = DECK_KINDS | {LEADER}
# The kinds printed with a combat value (WB) of their own, and with tactics icons.
FIGHTING_KINDS = kinds_of(LEADER, PLACE, WARRIOR)
# The kinds whose WB box holds a modifier ("zazwyczaj poprzedzona znakiem + albo -").
MODIFYING_KINDS = kinds_of(INTRIGUE, UPGRADE)

EDITIONS = (
    Value("dark-eden", Text(pl="Dark Eden (podstawowa)", en="Dark Eden (base set)"), ("de",)),
    Value("genesis", Text(pl="Genesis", en="Genesis"), ("ge",)),
)

GENERAL = "general"
MEGACORPORATIONS = "megacorporations"
CORPORATIONS = ("bauhaus", "capitol", "cybertronic", "imperial", "mishima")
AFFILIATIONS = (
    Value(
        "sons-of-rasputin",
        Text(pl="Synowie Rasputina", en="Sons of Rasputin"),
        ("synowie", "rasputin"),
    ),
    Value("templars", Text(pl="Templariusze", en="Templars"), ("templariusze",)),
    Value(
        "lutheran-triad",
        Text(pl="Luterańska Triada", en="Lutheran Triad"),
        ("triada", "luteranska"),
    ),
    Value("crescentia", Text(pl="Horda Półksiężyca", en="Crescentia"), ("horda", "polksiezyc")),
    Value("dark-legion", Text(pl="Legion Ciemności", en="Dark Legion"), ("legion",)),
    Value(MEGACORPORATIONS, Text(pl="Megakorporacje", en="Megacorporations"), ("megakorporacje",)),
    Value("bauhaus", Text(pl="Bauhaus", en="Bauhaus")),
    Value("capitol", Text(pl="Kapitol", en="Capitol"), ("kapitol",)),
    Value("cybertronic", Text(pl="Cybertronic", en="Cybertronic"), ("cybertronik",)),
    Value("imperial", Text(pl="Imperial", en="Imperial")),
    Value("mishima", Text(pl="Mishima", en="Mishima")),
    Value("brotherhood", Text(pl="Bractwo", en="Brotherhood"), ("bractwo",)),
    # "Jeżeli na karcie nie ma ikony przynależności, to ma ona przynależność Ogólną."
    Value(GENERAL, Text(pl="ogólna", en="general"), ("ogolna",)),
)

TACTICS = (
    Value(
        "land",
        Text(pl="ląd (Żołnierz)", en="land (Soldier)"),
        ("lad", "ziemia", "zolnierz"),
        icon="icons/dark-eden/land.svg",
    ),
    Value(
        "sea",
        Text(pl="woda (Marynarz)", en="sea (Sailor)"),
        ("woda", "morze", "marynarz"),
        icon="icons/dark-eden/sea.svg",
    ),
    Value(
        "air",
        Text(pl="powietrze (Lotnik)", en="air (Flyer)"),
        ("powietrze", "niebo", "lotnik"),
        icon="icons/dark-eden/air.svg",
    ),
)

# The four resources (ZŁ, ŻW, SU, PA); a blue icon provides one unit, a red one consumes it.
RESOURCES = (
    ("gold", Text(pl="złoto", en="gold"), ("zloto", "zl")),
    ("food", Text(pl="żywność", en="food"), ("zywnosc", "zw")),
    ("materials", Text(pl="surowce", en="materials"), ("surowce", "su")),
    ("fuel", Text(pl="paliwo", en="fuel"), ("paliwo", "pa")),
)


def _resource_values(colour: str) -> tuple[Value, ...]:
    return tuple(
        Value(rid, label, words, icon=f"icons/dark-eden/{rid}-{colour}.svg")
        for rid, label, words in RESOURCES
    )


PROVIDED = _resource_values("blue")
CONSUMED = _resource_values("red")

# "Koszt Początkowy: #"; X where the player chooses how much to pay (Pole Minowe, Milicja).
STARTING_COSTS = tuple(
    Value(str(cost), Text(pl=str(cost), en=str(cost)), rank=cost) for cost in range(11)
) + (Value("x", Text(pl="X (według gracza)", en="X (the player's choice)"), rank=99),)

AFTER_PLAY = (
    Value("attached", Text(pl="dołącz", en="attach"), ("dolacz",)),
    Value("discarded", Text(pl="odrzuć", en="discard"), ("odrzuc",)),
    Value("annihilated", Text(pl="anihiluj", en="annihilate"), ("anihiluj",)),
)

_NONE = Text(pl="brak", en="none")


# What the syntax page says of Dark Eden's search keys, words and operators; each example finds
# cards in the card list.
SEARCH_GUIDE = SearchGuide(
    keys={
        "kind": SearchHelp(
            meaning=Text(
                pl="Rodzaj karty: Przywódca, Miejsce, Wojownik, Intryga (także ekwipunek i "
                "rytuały) albo Udoskonalenie (Genesis).",
                en="The kind of card: Leader, Place, Warrior, Intrigue (equipment and rituals "
                "too) or Upgrade (Genesis).",
            ),
            examples={
                "pl": ("typ:wojownik", "rodzaj:udoskonalenie"),
                "en": ("kind:leader", "type:intrigue"),
            },
        ),
        "affiliation": SearchHelp(
            meaning=Text(
                pl="Przynależność karty; karta bez ikony przynależności ma przynależność ogólną.",
                en="The card's affiliation; a card without an affiliation icon is general.",
            ),
            examples={
                "pl": ("przynaleznosc:templariusze", "przynależność:ogólna"),
                "en": ("affiliation:bauhaus",),
            },
        ),
        "expansion": SearchHelp(
            meaning=Text(
                pl="Zestaw karty: podstawowy Dark Eden albo Genesis.",
                en="The card's set: the Dark Eden base set or Genesis.",
            ),
            examples={"pl": ("dodatek:genesis",), "en": ("set:de",)},
        ),
        "combat_value": SearchHelp(
            meaning=Text(
                pl="Wartość bojowa (WB) Przywódcy, Miejsca albo Wojownika; działa z =, !=, <, "
                "<=, >, >=.",
                en="A Leader's, Place's or Warrior's combat value; works with =, !=, <, <=, >, >=.",
            ),
            examples={"pl": ("wb>=10",), "en": ("cv<3",)},
        ),
        "tactics": SearchHelp(
            meaning=Text(
                pl="Taktyka walki: ląd, woda, powietrze.", en="Combat tactics: land, sea, air."
            ),
            examples={"pl": ("taktyka:woda",), "en": ("tactics:air",)},
        ),
        "provides": SearchHelp(
            meaning=Text(
                pl="Zasoby, które karta dostarcza (niebieskie ikony).",
                en="The resources the card provides (blue icons).",
            ),
            examples={"pl": ("dostarcza:złoto",), "en": ("provides:fuel",)},
        ),
        "consumes": SearchHelp(
            meaning=Text(
                pl="Zasoby, które karta pobiera (czerwone ikony).",
                en="The resources the card consumes (red icons).",
            ),
            examples={"pl": ("pobiera:żywność",), "en": ("consumes:materials",)},
        ),
        "starting_cost": SearchHelp(
            meaning=Text(
                pl="Koszt początkowy: 0–10 albo X (według gracza); karta bez podanego kosztu "
                "kosztuje 0; porównania według kosztu.",
                en="The starting cost: 0–10 or X (the player's choice); a card that prints none "
                "costs 0; compares by cost.",
            ),
            examples={"pl": ("koszt>=5",), "en": ("cost:x",)},
        ),
        "after_play": SearchHelp(
            meaning=Text(
                pl="Dalszy los Intrygi: dołącz, odrzuć, anihiluj.",
                en="What becomes of an Intrigue after play: attach, discard, annihilate.",
            ),
            examples={"pl": ("los:odrzuć",), "en": ("after:attach",)},
        ),
        "is": SearchHelp(
            meaning=Text(
                pl="Cecha karty: unikatowa (w grze naraz jeden jej egzemplarz) albo "
                "nieograniczona (dowolna liczba w talii).",
                en="A property: unique-card (one copy in play at a time) or unlimited (any "
                "number of copies in a deck).",
            ),
            examples={"pl": ("jest:unikatowa",), "en": ("is:unlimited",)},
        ),
        "name": SearchHelp(
            meaning=Text(
                pl="Szuka tylko w nazwie: fragment nazwy, bez wielkości liter i polskich znaków.",
                en="Searches the name only: part of the name, ignoring case and Polish diacritics.",
            ),
            examples={"pl": ("nazwa:czaszka",), "en": ("name:ambasada",)},
        ),
        "text": SearchHelp(
            meaning=Text(
                pl="Szuka tylko w tekście karty (także w nazwisku ilustratora).",
                en="Searches the card's text only (the artist's name too).",
            ),
            examples={"pl": ('tekst:"koszt początkowy"',), "en": ("o:przepowiednia",)},
        ),
    },
    words=SearchHelp(examples={"pl": ("czaszka", '"pole minowe"', "rasputin")}),
    operators=SearchHelp(
        examples={
            "pl": (
                "typ:wojownik przynaleznosc:templariusze wb>=10",
                "taktyka:woda LUB taktyka:powietrze",
                "typ:intryga NIE los:anihiluj",
            ),
            "en": ("(aff:bauhaus OR aff:capitol) -kind:leader", "kind:warrior AND cv>=10"),
        }
    ),
)


SCHEMA = CardSchema(
    kinds=(
        KindDecl(
            LEADER,
            Text(pl="Przywódca", en="Leader"),
            Text(pl="Przywódcy", en="Leaders"),
            ("przywodcy", "leaders"),
        ),
        KindDecl(
            PLACE,
            Text(pl="Miejsce", en="Place"),
            Text(pl="Miejsca", en="Places"),
            ("miejsca", "places"),
        ),
        KindDecl(
            WARRIOR,
            Text(pl="Wojownik", en="Warrior"),
            Text(pl="Wojownicy", en="Warriors"),
            ("wojownicy", "warriors"),
        ),
        KindDecl(
            INTRIGUE,
            Text(pl="Intryga", en="Intrigue"),
            Text(pl="Intrygi", en="Intrigues"),
            ("intrygi", "intrigues"),
        ),
        KindDecl(
            UPGRADE,
            Text(pl="Udoskonalenie", en="Upgrade"),
            Text(pl="Udoskonalenia", en="Upgrades"),
            ("udoskonalenia", "upgrades"),
        ),
    ),
    attributes=(
        Attribute(
            "affiliation",
            "choice",
            Text(pl="przynależność", en="affiliation"),
            ALL_KINDS,
            AFFILIATIONS,
            facet=True,
            search_keys={"pl": ("przynaleznosc", "przynależność"), "en": ("affiliation", "aff")},
            expected=Text(
                pl="przynależności (np. templariusze, ogólna)",
                en="an affiliation (e.g. templars, general)",
            ),
        ),
        # The base set or Genesis. Not "edition": the catalogue's printings have that name
        # (`edycja:`), and no card of this game has a printing yet.
        Attribute(
            "expansion",
            "choice",
            Text(pl="zestaw", en="set"),
            ALL_KINDS,
            EDITIONS,
            facet=True,
            search_keys={"pl": ("dodatek", "zestaw"), "en": ("expansion", "set")},
            expected=Text(pl="edycji: dark-eden, genesis", en="an edition: dark-eden, genesis"),
        ),
        Attribute(
            "combat_value",
            "int",
            Text(pl="wartość bojowa (WB)", en="combat value"),
            FIGHTING_KINDS,
            facet=True,
            sortable=True,
            search_keys={"pl": ("wb",), "en": ("cv",)},
            expected=Text(pl="liczby (np. 9)", en="a number (e.g. 9)"),
            minimum=0,
            # A bound against typing errors, not a rule: the highest printed WB is 19.
            maximum=99,
        ),
        Attribute(
            "combat_modifier",
            "text",
            Text(pl="modyfikator WB", en="combat value modifier"),
            MODIFYING_KINDS,
            help=Text(
                pl="Jak wydrukowano: +2, X2 (podwaja), /2 (dzieli na pół), +X.",
                en="As printed: +2, X2 (doubles), /2 (halves), +X.",
            ),
        ),
        Attribute(
            "tactics",
            "choice",
            Text(pl="taktyka walki", en="tactics"),
            FIGHTING_KINDS,
            TACTICS,
            multi=True,
            empty=_NONE,
            facet=True,
            search_keys={"pl": ("taktyka",), "en": ("tactics", "tactic")},
            expected=Text(pl="taktyki: ląd, woda, powietrze", en="a tactic: land, sea, air"),
        ),
        Attribute(
            "provides",
            "choice",
            Text(pl="dostarcza zasoby", en="provides"),
            ALL_KINDS,
            PROVIDED,
            multi=True,
            repeats=True,
            empty=_NONE,
            facet=True,
            search_keys={"pl": ("dostarcza",), "en": ("provides",)},
            expected=Text(
                pl="zasobu: złoto, żywność, surowce, paliwo", en="gold, food, materials, fuel"
            ),
        ),
        Attribute(
            "consumes",
            "choice",
            Text(pl="pobiera zasoby", en="consumes"),
            ALL_KINDS,
            CONSUMED,
            multi=True,
            repeats=True,
            empty=_NONE,
            facet=True,
            search_keys={"pl": ("pobiera",), "en": ("consumes",)},
            expected=Text(
                pl="zasobu: złoto, żywność, surowce, paliwo", en="gold, food, materials, fuel"
            ),
        ),
        Attribute(
            "starting_cost",
            "choice",
            Text(pl="koszt początkowy", en="starting cost"),
            ALL_KINDS,
            STARTING_COSTS,
            facet=True,
            sortable=True,
            search_keys={"pl": ("koszt",), "en": ("cost",)},
            expected=Text(pl="kosztu: 0–10 albo x", en="a cost: 0–10 or x"),
            help=Text(
                pl="„Jeśli na karcie nie podano Kosztu Początkowego, nie musisz płacić złotem "
                "za jej wyłożenie”: wtedy 0.",
                en="A card that prints no starting cost costs no gold to play: 0.",
            ),
        ),
        Attribute(
            "neighbours",
            "int",
            Text(pl="liczba sąsiadów", en="neighbour allowance"),
            kinds_of(PLACE),
            minimum=0,
            maximum=4,
            # The rulebook says "od 1 do 4"; the card list gives one Place 0 (Piżmiej spod
            # znaku Półksiężyca), kept as listed rather than corrected.
            help=Text(
                pl="Ile innych Miejsc może przy nim stać (podręcznik: od 1 do 4).",
                en="How many other Places may stand beside it (the rulebook: 1 to 4).",
            ),
        ),
        Attribute(
            "unique",
            "bool",
            Text(pl="karta unikatowa", en="unique card"),
            ALL_KINDS,
            flags=(Flag(True, ("unikatowa", "unique-card")),),
            help=Text(
                pl="KARTA UNIKATOWA: w grze może być naraz jeden jej egzemplarz (w talii więcej).",
                en="Only one copy may be in play at a time (a deck may hold more).",
            ),
        ),
        Attribute(
            "unlimited",
            "bool",
            Text(pl="nieograniczona liczba w talii", en="unlimited copies in a deck"),
            ALL_KINDS,
            flags=(Flag(True, ("nieograniczona", "unlimited")),),
        ),
        Attribute(
            "after_play",
            "choice",
            Text(pl="dalszy los karty", en="after play"),
            # The rulebook gives the icon to Intrigues ("KARTY INTRYG", 4. Dalszy los karty).
            kinds_of(INTRIGUE),
            AFTER_PLAY,
            facet=True,
            search_keys={"pl": ("los",), "en": ("after",)},
            expected=Text(pl="dołącz, odrzuć, anihiluj", en="attach, discard, annihilate"),
        ),
        Attribute(
            "artist",
            "text",
            Text(pl="ilustrator", en="artist"),
            ALL_KINDS,
            searchable=True,
        ),
    ),
    search_guide=SEARCH_GUIDE,
)
