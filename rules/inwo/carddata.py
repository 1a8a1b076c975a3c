"""Read LackeyCCG's INWO card list (`carddata.txt`) into cards, rejecting what it cannot read.

The list (plugin MightyBullMoose/LackeyCCG-INWO, `sets/carddata.txt`) is tab-separated with a
header row: Name, Set, ImageFile, Rarity, Deck, Type, Alignment, Attribute, Power, Resistance,
Control, ERRATA, Text. Its Alignment and Attribute columns mean different things by the card's
type: a Group's alignments and attributes, a Resource's attributes, a Plot's markings and play
requirement. An empty field is unknown and gives no attribute; a value the reader does not know
rejects the row with its line number rather than being guessed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from rules.core.cardrows import (
    CardFile,
    CardFileError,
    ReadCard,
    RejectedRow,
    RowRejected,
    check_row,
)
from rules.core.schema import Text
from rules.inwo.schema import (
    ALIGNMENTS,
    ASSASSINATION,
    DISASTER,
    GOAL,
    GROUP_KINDS,
    HAND,
    ILLUMINATI,
    NWO,
    ORGANIZATION,
    PERSONALITY,
    PLACE,
    PLOT,
    PLOT_KINDS,
    PUPPET,
    RARITIES,
    RESOURCE,
    SCHEMA,
    SETS,
    TRAITS,
)

FORMAT = "lackey"
# How the catalogue's sources name the file.
DOCUMENT = "LackeyCCG-INWO carddata.txt"

COLUMNS = (
    "Name",
    "Set",
    "ImageFile",
    "Rarity",
    "Deck",
    "Type",
    "Alignment",
    "Attribute",
    "Power",
    "Resistance",
    "Control",
    "ERRATA",
    "Text",
)
# ImageFile names a picture of the plugin's; it is kept in the row's quote, nothing more.
REQUIRED_COLUMNS = tuple(column for column in COLUMNS if column != "ImageFile")

# The Type column (trailing spaces stripped): a kind, and for NWO cards their colour too.
TYPES: dict[str, tuple[str, dict[str, Any]]] = {
    "Illuminati": (ILLUMINATI, {}),
    "Organization": (ORGANIZATION, {}),
    "Personality": (PERSONALITY, {}),
    "Place": (PLACE, {}),
    "Resource": (RESOURCE, {}),
    "Plot": (PLOT, {}),
    "Goal": (GOAL, {}),
    "Disaster": (DISASTER, {}),
    "Disaster!": (DISASTER, {}),
    "Assassination": (ASSASSINATION, {}),
    "NWOY": (NWO, {"nwo_colour": "yellow"}),
    "NWOB": (NWO, {"nwo_colour": "blue"}),
    "NWOR": (NWO, {"nwo_colour": "red"}),
}
# The Deck column names the card's back: "Puppet" the Group deck's, "Master" the Plot deck's.
BACKS = {"Puppet": PUPPET, "Master": HAND}
# The words a Plot kind's Attribute column opens with to say what it is, which say nothing
# the kind does not ("Disaster!", "Assassination!"); an NWO card's colour is its Type's.
KIND_MARKERS = {DISASTER: "Disaster!", ASSASSINATION: "Assassination!"}
NWO_COLOUR_WORDS = {"yellow": "Yellow", "blue": "Blue", "red": "Red"}
PLOT_MARK_WORDS = {"Zap!": "zap", "Freeze!": "freeze", "Paralysis": "paralysis"}

ALIGNMENT_IDS = frozenset(value.id for value in ALIGNMENTS)
RESOURCE_TRAITS = frozenset({"artifact", "gadget", "magic", "unique", "action"})
# A Group may be Magic too; the other Resource attributes are a Resource's only.
GROUP_TRAITS = (frozenset(value.id for value in TRAITS) - RESOURCE_TRAITS) | {"magic"}
TRAIT_ORDER = {value.id: index for index, value in enumerate(TRAITS)}
SET_IDS = frozenset(value.id for value in SETS)
RARITY_IDS = frozenset(value.id for value in RARITIES)

# "(Sometimes)" and a trailing "*" qualify a Group's alignment or attribute; the card has it,
# and the row's quote keeps the qualifier.
_QUALIFIER = re.compile(r"\s*\(sometimes\)\s*$|\*$", re.IGNORECASE)
# "(maybe 2)" after a Resource's ACTION: a remark on how many, not a further attribute.
_REMARK = re.compile(r"\([^)]*\)")
_POWER = re.compile(r"(?:([0-9]+)(?:/([0-9]+))?)?(\*)?")
_NUMBER = re.compile(r"([0-9]+)(\*)?")
_DIGITS = re.compile(r"[0-9]+")


def read_carddata(text: str) -> CardFile:
    """Read the whole card list; raise CardFileError if its header is not the list's."""
    lines = text.removeprefix("\ufeff").split("\n")
    header = [name.strip() for name in lines[0].rstrip("\r").split("\t")]
    missing = [column for column in REQUIRED_COLUMNS if column not in header]
    if missing:
        names = ", ".join(missing)
        raise CardFileError(
            Text(
                pl=f"to nie jest lista kart LackeyCCG: w nagłówku brak kolumn {names}",
                en=f"not a LackeyCCG card list: the header lacks the columns {names}",
            )
        )
    rows: list[ReadCard | RejectedRow] = []
    for number, line in enumerate(lines[1:], start=2):
        line = line.rstrip("\r")
        if not line.strip():
            continue
        try:
            rows.append(_read_row(number, line, header))
        except RowRejected as rejected:
            rows.append(RejectedRow(number, line, rejected.reason, _name_of(line, header)))
    return CardFile(DOCUMENT, tuple(rows))


