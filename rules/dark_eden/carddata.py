"""Read the dark-eden-digital card list (`cards_db.json`, exported from Magic Set Editor) into cards.

The list is a JSON array of objects: `category` (`DE_Przywodcy`… for the base set, `GE_…` for
Genesis), `name`, `action` (the card's text), `affiliation`, `resources` (`Blue_Gold` provided,
`Red_Fuel` consumed, one item per printed icon), `cv` and `cv1` (the two characters of the
printed combat value: `1`,`4` is 14, `+`,`2` a modifier of +2), `land`/`sea`/`air`,
`post play`, `neighbor allowance` and `author`; the rest (pictures, times, styling) says nothing
about the card and stays in the row's quote.

Magic Set Editor writes only the fields that differ from its template's default, so a missing
field is the default, not a gap: no affiliation icon is the general affiliation (as the rulebook
says of a card without one), no resources is no icon, and a tactic is written only when the card
lacks it (`"sea": false`); the rulebook's own example bears this out (PHISCHE, land and sea;
PROROK, land). Unique, unlimited and the starting cost are read from the card's text, where the
rulebook says they are printed. A value the reader does not know rejects the row with its line.
"""

from __future__ import annotations

import json
import re
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
from rules.core.verdict import unbroken
from rules.dark_eden.schema import (
    FIGHTING_KINDS,
    INTRIGUE,
    LEADER,
    MODIFYING_KINDS,
    PLACE,
    SCHEMA,
    UPGRADE,
    WARRIOR,
)

FORMAT = "mse-json"
# How the catalogue's sources name the file.
DOCUMENT = "dark-eden-digital cards_db.json"

EDITIONS = {"DE": "dark-eden", "GE": "genesis"}
KINDS = {
    "Przywodcy": LEADER,
    "Miejsca": PLACE,
    "Wojownicy": WARRIOR,
    "Intrygi": INTRIGUE,
    "Udoskonalenia": UPGRADE,
}
AFFILIATIONS = {
    "The Sons of Rasputin": "sons-of-rasputin",
    "The Templars": "templars",
    "The Lutheran Triad": "lutheran-triad",
    "Crescentia": "crescentia",
    "The Dark Legion": "dark-legion",
    "Megacorporations": "megacorporations",
    "The Bauhaus": "bauhaus",
    "The Capitol": "capitol",
    "The Cybertronic": "cybertronic",
    "The Imperial": "imperial",
    "The Mishima": "mishima",
    "The Brotherhood": "brotherhood",
}
RESOURCES = {"Gold": "gold", "Food": "food", "Materials": "materials", "Fuel": "fuel"}
# A blue icon provides the resource, a red one consumes it.
ICON_COLOURS = {"Blue": "provides", "Red": "consumes"}
AFTER_PLAY = {"Attached": "attached", "Discarded": "discarded", "Annihilated": "annihilated"}
TACTICS = ("land", "sea", "air")
# The first character of a modifier (+2, X2 doubles, /2 halves, +X).
MODIFIER_SIGNS = frozenset("+-X/")

# "Koszt Początkowy: 3." as the cards print it, typos included ("Koszt Pocztkowy",
# "oszt początkowy: X"); the cost is a number or X.
_STARTING_COST = re.compile(r"\bK?oszt\s+pocz\w*\s*:\s*(\d+|X)\b", re.IGNORECASE)
_UNIQUE = re.compile(r"\bKARTA\s+UNIKATOWA\b", re.IGNORECASE)
_UNLIMITED = re.compile(r"\bNIEOGRANICZONA\s+LICZBA\s+W\s+TALII\b", re.IGNORECASE)
_CATEGORY = re.compile(r"(DE|GE)_(\w+)")
_ASCII_LOWER = re.compile(r"[a-z]")


