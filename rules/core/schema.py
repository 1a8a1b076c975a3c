"""Declare what a game is made of: kinds, attributes, sections, options, formats, charts, faces.

A game's package builds one `Game` from these pieces; the site reads every page, facet, search key,
form and API field from it, so nothing outside `rules/<game>/` names a game's attribute.
Labels are `Text`: one string per language code, with room for more than Polish and English.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from rules.core.face import Face
from rules.core.verdict import FALLBACK_LANG, Verdict

AttributeType = Literal["choice", "int", "bool", "text"]
# What a game's copy limit says of a card a deck may hold any number of ("NIEOGRANICZONA LICZBA
# W TALII"); a number, so that "more copies than the limit" needs no special case.
UNLIMITED = math.inf


class Text(Mapping[str, str]):
    """Hold one text in several languages; `get(lang)` falls back to English, then any."""

    __slots__ = ("_texts",)

    def __init__(self, **texts: str) -> None:
        if not texts:
            raise ValueError("a Text needs at least one language")
        self._texts = dict(texts)

    def __getitem__(self, lang: str) -> str:
        return self._texts[lang]

    def __iter__(self):
        return iter(self._texts)

    def __len__(self) -> int:
        return len(self._texts)

    def __hash__(self) -> int:
        return hash(tuple(sorted(self._texts.items())))

    def __repr__(self) -> str:
        return f"Text({', '.join(f'{k}={v!r}' for k, v in self._texts.items())})"

    def __call__(self, lang: str) -> str:
        """Return the text in `lang`, else in English, else in the first language given."""
        texts = self._texts
        return texts.get(lang) or texts.get(FALLBACK_LANG) or next(iter(texts.values()))


class TextError(ValueError):
    """An error whose message is a Text, said in whichever language its reader needs."""

    def __init__(self, message: Text) -> None:
        super().__init__(message("en"))
        self.message = message


@dataclass(frozen=True)
class Value:
    """One allowed value of a choice attribute: its stable id, label and extra search words.

    `rank` orders values where the order means something (an order's level): the search language
    then compares them (`zakon>=cnoty`). `words` are the names the search language accepts besides
    the id and the labels; `search_phrase` is how a search for the value reads in the query's
    description ("women" for `sex:female`), the attribute's phrase or the label by default.
    """

    id: str
    label: Text
    words: tuple[str, ...] = ()
    rank: int | None = None
    search_phrase: Text | None = None
    # A picture standing for the value where the card prints one (a static file's path, e.g.
    # "icons/dark-eden/gold-blue.svg"); its label is the picture's text.
    icon: str | None = None


@dataclass(frozen=True)
class Flag:
    """Words that stand for one value of an attribute in searches (`is:unikat`, `anielica`).

    `words` follow the search language's `is:` key; `bare` ones also work on their own. `label`
    names the flag where the search language lists them (its error messages), the first word by
    default.
    """

    value: Any
    words: tuple[str, ...]
    bare: tuple[str, ...] = ()
    label: Text | None = None


@dataclass(frozen=True)
class Kind:
    """One kind of card (angel, human, Group, Plot…)."""

    id: str
    label: Text
    plural: Text | None = None
    words: tuple[str, ...] = ()


@dataclass(frozen=True)
class Attribute:
    """One attribute a game's cards carry, and how the site offers it.

    `kinds` names the kinds that have it: on any other kind it is refused, which is not the same as
    unknown. `derive` computes a derived attribute (a choir from the order) from the others on every
    write; `search_keys` maps a language to the keys the search language knows it by.
    A query's description names the attribute by `search_name` (the label by default) before a
    comparison or "unknown", and says a search for one of its values by `search_phrase`, where
    `{value}` stands for the value's label ("kolor {value}"; the label alone by default; for a
    bool attribute, the whole phrase for True).
    """

    id: str
    type: AttributeType
    label: Text
    kinds: frozenset[str]
    values: tuple[Value, ...] = ()
    multi: bool = False
    # A multi-valued attribute whose list may be empty, and what an empty list means ("none":
    # a card that prints no resource icons); without it an empty list is refused.
    empty: Text | None = None
    # A multi-valued attribute whose values may repeat, one per printed icon (two gold icons).
    repeats: bool = False
    facet: bool = False
    sortable: bool = False
    searchable: bool = False  # a text attribute whose words the name/text search finds
    search_keys: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    expected: Text | None = None  # what a search value must be, for the search's error messages
    minimum: int | None = None
    maximum: int | None = None
    # How many digits a number is written with, zeros in front (Aniołowie writes levels "07").
    digits: int | None = None
    derive: Callable[[Mapping[str, Any]], Any] | None = None
    help: Text | None = None
    flags: tuple[Flag, ...] = ()
    search_name: Text | None = None  # the attribute in a query's description ("wsparcie ≥ 4")
    search_phrase: Text | None = None  # a search for one of its values ("kolor {value}")
    # How a card's value reads where it depends on the card's other attributes (the Fallen call
    # a choir a circle): (value, the card's attributes, lang) -> text; the label by default.
    show: Callable[[Any, Mapping[str, Any], str], str] | None = None
    # How the attribute is named beside one card's value, where that depends on the card too
    # (a Fallen angel's "Krąg"): (the card's attributes, lang) -> text; a page that names it so
    # shows the plain value after it ("Krąg: II"), not the `show` form ("Krąg: Krąg II").
    label_for: Callable[[Mapping[str, Any], str], str] | None = None

    def __deepcopy__(self, memo) -> Attribute:
        # A declaration never changes: the filters and fields that hold one share it.
        return self

    @property
    def derived(self) -> bool:
        """Tell whether the attribute is computed from others rather than entered."""
        return self.derive is not None

    def value(self, value_id: str) -> Value | None:
        """Return the declared value with this id, None if there is none."""
        return next((v for v in self.values if v.id == value_id), None)

    def value_label(self, value_id: str, lang: str) -> str:
        """Return the label of a value in `lang`, or the id itself if the value is undeclared."""
        declared = self.value(value_id)
        return declared.label(lang) if declared else str(value_id)

    def card_label(self, attributes: Mapping[str, Any], lang: str) -> str:
        """Return how the attribute is named beside one card's value."""
        if self.label_for is not None:
            return self.label_for(attributes, lang)
        return self.label(lang)

    def card_value_label(self, value_id: str, attributes: Mapping[str, Any], lang: str) -> str:
        """Return how one card's value reads, given the card's other attributes."""
        if self.show is not None:
            return self.show(value_id, attributes, lang)
        return self.value_label(value_id, lang)


