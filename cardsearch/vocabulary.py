"""The words of the language: keys with their names and values, built from the games' schemas.

A `Vocabulary` is what a query is parsed and described with. `Vocabulary.from_games(games)` builds
it from each game's declaration (rules.core.schema): the generic keys every game has (the kind,
the edition, `is:` for the declared flags, the name and the text) are the language's own; the
others come from the attributes' `search_keys`, values, labels and `expected` texts. Names and
values are kept as written (with diacritics); the parser looks them up folded (lower case, no
diacritics, ł→l), as it folds what it reads. The syntax page is built from a vocabulary's keys,
so it lists exactly what the parser accepts.

Each game names its keys in its own words, so two games may give one name to different
attributes (Aniołowie's `charakter:` is a human's alignment, INWO's a Group's alignments). Within
one game (`from_game`, what a search within a game uses) a name means one thing. A vocabulary of
several games keeps such a name `shared`: the query matches either game's attribute, each where
its game knows the value (`kolor:czerwony` finds red angels and red NWO cards; a value only one
game knows reads as that game's); a name that two keys of one game would share raises.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal

import rules
from rules.core import card_key
from rules.core.schema import SearchGuide, Text

if TYPE_CHECKING:
    from rules.core.schema import Attribute, Game, Kind

UNKNOWN_WORDS = ("nieznany", "nieznana", "nieznane", "unknown", "inconnu", "inconnue", "?")
# Word operators, written in capitals only: in lower case they are ordinary words, so
# `nie może` looks for both words and `Jan i` looks for "jan" and "i". Polish, English, French.
AND_WORDS = frozenset({"AND", "I", "ET"})
OR_WORDS = frozenset({"OR", "LUB", "OU"})
NOT_WORDS = frozenset({"NOT", "NIE", "NON"})
OPERATOR_WORDS = AND_WORDS | OR_WORDS | NOT_WORDS
# How a comparison's operator tests two numbers (or two ranks).
COMPARISONS: dict[str, Callable[[int, int], bool]] = {
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "=": operator.eq,
    "!=": operator.ne,
}

# The keys every game has; their names and what they expect are the language's own words, Polish
# first, then French, English last ("type" and "édition" are both French and English).
KIND_NAMES = ("typ", "rodzaj", "t", "kind", "type")
EDITION_NAMES = ("edycja", "e", "edition")
IS_NAMES = ("jest", "est", "is")
NAME_NAMES = ("nazwa", "nom", "name", "n")
TEXT_NAMES = ("tekst", "texte", "text", "o")
# The copies of a card the searching player owns (their collection; none for a visitor).
OWNED_NAMES = ("mam", "posiadam", "possede", "have", "owned")
# The language's own keys besides the kind, which every game's vocabulary has.
GENERIC_NAMES = {
    "edition": EDITION_NAMES,
    "is": IS_NAMES,
    "name": NAME_NAMES,
    "text": TEXT_NAMES,
    "owned": OWNED_NAMES,
}
WORDS_EXPECTED = Text(pl="słowa albo frazy w cudzysłowie", en="a word or a quoted phrase")
EDITION_EXPECTED = Text(
    pl="nazwy lub skrótu edycji z katalogu",
    en="an edition name or slug from the catalogue",
)
NUMBER_EXPECTED = Text(pl="liczby", en="a number")
KIND_NAME = Text(pl="rodzaj", en="kind")
EDITION_NAME = Text(pl="edycja", en="edition")
OWNED_NAME = Text(pl="mam kopii", en="copies owned", fr="exemplaires possédés")
OWNED_EXPECTED = Text(
    pl="liczby kopii w twojej kolekcji", en="a number of copies in your collection"
)
NOT_WORD = Text(pl="nie", en="not")
# The values of a yes/no attribute that has keys of its own (most have only a flag).
BOOL_WORDS = ((True, ("tak", "yes", "true")), (False, ("nie", "no", "false")))

KeyKind = Literal["choice", "number", "text", "edition", "is"]
# Where a language's key names stand among a key's names: Polish first, English last.
_NAME_ORDER = {"pl": 0, "en": 2}
Group = tuple[object, tuple[str, ...]]  # (stored value, its words as written)


def fold(text: str) -> str:
    """Fold text as the catalogue's search columns are folded (case, diacritics, spaces)."""
    return card_key(text)