def _name_of(line: str, header: list[str]) -> str:
    """Return the row's card name where it can be told, to say which card a rejection cost."""
    fields = line.split("\t")
    index = header.index("Name")
    return " ".join(fields[index].split()) if index < len(fields) else ""


def _read_row(number: int, line: str, header: list[str]) -> ReadCard:
    fields = line.split("\t")
    if len(fields) != len(header):
        raise RowRejected(
            f"oczekiwano {len(header)} pól rozdzielonych tabulatorem, jest {len(fields)}",
            f"expected {len(header)} tab-separated fields, found {len(fields)}",
        )
    row = {name: value.strip() for name, value in zip(header, fields, strict=True)}
    name = " ".join(row["Name"].split())
    if not name:
        raise RowRejected("wiersz bez nazwy karty", "the row has no card name")
    if row["Type"] not in TYPES:
        known = ", ".join(TYPES)
        raise RowRejected(
            f"nieznany typ {row['Type']!r}; znane: {known}",
            f"unknown Type {row['Type']!r}; expected one of {known}",
        )
    kind, attributes = TYPES[row["Type"]]
    attributes = dict(attributes)
    _choice(attributes, "set", row["Set"], _set_id, "zestaw", "Set")
    _choice(attributes, "rarity", row["Rarity"], _rarity_id, "rzadkość", "Rarity")
    _choice(attributes, "back", row["Deck"], BACKS.get, "talia (rewers)", "Deck")
    for reader in _COLUMN_READERS[kind]:
        reader(attributes, row, kind)
    _stats(attributes, row, kind)
    if row["ERRATA"]:
        attributes["errata"] = row["ERRATA"]
    # The schema has the last word: a value on a kind that lacks it (a Resource's Power) is no
    # card the catalogue could store.
    check_row(SCHEMA, kind, attributes)
    return ReadCard(number, line, name, kind, attributes, row["Text"])


def _set_id(printed: str) -> str | None:
    value = "-".join(printed.lower().split())
    return value if value in SET_IDS else None


def _rarity_id(printed: str) -> str | None:
    value = printed.lower()
    return value if value in RARITY_IDS else None


def _choice(
    attributes: dict[str, Any],
    attribute: str,
    printed: str,
    to_id: Callable[[str], str | None],
    column_pl: str,
    column_en: str,
) -> None:
    if not printed:
        return
    value = to_id(printed)
    if value is None:
        raise RowRejected(
            f"nieznana wartość w kolumnie {column_en} ({column_pl}): {printed!r}",
            f"unknown {column_en} {printed!r}",
        )
    attributes[attribute] = value


def _items(printed: str) -> list[str]:
    return [item.strip() for item in printed.split(",") if item.strip()]


def _group_columns(attributes: dict[str, Any], row: dict[str, str], kind: str) -> None:
    """Read a Group's alignments (Alignment) and attributes (Attribute)."""
    alignments = [_unqualified(item) for item in _items(row["Alignment"])]
    for alignment in alignments:
        if alignment not in ALIGNMENT_IDS:
            raise RowRejected(
                f"nieznany charakter Grupy {alignment!r} w kolumnie Alignment",
                f"unknown Group alignment {alignment!r} in the Alignment column",
            )
    if alignments:
        attributes["alignments"] = list(dict.fromkeys(alignments))
    traits = [_unqualified(item) for item in _items(row["Attribute"])]
    for trait in traits:
        if trait not in GROUP_TRAITS:
            raise RowRejected(
                f"nieznany atrybut Grupy {trait!r} w kolumnie Attribute",
                f"unknown Group attribute {trait!r} in the Attribute column",
            )
    if traits:
        attributes["traits"] = _in_order(traits)


def _unqualified(item: str) -> str:
    return _QUALIFIER.sub("", item).strip().lower()