@dataclass(frozen=True)
class SearchHelp:
    """What the syntax page says of one search key, of bare words or of the operators.

    `meaning` says what it does (None: the page's own words); `examples` maps a language to
    queries written in its words, each of which finds cards in the game's catalogue.
    """

    meaning: Text | None = None
    examples: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class SearchGuide:
    """How a game's syntax page explains its search, in the game's own words and cards.

    `keys` holds each search key's help by the field the key fills: an attribute's id, or one
    of the search language's own keys (kind, edition, is, name, text). `words` is the help of
    bare words and phrases, `operators` that of terms joined by AND, OR, NOT and parentheses.
    """

    keys: Mapping[str, SearchHelp] = field(default_factory=dict)
    words: SearchHelp | None = None
    operators: SearchHelp | None = None


# A constraint looks at a card's kind and attributes; it returns None or (attribute, Text).
Constraint = Callable[[str, Mapping[str, Any]], "tuple[str, Text] | None"]


@dataclass(frozen=True)
class AttributeFault:
    """Say which attribute of a card is wrong and why, in every language the game has."""

    attribute: str
    message: Text


@dataclass(frozen=True)
class CardSchema:
    """A game's kinds and attributes, with the checks every stored card passes."""

    kinds: tuple[Kind, ...]
    attributes: tuple[Attribute, ...]
    constraints: tuple[Constraint, ...] = ()
    # What the syntax page says of the game's search keys, words and operators.
    search_guide: SearchGuide = field(default_factory=SearchGuide)

    def kind(self, kind_id: str) -> Kind | None:
        """Return the declared kind with this id, None if there is none."""
        return next((k for k in self.kinds if k.id == kind_id), None)

    def kind_label(self, kind_id: str, lang: str) -> str:
        """Return the label of a kind in `lang`, or the id itself if the kind is undeclared."""
        kind = self.kind(kind_id)
        return kind.label(lang) if kind else kind_id

    def attribute(self, attribute_id: str) -> Attribute | None:
        """Return the declared attribute with this id, None if there is none."""
        return next((a for a in self.attributes if a.id == attribute_id), None)

    def attributes_of(self, kind_id: str) -> tuple[Attribute, ...]:
        """Return the attributes a kind of card carries, in declaration order."""
        return tuple(a for a in self.attributes if kind_id in a.kinds)

    @property
    def facets(self) -> tuple[Attribute, ...]:
        """Return the attributes offered as catalogue facets."""
        return tuple(a for a in self.attributes if a.facet)

    def complete(self, kind_id: str, attributes: Mapping[str, Any]) -> dict[str, Any]:
        """Return the attributes with the derived ones computed (or dropped while unknown)."""
        result = {k: v for k, v in attributes.items() if not self._is_derived(k)}
        for attribute in self.attributes_of(kind_id):
            if attribute.derive is not None:
                derived = attribute.derive(result)
                if derived is not None:
                    result[attribute.id] = derived
        return result

    def _is_derived(self, attribute_id: str) -> bool:
        attribute = self.attribute(attribute_id)
        return attribute is not None and attribute.derived

    def check(self, kind_id: str, attributes: Mapping[str, Any]) -> list[AttributeFault]:
        """List what is wrong with a card's kind and attributes; an empty list means it is fine.

        A missing attribute is unknown and always allowed; None is not stored (it is the same as
        missing, so it is refused to keep one spelling of unknown).
        """
        if self.kind(kind_id) is None:
            known = ", ".join(k.id for k in self.kinds)
            return [
                AttributeFault(
                    "kind",
                    Text(
                        pl=f"nieznany rodzaj {kind_id!r}; dozwolone: {known}",
                        en=f"unknown kind {kind_id!r}; expected one of {known}",
                    ),
                )
            ]
        errors = [
            error
            for key, value in attributes.items()
            if (error := self._check_value(kind_id, key, value)) is not None
        ]
        if errors:
            return errors
        for constraint in self.constraints:
            broken = constraint(kind_id, attributes)
            if broken is not None:
                errors.append(AttributeFault(*broken))
        return errors

    def check_given(self, kind_id: str, attributes: Mapping[str, Any]) -> list[AttributeFault]:
        """List what is wrong with the attributes a source gives: each value's own type first,
        then, when every one passes, the card with its derived attributes computed (so that a
        derivation never reads a value of the wrong type)."""
        return self.check(kind_id, attributes) or self.check(
            kind_id, self.complete(kind_id, attributes)
        )

    def _check_value(self, kind_id: str, key: str, value: Any) -> AttributeFault | None:
        attribute = self.attribute(key)
        if attribute is None:
            return AttributeFault(
                key,
                Text(pl=f"gra nie zna atrybutu {key!r}", en=f"no attribute {key!r} in this game"),
            )
        if kind_id not in attribute.kinds:
            kind = self.kind(kind_id)
            return AttributeFault(
                key,
                Text(
                    pl=f"{kind.label('pl')}: ta karta nie ma atrybutu „{attribute.label('pl')}”",
                    en=f"a {kind.label('en')} has no {attribute.label('en')}",
                ),
            )
        values = value if attribute.multi else [value]
        if attribute.multi:
            if not isinstance(value, list) or not (value or attribute.empty):
                return _type_error(attribute, "niepustej listy", "a non-empty list")
            if not attribute.repeats and len(set(map(str, value))) != len(value):
                return _type_error(
                    attribute, "listy bez powtórzeń", "a list without repeated values"
                )
        for item in values:
            problem = _item_problem(attribute, item)
            if problem is not None:
                return problem
        return None