@dataclass(frozen=True)
class Key:
    """One key: its names, what its values are, and how to say what it expects.

    `kind` says how its values read: "choice" (a word from `groups`), "number", "text" (words
    searched for), "edition" (an edition's name) or "is" (a flag: the value is a (field, value)
    pair). A choice key with `ranks` also compares (`zakon>=cnoty`), by the values' ranks.
    """

    field: str  # the AST field it fills: an attribute id, or kind / edition / is / name / text
    names: tuple[str, ...]  # every name, as written; Polish first
    kind: KeyKind
    expected: Text
    groups: tuple[Group, ...] = ()
    unknown: bool = True  # whether "nieznany/unknown" is a value
    ranks: Mapping[object, int] | None = field(default=None, compare=False)
    values: Mapping[str, object] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        table = {fold(word): value for value, words in self.groups for word in words}
        object.__setattr__(self, "values", MappingProxyType(table))
        if self.ranks is not None:
            object.__setattr__(self, "ranks", MappingProxyType(dict(self.ranks)))

    @property
    def expected_pl(self) -> str:
        return self.expected("pl")

    @property
    def expected_en(self) -> str:
        return self.expected("en")

    @property
    def comparable(self) -> bool:
        """Tell whether the key takes <, <=, >, >= besides `:`, `=` and `!=`."""
        return self.kind == "number" or self.ranks is not None

    def by_rank(self, op: str, value: object) -> tuple[object, ...]:
        """Return the values whose rank compares to `value`'s by `op`, lowest rank first."""
        if self.ranks is None or value not in self.ranks:
            raise ValueError(f"{self.field}: {value!r} has no rank")
        test, rank = COMPARISONS[op], self.ranks[value]
        ranked = sorted(self.ranks.items(), key=lambda item: item[1])
        return tuple(other for other, other_rank in ranked if test(other_rank, rank))


@dataclass(frozen=True)
class Field:
    """What a query's description says of one field: its name and how a search for a value reads.

    `labels` name the values (after a comparison: "zakon ≥ Cnoty"); `phrases` say a whole match
    ("kobiety"); `template` words the others, `{value}` standing for the label ("kolor {value}").
    """

    id: str
    name: Text
    labels: Mapping[object, Text] = field(default_factory=dict, compare=False)
    phrases: Mapping[object, Text] = field(default_factory=dict, compare=False)
    template: Text | None = None

    def label(self, value: object, lang: str) -> str:
        """Return the label of a value in `lang`, or the value itself if it has none."""
        label = self.labels.get(value)
        return label(lang) if label is not None else str(value)

    def phrase(self, value: object, lang: str) -> str:
        """Return how a search for `value` reads in `lang`."""
        phrase = self.phrases.get(value)
        if phrase is not None:
            return phrase(lang)
        label = self.label(value, lang)
        return self.template(lang).replace("{value}", label) if self.template else label