def _resource_columns(attributes: dict[str, Any], row: dict[str, str], kind: str) -> None:
    """Read a Resource's attributes: the list puts some in Alignment, the rest in Attribute."""
    # "Unique Artifact" is two attributes, as "Artifact, Unique" is; ACTION twice is one
    # attribute (the quote keeps how many).
    words = [
        word.lower()
        for column in ("Alignment", "Attribute")
        for word in _REMARK.sub(" ", row[column]).replace(",", " ").split()
    ]
    for word in words:
        if word not in RESOURCE_TRAITS:
            raise RowRejected(
                f"nieznany atrybut Zasobu {word!r}",
                f"unknown Resource attribute {word!r}",
            )
    if words:
        attributes["traits"] = _in_order(words)


def _in_order(traits: list[str]) -> list[str]:
    return sorted(set(traits), key=TRAIT_ORDER.__getitem__)


def _plot_columns(attributes: dict[str, Any], row: dict[str, str], kind: str) -> None:
    """Read a Plot kind's markings (Alignment) and play requirement (Attribute)."""
    marks = _items(row["Alignment"])
    for mark in marks:
        if mark not in PLOT_MARK_WORDS:
            raise RowRejected(
                f"nieznane oznaczenie Intrygi {mark!r} w kolumnie Alignment",
                f"unknown Plot marking {mark!r} in the Alignment column",
            )
    if marks:
        attributes["plot_marks"] = list(dict.fromkeys(PLOT_MARK_WORDS[mark] for mark in marks))
    requirement = row["Attribute"]
    if kind == NWO:
        colour = NWO_COLOUR_WORDS[attributes["nwo_colour"]]
        if requirement and requirement.lower() != colour.lower():
            raise RowRejected(
                f"karta typu {row['Type']} ma w kolumnie Attribute {requirement!r}, "
                f"a nie swój kolor {colour!r}",
                f"a {row['Type']} card has {requirement!r} in the Attribute column, "
                f"not its colour {colour!r}",
            )
        return
    marker = KIND_MARKERS.get(kind)
    if marker and requirement.startswith(marker):
        requirement = requirement.removeprefix(marker).strip()
    if requirement:
        attributes["requires"] = requirement


def _illuminati_columns(attributes: dict[str, Any], row: dict[str, str], kind: str) -> None:
    """An Illuminati has neither alignments nor attributes in the list; refuse to guess."""
    for column in ("Alignment", "Attribute"):
        if row[column]:
            raise RowRejected(
                f"Illuminati z wartością w kolumnie {column}: {row[column]!r}",
                f"an Illuminati with a value in the {column} column: {row[column]!r}",
            )


_COLUMN_READERS = {
    **{kind: (_group_columns,) for kind in GROUP_KINDS},
    RESOURCE: (_resource_columns,),
    **{kind: (_plot_columns,) for kind in PLOT_KINDS},
    ILLUMINATI: (_illuminati_columns,),
}


def _stats(attributes: dict[str, Any], row: dict[str, str], kind: str) -> None:
    """Read Power (`6/4` power/global power), Resistance and Control; `*` marks a starred value."""
    starred = False
    if row["Power"]:
        match = _POWER.fullmatch(row["Power"])
        if match is None:
            raise RowRejected(
                f"nieczytelna siła {row['Power']!r} (oczekiwano np. 6, 6/4, 1*, *)",
                f"unreadable Power {row['Power']!r} (expected e.g. 6, 6/4, 1*, *)",
            )
        power, global_power, star = match.groups()
        if power is not None:
            attributes["power"] = int(power)
        if global_power is not None:
            attributes["global_power"] = int(global_power)
        starred = star is not None
    if row["Resistance"]:
        match = _NUMBER.fullmatch(row["Resistance"])
        if match is None:
            raise RowRejected(
                f"nieczytelna odporność {row['Resistance']!r}",
                f"unreadable Resistance {row['Resistance']!r}",
            )
        attributes["resistance"] = int(match.group(1))
        starred = starred or match.group(2) is not None
    if row["Control"]:
        if not _DIGITS.fullmatch(row["Control"]):
            raise RowRejected(
                f"nieczytelna liczba strzałek kontroli {row['Control']!r}",
                f"unreadable Control {row['Control']!r}",
            )
        attributes["control_arrows"] = int(row["Control"])
    # A star is a fact; so is its absence, but only where every figure the kind prints is given
    # (a Group's Power and Resistance, an Illuminati's Power): an empty field might hide one.
    printed = ("Power",) if kind == ILLUMINATI else ("Power", "Resistance")
    if starred:
        attributes["starred"] = True
    elif kind in SCHEMA.attribute("starred").kinds and all(row[column] for column in printed):
        attributes["starred"] = False