def _type_error(attribute: Attribute, pl: str, en: str) -> AttributeFault:
    return AttributeFault(
        attribute.id,
        Text(
            pl=f"{attribute.label('pl')}: oczekiwano {pl}",
            en=f"{attribute.label('en')}: expected {en}",
        ),
    )


def _item_problem(attribute: Attribute, item: Any) -> AttributeFault | None:
    """Check one value against the attribute's type, values and bounds."""
    if attribute.type == "choice":
        if not isinstance(item, str) or attribute.value(item) is None:
            allowed = ", ".join(v.id for v in attribute.values)
            return _type_error(attribute, f"jednej z: {allowed}", f"one of {allowed}")
    elif attribute.type == "int":
        if type(item) is not int:
            return _type_error(attribute, "liczby całkowitej", "an integer")
        too_low = attribute.minimum is not None and item < attribute.minimum
        too_high = attribute.maximum is not None and item > attribute.maximum
        if too_low or too_high:
            bounds = f"{attribute.minimum}–{attribute.maximum}"
            return _type_error(attribute, f"liczby z zakresu {bounds}", f"a number in {bounds}")
    elif attribute.type == "bool":
        if type(item) is not bool:
            return _type_error(attribute, "tak lub nie", "true or false")
    elif not isinstance(item, str) or not item.strip():
        return _type_error(attribute, "niepustego tekstu", "non-empty text")
    return None