class Vocabulary:
    """Every key a query may use, the bare words that stand for a flag, and how fields read.

    Build one with `from_games` / `from_game`; `default_vocabulary()` is that of every registered
    game. `by_name` maps a folded key name to its key; `shared` maps a folded name that keys of
    several games go by to those keys (see the module's docstring); `bare` maps a folded bare
    word (`unikat`) to the (field, value) it means; `guides` are its games' search guides (how
    their syntax pages explain the keys, with examples), in the games' order.
    """

    def __init__(
        self,
        keys: Iterable[Key],
        fields: Iterable[Field] = (),
        bare: Mapping[str, tuple[str, object]] | None = None,
        shared: Iterable[str] = (),
        guides: Iterable[SearchGuide] = (),
    ) -> None:
        self.keys: tuple[Key, ...] = tuple(keys)
        self.guides: tuple[SearchGuide, ...] = tuple(guides)
        allowed = {fold(name) for name in shared}
        named: dict[str, list[Key]] = {}
        for key in self.keys:
            for name in key.names:
                folded = fold(name)
                known = named.setdefault(folded, [])
                if known and folded not in allowed:
                    other = known[0].field
                    raise ValueError(f"the key name {name!r} means both {other} and {key.field}")
                known.append(key)
        self.by_name: Mapping[str, Key] = MappingProxyType(
            {name: keys[0] for name, keys in named.items() if len(keys) == 1}
        )
        self.shared: Mapping[str, tuple[Key, ...]] = MappingProxyType(
            {name: tuple(keys) for name, keys in named.items() if len(keys) > 1}
        )
        self.fields: Mapping[str, Field] = MappingProxyType({f.id: f for f in fields})
        self.bare: Mapping[str, tuple[str, object]] = MappingProxyType(dict(bare or {}))
        self._by_field = {key.field: key for key in self.keys if key.kind != "is"}

    def __repr__(self) -> str:
        return f"Vocabulary({', '.join(key.field for key in self.keys)})"

    @classmethod
    def from_game(cls, game: Game) -> Vocabulary:
        """Return the vocabulary of one game."""
        return cls.from_games((game,))

    @classmethod
    def from_games(cls, games: Iterable[Game]) -> Vocabulary:
        """Return the vocabulary of several games: their keys, values and flags together.

        Keys of one attribute id in several games become one key (names and values joined); a
        name two games give to different attributes is shared, and a word two games give to
        different values is the first game's; a name that would mean two things in one game, or
        a word one game gives to two values, raises ValueError.
        """
        builder = _Builder()
        games = tuple(games)
        builder.add_kinds((game.id, kind) for game in games for kind in game.schema.kinds)
        for game in games:
            for attribute in game.schema.attributes:
                builder.add_attribute(attribute, game.id)
        return builder.build(tuple(game.schema.search_guide for game in games))

    def key(self, name: str) -> Key | None:
        """Return the key a name (as typed, any case or diacritics) stands for, None if none
        or if the name is shared."""
        return self.by_name.get(fold(name))

    def keys_named(self, name: str) -> tuple[Key, ...]:
        """Return every key a name stands for: one, several when shared, none if unknown."""
        folded = fold(name)
        if folded in self.by_name:
            return (self.by_name[folded],)
        return self.shared.get(folded, ())

    def key_for(self, field_id: str) -> Key | None:
        """Return the key that fills a field (not the `is:` key), None if none."""
        return self._by_field.get(field_id)

    def example_term(self, lang: str) -> str | None:
        """Return a `key:value` term to show what a term looks like (`frakcja:upadli`): the first
        attribute key with a one-word value, named in `lang` (Polish names come first, English
        last); None when the vocabulary has no such key."""
        for key in self.keys:
            if key.kind != "choice" or key.field == "kind":
                continue
            name = key.names[0] if lang == "pl" else key.names[-1]
            for value, _words in key.groups:
                label = self.label(key.field, value, lang).lower()
                if " " not in label and key.values.get(fold(label)) == value:
                    return f"{name}:{label}"
        return None

    def by_rank(self, field_id: str, op: str, value: object) -> tuple[object, ...] | None:
        """Return the values of a ranked field whose rank compares to `value`'s by `op`;
        None when the field's values have no ranks (a number compares by itself)."""
        key = self._by_field.get(field_id)
        if key is None or key.ranks is None:
            return None
        return key.by_rank(op, value)

    def name(self, field_id: str, lang: str) -> str:
        """Return a field's name in a query's description ("zakon", "level")."""
        described = self.fields.get(field_id)
        return described.name(lang) if described else field_id

    def label(self, field_id: str, value: object, lang: str) -> str:
        """Return the label of a field's value ("Cnoty"), the value itself if it has none."""
        described = self.fields.get(field_id)
        return described.label(value, lang) if described else str(value)

    def phrase(self, field_id: str, value: object, lang: str) -> str:
        """Return how a search for a field's value reads ("Upadli", "kolor czarny")."""
        described = self.fields.get(field_id)
        return described.phrase(value, lang) if described else f"{field_id} {value}"


@cache
def default_vocabulary() -> Vocabulary:
    """Return the vocabulary of every registered game, built once on first use (a game
    registered later needs `default_vocabulary.cache_clear()`)."""
    return Vocabulary.from_games(rules.all_games())