def read_cards_db(text: str) -> CardFile:
    """Read the whole list; raise CardFileError if it is not a JSON array of objects."""
    text = text.removeprefix("\ufeff")
    decoder = json.JSONDecoder()
    position = _skip_space(text, 0)
    if not text.startswith("[", position):
        raise CardFileError(
            Text(
                pl="to nie jest lista kart Magic Set Editora: plik nie zaczyna się od [",
                en="not a Magic Set Editor card list: the file does not open with [",
            )
        )
    rows: list[ReadCard | RejectedRow] = []
    position = _skip_space(text, position + 1)
    while not text.startswith("]", position):
        line = text.count("\n", 0, position) + 1
        try:
            entry, end = decoder.raw_decode(text, position)
        except json.JSONDecodeError as error:
            raise CardFileError(
                Text(
                    pl=f"niepoprawny JSON w wierszu {error.lineno}: {error.msg}",
                    en=f"invalid JSON on line {error.lineno}: {error.msg}",
                )
            ) from None
        raw = text[position:end]
        try:
            rows.append(_read_entry(line, raw, entry))
        except RowRejected as rejected:
            name = entry.get("name") if isinstance(entry, dict) else None
            rows.append(RejectedRow(line, raw, rejected.reason, _card_name(name)))
        position = _skip_space(text, end)
        if text.startswith(",", position):
            position = _skip_space(text, position + 1)
        elif not text.startswith("]", position):
            line = text.count("\n", 0, position) + 1
            raise CardFileError(
                Text(
                    pl=f"niepoprawny JSON w wierszu {line}: brak przecinka między kartami",
                    en=f"invalid JSON on line {line}: a comma is missing between cards",
                )
            )
    return CardFile(DOCUMENT, tuple(rows))


def _skip_space(text: str, position: int) -> int:
    while position < len(text) and text[position].isspace():
        position += 1
    return position


def _clean(value: object) -> str:
    return " ".join(value.split()) if isinstance(value, str) else ""


def _card_name(value: object) -> str:
    """Return a name as printed: the editor's line-break hyphens joined ("BŁOGOSŁA- WIEŃSTWO"),
    and the capitals it lost on Polish letters restored ("LUTERAńSKIEJ")."""
    name = unbroken(_clean(value))
    return name.upper() if name.upper() != name and _ASCII_LOWER.search(name) is None else name


def _read_entry(line: int, raw: str, entry: object) -> ReadCard:
    if not isinstance(entry, dict):
        raise RowRejected("karta musi być obiektem JSON", "a card must be a JSON object")
    name = _card_name(entry.get("name"))
    if not name:
        raise RowRejected("karta bez nazwy", "the card has no name")
    category = entry.get("category")
    match = _CATEGORY.fullmatch(category) if isinstance(category, str) else None
    if match is None or match.group(2) not in KINDS:
        known = ", ".join(f"DE_{name}" for name in KINDS)
        raise RowRejected(
            f"nieznana kategoria {category!r}; znane: {known} (i GE_…)",
            f"unknown category {category!r}; expected one of {known} (or GE_…)",
        )
    kind = KINDS[match.group(2)]
    attributes: dict[str, Any] = {"expansion": EDITIONS[match.group(1)]}
    _affiliation(attributes, entry.get("affiliation"))
    _resources(attributes, entry.get("resources"))
    _combat(attributes, entry, kind)
    _tactics(attributes, entry, kind)
    _after_play(attributes, entry.get("post play"))
    _neighbours(attributes, entry.get("neighbor allowance"))
    artist = _clean(entry.get("author"))
    if artist:
        attributes["artist"] = artist
    text = entry.get("action")
    text = text.strip() if isinstance(text, str) else ""
    if text:
        _from_text(attributes, text)
    # The schema has the last word: a value on a kind that lacks it is no card to store.
    check_row(SCHEMA, kind, attributes)
    return ReadCard(line, raw, name, kind, attributes, text)


def _affiliation(attributes: dict[str, Any], printed: object) -> None:
    if printed is None:
        attributes["affiliation"] = "general"
        return
    value = AFFILIATIONS.get(_clean(printed))
    if value is None:
        raise RowRejected(f"nieznana przynależność {printed!r}", f"unknown affiliation {printed!r}")
    attributes["affiliation"] = value