@dataclass(frozen=True)
class Section:
    """A part of a deck (the Zastęp, the humans; a Group deck, a Plot deck) and its kinds."""

    id: str
    label: Text
    kinds: frozenset[str]
    # How many cards the section should hold, as a page shows it beside the count ("4", "45+").
    expected: str | None = None
    # What a player building it should know (Aniołowie: two good humans and two evil).
    hint: Text | None = None
    # An attribute whose values its count is split by on the totals (Aniołowie: alignment).
    tally: str | None = None
    # Kinds a player may also put here though their home is another section (INWO: a Group
    # chosen to lead, a spare Illuminati hidden in the Plot deck).
    also: frozenset[str] = frozenset()

    def takes(self, kind_id: str) -> bool:
        """Tell whether a card of this kind may lie in this section."""
        return kind_id in self.kinds or kind_id in self.also


@dataclass(frozen=True)
class Option:
    """A deck-level choice the player makes (Aniołowie: the faction), with its values."""

    id: str
    label: Text
    values: tuple[Value, ...]
    required: bool = False
    # The card attribute this choice sorts cards by (Aniołowie: a Fallen deck takes Fallen
    # cards). A card fits if its value is the chosen one, one that is no choice ("any"), or
    # unknown; an import without the choice takes the one value its cards agree on.
    card_attribute: str | None = None

    def value(self, value_id: str) -> Value | None:
        """Return the declared value with this id, None if there is none."""
        return next((v for v in self.values if v.id == value_id), None)

    def value_label(self, value_id: str, lang: str) -> str:
        """Return the label of a value in `lang`, the id itself if it is not declared."""
        value = self.value(value_id)
        return value.label(lang) if value else value_id


@dataclass(frozen=True)
class Format:
    """A set of deck-building rules; every game has a default one."""

    id: str
    label: Text
    default: bool = False
    # How many cards a deck of this format holds in all, as pages show it ("45+").
    deck_size: str | None = None


@dataclass(frozen=True)
class DeckZones:
    """How another program's deck files name a game's sections: LackeyCCG's zones.

    `formats` pairs a format with its zones ({zone name: section id}), in order: a file implies
    the first format whose zones hold every zone it fills (INWO's "Shared Groups" and "Shared
    Plots" make a One Big Deck). `game` is the program's name for the game (`<game>INWO</game>`).
    """

    game: str
    formats: tuple[tuple[str, Mapping[str, str]], ...]
    # The card attribute a file's `<set>` names, by its English label ("Limited"); None: none.
    set_attribute: str | None = None

    def format_for(self, zone_names: Iterable[str]) -> str | None:
        """Return the format whose zones hold all of `zone_names`, None if none does."""
        names = set(zone_names)
        return next((f for f, zones in self.formats if names <= set(zones)), None)

    def zones_of(self, format_id: str) -> Mapping[str, str]:
        """Return {zone name: section id} of a format, the first declared for any other."""
        return next((z for f, z in self.formats if f == format_id), self.formats[0][1])