class _Builder:
    """Gather keys and fields game by game, joining those of one id."""

    def __init__(self) -> None:
        self.keys: dict[str, dict] = {}
        self.fields: dict[str, Field] = {}
        self.flags: list[tuple[tuple[str, object], tuple[str, ...], Text]] = []
        self.bare: dict[str, tuple[str, object]] = {}
        # Which game gave each folded key name to which field: a name two games give to two
        # fields is shared; one game giving it to two fields is an error.
        self.namers: dict[str, dict[str, str | None]] = {}

    def add_kinds(self, kinds_of_games: Iterable[tuple[str, Kind]]) -> None:
        """Add every game's kinds as one key, game by game (see `add_key` for shared words)."""
        pairs = tuple(kinds_of_games)
        kinds = [kind for _game_id, kind in pairs]
        listing = _listing(kinds, "kind")
        for game_id in dict.fromkeys(game_id for game_id, _kind in pairs):
            groups = [
                (kind.id, _words(kind.id, kind.label, kind.plural, kind.words))
                for owner, kind in pairs
                if owner == game_id
            ]
            self.add_key(
                "kind", KIND_NAMES, "choice", listing, groups, unknown=False, game_id=game_id
            )
        plural = {kind.id: kind.plural or kind.label for kind in kinds}
        labels = {kind.id: kind.label for kind in kinds}
        self.add_field(Field("kind", KIND_NAME, labels, plural))

    def add_attribute(self, attribute: Attribute, game_id: str | None = None) -> None:
        self.add_flags(attribute)
        name = attribute.search_name or attribute.label
        if attribute.type == "bool":
            shown = attribute.search_phrase or attribute.label
            phrases = {True: shown, False: _prefixed(NOT_WORD, shown)}
            self.add_field(Field(attribute.id, name, phrases=phrases))
        else:
            labels = {value.id: value.label for value in attribute.values}
            phrases = {v.id: v.search_phrase for v in attribute.values if v.search_phrase}
            self.add_field(Field(attribute.id, name, labels, phrases, attribute.search_phrase))
        # Polish names first and English last, as a key's names are kept (`example_term`).
        names = tuple(
            name
            for lang in sorted(attribute.search_keys, key=lambda lang: _NAME_ORDER.get(lang, 1))
            for name in attribute.search_keys[lang]
        )
        if not names:
            return
        if attribute.type == "text":
            raise ValueError(f"{attribute.id}: the search language has no keys for text yet")
        if attribute.type == "int":
            expected = attribute.expected or NUMBER_EXPECTED
            self.add_key(attribute.id, names, "number", expected, game_id=game_id)
            return
        if attribute.type == "bool":
            groups = list(BOOL_WORDS)
        else:
            groups = [
                (value.id, _words(value.id, value.label, None, value.words))
                for value in attribute.values
            ]
        expected = attribute.expected or _listing(attribute.values, "value")
        ranks = {v.id: v.rank for v in attribute.values if v.rank is not None}
        if ranks and len(ranks) != len(attribute.values):
            raise ValueError(f"{attribute.id}: either every value has a rank or none has")
        self.add_key(
            attribute.id, names, "choice", expected, groups, ranks=ranks or None, game_id=game_id
        )

    def add_flags(self, attribute: Attribute) -> None:
        for flag in attribute.flags:
            label = flag.label or Text(pl=flag.words[0], en=flag.words[0])
            meaning = (attribute.id, flag.value)
            words = _unique((*flag.words, *label.values()))
            if all(meaning != known for known, _w, _l in self.flags):
                self.flags.append((meaning, words, label))
            for word in flag.bare:
                self.bare.setdefault(fold(word), meaning)
                if self.bare[fold(word)] != meaning:
                    raise ValueError(f"the bare word {word!r} means two things")

    def add_key(
        self,
        field_id: str,
        names: tuple[str, ...],
        kind: KeyKind,
        expected: Text,
        groups: Iterable[Group] = (),
        *,
        unknown: bool = True,
        ranks: Mapping[object, int] | None = None,
        game_id: str | None = None,
    ) -> None:
        for name in names:
            namer = self.namers.setdefault(fold(name), {})
            namer.setdefault(field_id, game_id)
        known = self.keys.get(field_id)
        if known is None:
            known = self.keys[field_id] = {
                "names": (),
                "kind": kind,
                "expected": expected,
                "groups": {},
                "unknown": unknown,
                "ranks": None,
            }
        elif known["kind"] != kind:
            raise ValueError(f"{field_id}: a {kind} in one game, a {known['kind']} in another")
        known["names"] = _unique((*known["names"], *names))
        # A word two games give to different values (INWO's Plot and Dark Eden's Intrigue are
        # both "Intryga") is the first game's; one game giving it two values stays an error
        # for `key` to raise.
        owners = known.setdefault("owners", {})
        for value, words in groups:
            kept = tuple(
                word
                for word in words
                if (owner := owners.setdefault(fold(word), (value, game_id)))[0] == value
                or owner[1] == game_id
            )
            known["groups"][value] = _unique((*known["groups"].get(value, ()), *kept))
        if ranks is not None:
            merged = {**(known["ranks"] or {}), **ranks}
            if any(merged[value] != rank for value, rank in (known["ranks"] or {}).items()):
                raise ValueError(f"{field_id}: one value ranked differently in two games")
            known["ranks"] = merged

    def add_field(self, described: Field) -> None:
        known = self.fields.get(described.id)
        if known is None:
            self.fields[described.id] = described
            return
        self.fields[described.id] = Field(
            known.id,
            known.name,
            {**described.labels, **known.labels},
            {**described.phrases, **known.phrases},
            known.template,
        )

    def build(self, guides: tuple[SearchGuide, ...] = ()) -> Vocabulary:
        for field_id, names in GENERIC_NAMES.items():
            for name in names:
                self.namers.setdefault(fold(name), {})[field_id] = None
        keys = [self.key(field_id) for field_id in self.keys]
        # The kind comes first, then the games' attributes, then the keys of every card.
        keys.append(Key("edition", EDITION_NAMES, "edition", EDITION_EXPECTED))
        self.add_field(Field("edition", EDITION_NAME))
        if self.flags:
            expected = Text(
                pl="cechy: " + ", ".join(label("pl") for _m, _w, label in self.flags),
                en="a property: " + ", ".join(label("en") for _m, _w, label in self.flags),
            )
            groups = tuple((meaning, words) for meaning, words, _label in self.flags)
            keys.append(Key("is", IS_NAMES, "is", expected, groups, unknown=False))
        keys.append(Key("name", NAME_NAMES, "text", WORDS_EXPECTED, unknown=False))
        keys.append(Key("text", TEXT_NAMES, "text", WORDS_EXPECTED, unknown=False))
        keys.append(Key("owned", OWNED_NAMES, "number", OWNED_EXPECTED, unknown=False))
        self.add_field(Field("owned", OWNED_NAME))
        return Vocabulary(keys, self.fields.values(), self.bare, self.shared_names(), guides)

    def shared_names(self) -> list[str]:
        """Return the key names fields of different games share; the language's own names and
        a name one game gives to two fields stay unique (Vocabulary refuses them)."""
        return [
            name
            for name, fields in self.namers.items()
            if len(fields) > 1
            and None not in fields.values()
            and len(set(fields.values())) == len(fields)
        ]

    def key(self, field_id: str) -> Key:
        known = self.keys[field_id]
        groups = tuple(known["groups"].items())
        seen: dict[str, object] = {}
        for value, words in groups:
            for word in words:
                if seen.setdefault(fold(word), value) != value:
                    raise ValueError(f"{field_id}: the word {word!r} names two values")
        return Key(
            field_id,
            known["names"],
            known["kind"],
            known["expected"],
            groups,
            unknown=known["unknown"],
            ranks=known["ranks"],
        )