def _resources(attributes: dict[str, Any], icons: object) -> None:
    """Read the icons: one list item per icon, so two `Blue_Gold` provide two gold."""
    if icons is None:
        icons = []
    if not isinstance(icons, list):
        raise RowRejected("zasoby muszą być listą ikon", "resources must be a list of icons")
    read: dict[str, list[str]] = {"provides": [], "consumes": []}
    for icon in icons:
        colour, _, resource = str(icon).partition("_")
        if colour not in ICON_COLOURS or resource not in RESOURCES:
            raise RowRejected(f"nieznana ikona zasobu {icon!r}", f"unknown resource icon {icon!r}")
        read[ICON_COLOURS[colour]].append(RESOURCES[resource])
    attributes.update(read)


def _combat(attributes: dict[str, Any], entry: dict, kind: str) -> None:
    """Read the printed combat value: a number on a fighting kind, a modifier on the others."""
    first, second = entry.get("cv"), entry.get("cv1")
    if first is None and second is None:
        return
    printed = f"{'' if first is None else first}{'' if second is None else second}"
    if kind in FIGHTING_KINDS:
        if printed.isdigit():
            attributes["combat_value"] = int(printed)
            return
        # "X": the card's text sets its value (Pole Minowe); nothing to store as a number.
        if set(printed) == {"X"}:
            return
        raise RowRejected(
            f"nieczytelna wartość bojowa {printed!r}", f"unreadable combat value {printed!r}"
        )
    if kind in MODIFYING_KINDS:
        if printed.isdigit() or (printed[:1] in MODIFIER_SIGNS and len(printed) > 1):
            attributes["combat_modifier"] = printed
            return
        # ".." (Głupota czy odwaga?, +2 or -2 by its text) is a placeholder, not a value.
        if set(printed) == {"."}:
            return
    raise RowRejected(
        f"nieczytelny modyfikator WB {printed!r}", f"unreadable combat value modifier {printed!r}"
    )


def _tactics(attributes: dict[str, Any], entry: dict, kind: str) -> None:
    given = {tactic: entry[tactic] for tactic in TACTICS if tactic in entry}
    for tactic, value in given.items():
        if type(value) is not bool:
            raise RowRejected(
                f"taktyka {tactic} musi być true albo false, jest {value!r}",
                f"the tactic {tactic} must be true or false, not {value!r}",
            )
    if kind not in FIGHTING_KINDS:
        if given:
            raise RowRejected(
                "taktyka walki na karcie, która jej nie ma",
                "tactics on a kind of card that has none",
            )
        return
    # A tactic the file does not name is the template's default: the card has it.
    attributes["tactics"] = [tactic for tactic in TACTICS if given.get(tactic, True)]


def _after_play(attributes: dict[str, Any], printed: object) -> None:
    if printed is None:
        return
    value = AFTER_PLAY.get(_clean(printed))
    if value is None:
        raise RowRejected(
            f"nieznany dalszy los karty {printed!r}", f"unknown post play {printed!r}"
        )
    attributes["after_play"] = value


def _neighbours(attributes: dict[str, Any], printed: object) -> None:
    if printed is None:
        return
    text = str(printed).strip()
    if not text.isdigit():
        raise RowRejected(
            f"nieczytelna liczba sąsiadów {printed!r}",
            f"unreadable neighbour allowance {printed!r}",
        )
    attributes["neighbours"] = int(text)


def _from_text(attributes: dict[str, Any], text: str) -> None:
    """Read what the rulebook says a card prints in its text: its cost, UNIQUE, UNLIMITED."""
    cost = _STARTING_COST.search(text)
    # "Jeśli na karcie nie podano Kosztu Początkowego, nie musisz płacić złotem."
    attributes["starting_cost"] = cost.group(1).lower() if cost else "0"
    attributes["unique"] = _UNIQUE.search(text) is not None
    attributes["unlimited"] = _UNLIMITED.search(text) is not None