@dataclass(frozen=True)
class DeckFiles:
    """What a game's deck files may hold beyond the site's text format, for the import to read.

    `header_value_end` ends a text header's value before the rest of its line: a game whose decks
    the site once exported with two headers on one line names the mark between them. None: a
    value runs to the line's end. `json_marks` and `json_name_key` let an import tell a JSON
    deck list of another program as this game's, and read the deck's name from it.
    """

    header_value_end: str | None = None
    # A JSON deck list of another program that names no game in the contract's way is this
    # game's when it holds every one of these (key, value) pairs: Dark Eden's deck template
    # says `"faction": "DE"`. Empty: the game has no such list.
    json_marks: tuple[tuple[str, str], ...] = ()
    # The key of such a list that holds the deck's name; None: the list carries none.
    json_name_key: str | None = None


ChartStyle = Literal["bars", "columns", "ladder"]


@dataclass(frozen=True)
class Chart:
    """A statistic a deck page draws: copies counted by one attribute (or by kind).

    "bars" lies one bar per value; "columns" stands a column per whole number, every number
    between the lowest and the highest shown; "ladder" draws every value of the attribute in
    rank order, lowest at the bottom, gaps shown.
    """

    id: str
    title: Text
    attribute: str  # an attribute id, or "kind"
    style: ChartStyle = "bars"
    sections: frozenset[str] | None = None  # None: the whole deck
    # A derived attribute named beside each rung of a ladder (Aniołowie: an order's choir).
    note_attribute: str | None = None
    kinds: frozenset[str] | None = None  # None: every kind that has the attribute
    hint: Text | None = None  # how to read it, shown beside it
    # Columns: the numbers are also the ranks of the ladder's values (Aniołowie: an angel's
    # level is its order's), so every rung's number gets a column, cards or none.
    ladder_ranks: bool = False


@dataclass(frozen=True)
class Draw:
    """One part of an opening hand: so many cards drawn from the shuffled cards of some sections."""

    sections: frozenset[str]
    size: int


@dataclass(frozen=True)
class HandRule:
    """How a player draws an opening hand: its draws in order, the redraws allowed, a note.

    Each draw takes its cards from its own sections (INWO: 3 from the Plot deck, then 6 from the
    Group deck); a redraw puts the whole hand back and draws every part anew.
    """

    draws: tuple[Draw, ...]
    redraws: int = 0
    note: Text | None = None

    @property
    def size(self) -> int:
        """Return how many cards the whole hand holds."""
        return sum(draw.size for draw in self.draws)

    @property
    def sections(self) -> frozenset[str]:
        """Return every section the hand draws from."""
        return frozenset(section for draw in self.draws for section in draw.sections)


@dataclass(frozen=True)
class ContractExample:
    """A deck in the JSON contract that shows a client what the game's decks look like."""

    title: str  # in English, as the API documents itself
    deck: Mapping[str, Any]