def _words(
    value_id: str, label: Text, plural: Text | None, words: tuple[str, ...]
) -> tuple[str, ...]:
    """Return every word a value goes by: its labels (and plurals), its id, its extra words."""
    return _unique((*label.values(), *(plural.values() if plural else ()), value_id, *words))


def _unique(words: Iterable[str]) -> tuple[str, ...]:
    """Drop words that fold to one already given, keeping the first spelling."""
    seen: dict[str, str] = {}
    for word in words:
        seen.setdefault(fold(word), word)
    return tuple(seen.values())


def _listing(items: Iterable, noun: str) -> Text:
    """Say what a key without a declared `expected` text takes: its values' labels."""
    items = tuple(items)
    # Two games may share a kind's name (a Place): it is listed once.
    pl = ", ".join(dict.fromkeys(item.label("pl") for item in items))
    en = ", ".join(dict.fromkeys(item.label("en") for item in items))
    if noun == "kind":
        return Text(pl=f"rodzaju karty: {pl}", en=f"a card kind: {en}")
    return Text(pl=f"jednej z wartości: {pl}", en=f"one of: {en}")


def _prefixed(word: Text, text: Text) -> Text:
    """Return `text` with `word` before it, in every language `text` has."""
    return Text(**{lang: f"{word(lang)} {text(lang)}" for lang in text})