@dataclass(frozen=True)
class Game:
    """Everything the site knows of a game, declared in its `rules/<game>/` package."""

    id: str
    name: Text
    schema: CardSchema
    sections: tuple[Section, ...]
    options: tuple[Option, ...]
    formats: tuple[Format, ...]
    charts: tuple[Chart, ...]
    hand: HandRule | None
    parse_deck: Callable[[object], Any]
    validate: Callable[[Any], Verdict]
    # The card attributes the validator reads from a deck's JSON contract.
    contract_attributes: tuple[str, ...] = ()
    # A deck the API's documentation shows for the game (POST /api/v1/validate/).
    contract_example: ContractExample | None = field(default=None, hash=False, compare=False)
    # The zones of LackeyCCG's .dek files, for import and export; None: the game has none.
    deck_zones: DeckZones | None = None
    # How many copies of a card a deck may hold, from its kind and attributes (None while
    # unknown, UNLIMITED for a card without a limit); no function: the game sets no limit (INWO).
    copy_limit: Callable[[str, Mapping[str, Any]], int | float | None] | None = None
    rulebook: Text | None = None
    # Version 1 deck codes (card ids, before codes carried the game) named the options by one
    # letter; kept so that codes made then keep opening.
    legacy_code_letters: Mapping[str, Mapping[str, str]] = field(
        default_factory=dict, hash=False, compare=False
    )
    # How a card without a scan is drawn; None: a plain face (rules.core.face).
    face: Face | None = None
    # Card data files the game can import, by format id ("lackey"): each a pure reader of the
    # file's text (rules.core.cardrows.CardReader).
    card_readers: Mapping[str, Callable[[str], Any]] = field(
        default_factory=dict, hash=False, compare=False
    )
    # Where each format's usual data file lies inside the configured data directory
    # (settings.CARD_DATA_DIR), by format id; the file itself is never part of the repository.
    data_files: Mapping[str, str] = field(default_factory=dict, hash=False, compare=False)
    # The titles of the card lists its cards' sources cite, by the document name a source keeps
    # ("LackeyCCG-INWO carddata.txt"): a page names a source by its title, not by a file name.
    documents: Mapping[str, Text] = field(default_factory=dict, hash=False, compare=False)
    # The attributes whose shared value relates two cards, in order of preference (Aniołowie's
    # order): a card's page lists the other cards with its value of the first its kind carries.
    # Single-valued choices only; none declared: a card's page lists no related cards.
    related_by: tuple[str, ...] = ()
    # What the game's deck files hold beyond the site's text format; by default nothing.
    deck_files: DeckFiles = DeckFiles()
    # A real card's name the site's messages show as an example line ("2 Gaap"), as printed;
    # None: they show a placeholder for a card's name.
    example_card: str | None = None
    # One sentence that introduces the game beside its name on the home page.
    summary: Text | None = None
    # The language its cards are printed in (a BCP 47 tag: "pl", "en", "fr"), which a page marks
    # their names with and hyphenates them by; None: not said.
    card_language: str | None = None

    def section_for(self, kind_id: str) -> Section | None:
        """Return the section a card of this kind goes into by default."""
        return next((s for s in self.sections if kind_id in s.kinds), None)

    def home_id(self, kind_id: str) -> str:
        """Return the id of the section a card of this kind goes into by default, "" if none."""
        home = self.section_for(kind_id)
        return home.id if home else ""

    def placed(self, kind_id: str, section_id: str | None) -> str | None:
        """Return where a card of this kind lies: its home when no section is named, the named
        section if it takes the kind, None if it does not (or the game has no such section)."""
        if not section_id:
            return self.home_id(kind_id)
        section = self.section(section_id)
        return section.id if section is not None and section.takes(kind_id) else None

    def sections_for(self, kind_id: str) -> tuple[Section, ...]:
        """Return every section a card of this kind may lie in, its home first."""
        home = self.section_for(kind_id)
        others = tuple(s for s in self.sections if s is not home and kind_id in s.also)
        return ((home,) if home else ()) + others

    def section(self, section_id: str) -> Section | None:
        """Return the declared section with this id, None if there is none."""
        return next((s for s in self.sections if s.id == section_id), None)

    def option(self, option_id: str) -> Option | None:
        """Return the declared deck option with this id, None if there is none."""
        return next((o for o in self.options if o.id == option_id), None)

    def format(self, format_id: str) -> Format | None:
        """Return the declared format with this id, None if there is none."""
        return next((f for f in self.formats if f.id == format_id), None)

    def chart(self, style: ChartStyle) -> Chart | None:
        """Return the first chart drawn in `style`, None if the game has none."""
        return next((c for c in self.charts if c.style == style), None)

    def card_attributes_of(self, options: Mapping[str, str]) -> dict[str, str]:
        """Return the card attribute values a deck's options stand for ({"faction": "lord"})."""
        return {
            option.card_attribute: options[option.id]
            for option in self.options
            if option.card_attribute and option.id in options
        }

    @property
    def default_format(self) -> Format:
        """Return the format a new deck is built for."""
        return next((f for f in self.formats if f.default), self.formats[0])


def values(*items: tuple[str, str, str] | Value) -> tuple[Value, ...]:
    """Build values from (id, Polish label, English label) triples, or pass Values through."""
    return tuple(
        item if isinstance(item, Value) else Value(item[0], Text(pl=item[1], en=item[2]))
        for item in items
    )


def kinds_of(*ids: str) -> frozenset[str]:
    """Return a set of kind ids (reads better in declarations than a bare frozenset)."""
    return frozenset(ids)
