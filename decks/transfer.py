"""Deck import: plain text, the JSON contract, LackeyCCG's .dek, and deck codes (decks.codes).

Reads only: importing turns input into an ImportedDeck (game, options, format, {(card id, section
id): count}) or raises ImportFailed with every problem found; the views then save through
decks.services. A card the input places nowhere lies in its kind's home section.
"""

from __future__ import annotations

import difflib
import json
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _

import rules
from cardbase.language import page_lang
from cardbase.models import Card, Game
from decks import codes, textformat
from decks.contract import Entry, contract_for, judge
from decks.limits import MAX_COPIES_PER_ENTRY, MAX_DISTINCT_CARDS
from decks.models import Deck
from decks.selectors.sheet import DeckSheet, sheet_for
from rules.core import lackey
from rules.core.schema import DeckZones, Option
from rules.core.schema import Game as GameRules
from rules.core.verdict import unbroken

MAX_IMPORT_CHARS = textformat.MAX_TEXT_CHARS
MAX_SUGGESTIONS = 3
SUGGESTION_CUTOFF = 0.6
# Lines and values are echoed in messages; a pasted essay is cut, not repeated in full.
_SHOWN_CHARS = 80

FORMATS = ("text", "json", "code", "lackey")


@dataclass(frozen=True)
class Problem:
    """One reason an import failed: where (a line number or a JSON path), what and what may help."""

    message: str
    line: int | None = None
    text: str = ""
    where: str = ""
    suggestions: tuple[str, ...] = ()

    def __str__(self) -> str:
        place = ""
        if self.line is not None:
            place = _("wiersz %(line)d") % {"line": self.line}
            if self.text:
                place += f" („{_shorten(self.text)}”)"
        elif self.where:
            place = self.where
        return f"{place}: {self.message}" if place else self.message


class ImportFailed(Exception):
    """The input cannot become a deck; `problems` lists every fault found."""

    def __init__(
        self,
        problems: Iterable[Problem],
        *,
        cards: Iterable[Card] = (),
        options: Mapping[str, str] | None = None,
    ) -> None:
        self.problems = list(problems)
        # The cards read before the import failed and the options it states: enough to tell a
        # deck option the cards contradict.
        self.cards = list(cards)
        self.options = dict(options or {})
        super().__init__("; ".join(str(p) for p in self.problems))


@dataclass(frozen=True)
class ImportedDeck:
    """A deck read from text, JSON or a code, its cards checked against the catalogue."""

    game: str
    options: dict[str, str]  # the deck options stated or inferred; a missing one is unsettled
    cards: dict[tuple[int, str], int]  # {(card id, section id): count}
    # The catalogue cards behind the ids, so callers need not load them again.
    cards_by_id: dict[int, Card] = field(default_factory=dict)
    format: str | None = None  # None: the game's default
    # What the import changed to make the deck storable (cards a file put where they cannot lie).
    notes: tuple[str, ...] = ()

    @property
    def card_counts(self) -> dict[int, int]:
        """Return each card's copies in all sections: {card id: count}."""
        totals: dict[int, int] = {}
        for (card_id, _section), count in self.cards.items():
            totals[card_id] = totals.get(card_id, 0) + count
        return totals

    @property
    def entries(self) -> list[Entry]:
        """Return the cards as entries, in name order, one card's sections in the game's order."""
        order = {s.id: i for i, s in enumerate(rules.get_game(self.game).sections)}
        return sorted(
            (
                Entry(self.cards_by_id[card_id], section, n)
                for (card_id, section), n in self.cards.items()
            ),
            key=lambda e: (e.card.search_name, e.card.pk, order.get(e.section, len(order))),
        )


def _shorten(text: str) -> str:
    return text if len(text) <= _SHOWN_CHARS else text[: _SHOWN_CHARS - 1] + "…"


# ---------------------------------------------------------------------------------------------
# The catalogue of one game, indexed for name look-ups


@dataclass
class Catalogue:
    """Every card of one game, by id, by folded name and by slug."""

    game: Game
    by_id: dict[int, Card]
    by_key: dict[str, list[Card]]
    by_slug: dict[str, Card]

    @classmethod
    def load(cls, game: str) -> Catalogue:
        """Load the cards of the game `game` (slug); raise ImportFailed if it has no rules."""
        if not rules.is_game(game):
            raise ImportFailed([Problem(_("Nieznana gra „%(game)s”.") % {"game": game})])
        try:
            game_obj = Game.objects.get(slug=game)
        except Game.DoesNotExist:
            raise ImportFailed(
                [Problem(_("Gry „%(game)s” nie ma w katalogu.") % {"game": game})]
            ) from None
        by_id: dict[int, Card] = {}
        by_key: dict[str, list[Card]] = {}
        by_slug: dict[str, Card] = {}
        for card in Card.objects.filter(game=game_obj).order_by("name", "pk"):
            card.game = game_obj
            by_id[card.pk] = card
            by_key.setdefault(card.search_name, []).append(card)
            by_slug[card.slug] = card
        return cls(game=game_obj, by_id=by_id, by_key=by_key, by_slug=by_slug)

    def knows(self, name: str) -> bool:
        """Tell whether `name` is a card's name (case and diacritics ignored) or slug."""
        return rules.card_key(name) in self.by_key or name.strip().lower() in self.by_slug

    def find(self, name: str) -> Card | Problem:
        """Return the card called `name` (case and diacritics ignored, or its slug) or a Problem."""
        key = rules.card_key(name)
        # A word a card editor broke over two lines ("BŁOGOSŁA- WIEŃSTWO") names the card too.
        cards = self.by_key.get(key) or self.by_key.get(unbroken(key), [])
        if len(cards) == 1:
            return cards[0]
        slug = self.by_slug.get(name.strip().lower())
        if slug is not None:
            return slug
        if cards:
            listed = ", ".join(f"{card.name} ({card.slug})" for card in cards)
            return Problem(
                _(
                    "Nazwa „%(name)s” pasuje do kilku kart: %(cards)s. Wpisz zamiast niej "
                    "identyfikator karty podany w nawiasie."
                )
                % {"name": _shorten(name), "cards": listed},
                suggestions=tuple(card.slug for card in cards),
            )
        close = difflib.get_close_matches(
            key, self.by_key, n=MAX_SUGGESTIONS, cutoff=SUGGESTION_CUTOFF
        )
        names = tuple(self.by_key[k][0].name for k in close)
        message = _("Nie ma w katalogu karty „%(name)s”.") % {"name": _shorten(name)}
        if names:
            message += " " + _("Czy chodziło o: %(names)s?") % {"names": ", ".join(names)}
        return Problem(message, suggestions=names)


# ---------------------------------------------------------------------------------------------
# Import


def _line_message(error: textformat.LineError) -> str:
    value = _shorten(error.value)
    limit = textformat.MAX_COUNT
    if error.problem == textformat.BAD_COUNT:
        return _(
            "„%(value)s” nie jest liczbą kopii: wpisz liczbę od 1 do %(max)d, np. „2 Gaap”."
        ) % {
            "value": value,
            "max": limit,
        }
    if error.problem == textformat.COUNT_TOO_LOW:
        return _(
            "Liczba kopii %(value)s jest za mała: wpisz od 1 do %(max)d (kartę, której nie "
            "chcesz, usuń z listy)."
        ) % {"value": value, "max": limit}
    if error.problem == textformat.COUNT_TOO_HIGH:
        return _("Liczba kopii %(value)s jest za duża: najwyżej %(max)d.") % {
            "value": value,
            "max": limit,
        }
    return _("Po liczbie kopii brakuje nazwy karty.")


def cut_paste_problem(chars: int) -> Problem:
    """Return the message for a paste kept only in part: what it had, what is read, what to do."""
    return Problem(
        _(
            "Wklejony tekst ma %(chars)d znaków, a wczytujemy najwyżej %(max)d (100 kB), więc nic "
            "nie zapisano. Poniżej zostało pierwsze 100 kB tekstu: zostaw w nim samą listę kart, "
            "po jednej w wierszu, i wyślij ponownie."
        )
        % {"chars": chars, "max": MAX_IMPORT_CHARS}
    )


def body_too_large_problem(size: int, limit: int) -> Problem:
    """Return the message for a form too large to read at all (the paste cannot be shown back)."""
    return Problem(
        _(
            "Wysłany formularz ma %(size)s, a przyjmujemy najwyżej %(limit)s, więc nic nie "
            "zapisano i nie da się pokazać wklejonego tekstu z powrotem. Talia może mieć "
            "najwyżej %(chars)d znaków (100 kB) i %(lines)d wierszy: wklej samą listę kart, "
            "po jednej w wierszu."
        )
        % {
            "size": filesizeformat(size),
            "limit": filesizeformat(limit),
            "chars": MAX_IMPORT_CHARS,
            "lines": textformat.MAX_LINES,
        }
    )


def too_large_problem() -> Problem:
    """Return the one message for input over the size limits."""
    return Problem(
        _(
            "Talia jest za długa: wczytujemy najwyżej %(chars)d znaków (100 kB) i %(lines)d "
            "wierszy. Wklej samą listę kart, po jednej w wierszu."
        )
        % {"chars": MAX_IMPORT_CHARS, "lines": textformat.MAX_LINES}
    )


class _Tally:
    """Add up counts per card and section, remembering where each came from; check the totals."""

    def __init__(self) -> None:
        self.counts: dict[tuple[int, str], int] = {}
        self.cards: dict[int, Card] = {}
        self.places: dict[tuple[int, str], list[str]] = {}

    def add(self, card: Card, section: str, count: int, place: str) -> None:
        key = (card.pk, section)
        self.counts[key] = self.counts.get(key, 0) + count
        self.cards[card.pk] = card
        self.places.setdefault(key, []).append(place)

    def problems(self) -> list[Problem]:
        found = [
            Problem(
                _(
                    "Karta „%(name)s” występuje kilka razy (%(places)s) i razem ma %(count)d "
                    "kopii; najwyżej %(max)d."
                )
                % {
                    "name": self.cards[key[0]].name,
                    "places": ", ".join(self.places[key]),
                    "count": count,
                    "max": MAX_COPIES_PER_ENTRY,
                }
            )
            for key, count in self.counts.items()
            if count > MAX_COPIES_PER_ENTRY
        ]
        if len(self.counts) > MAX_DISTINCT_CARDS:
            found.append(
                Problem(
                    _("Talia może mieć najwyżej %(max)d różnych kart.")
                    % {"max": MAX_DISTINCT_CARDS}
                )
            )
        return found

    def settle(
        self,
        problems: list[Problem],
        *,
        empty: Problem | None = None,
        options: Mapping[str, str] | None = None,
    ) -> None:
        """Raise ImportFailed with every problem the input had, the totals' own after them, or
        with `empty` (no cards) for an input that named no card at all; `options` are the ones
        the input states."""
        problems = [*problems, *self.problems()]
        if not problems and not self.counts:
            problems.append(empty or _no_cards())
        if problems:
            raise ImportFailed(problems, cards=self.cards.values(), options=options)


def place_card(game: GameRules, card: Card, section_id: str | None) -> str | Problem:
    """Return the section a card lies in: the one named if it takes the card, else its home.

    A named section that does not take the card is a Problem that says where it may lie.
    """
    placed = game.placed(card.kind, section_id)
    if placed is not None:
        return placed
    lang = page_lang()
    allowed = ", ".join(s.label(lang) for s in game.sections_for(card.kind)) or "—"
    section = game.section(section_id)
    where = section.label(lang) if section else section_id
    return Problem(
        _("Karta „%(card)s” nie może leżeć w części „%(section)s”; może w: %(allowed)s.")
        % {"card": card.name, "section": _shorten(where), "allowed": allowed}
    )


def find_section(game: GameRules, title: str) -> str | None:
    """Return the id of the section a heading names (its id or label in any language), or None."""
    key = rules.card_key(title)
    return next((s.id for s in game.sections if key in _folded_texts(s.id, s.label)), None)


def find_format(game: GameRules, value: str) -> str | None:
    """Return the id of the format a header names (its id or label in any language), or None."""
    key = _header_word(value)
    return next((f.id for f in game.formats if key in _folded_texts(f.id, f.label)), None)


def _no_cards() -> Problem:
    return Problem(
        _("Nie znaleziono żadnej karty. Wpisz po jednej karcie w wierszu, np. „2 Gaap”.")
    )


# Header keys (folded) a text export writes and an import reads; Polish ones are accepted too.
GAME_HEADER = "game"
_GAME_KEYS = frozenset({"game", "gra"})
FORMAT_HEADER = "format"


def _header_word(value: str) -> str:
    # Earlier exports wrote "# Frakcja: Upadli · gra: aniolowie": the value ends at the "·".
    return rules.card_key(value.split("·", 1)[0])


def _folded_texts(item_id: str, label: Mapping[str, str]) -> set[str]:
    return {rules.card_key(item_id), *(rules.card_key(text) for text in label.values())}


def _read_headers(
    headers: Iterable[textformat.Header], *, game: str, lines: list[str], given: Iterable[str]
) -> tuple[dict[str, str], list[tuple[int, Problem]]]:
    """Return the deck options a text's headers state and any problems with them.

    A header names an option by its id or label in any language ("# faction: fallen",
    "# Frakcja: Upadli"). An option the caller gives wins, so its headers are not read at all.
    """
    declared = rules.get_game(game)
    keys = {
        key: option for option in declared.options for key in _folded_texts(option.id, option.label)
    }
    stated: dict[str, tuple[int, str]] = {}
    problems: list[tuple[int, Problem]] = []
    for header in headers:
        key = rules.card_key(header.key)
        raw = lines[header.line - 1].strip()
        option = keys.get(key)
        if option is not None and option.id not in given:
            word = _header_word(header.value)
            value = next(
                (v.id for v in option.values if word in _folded_texts(v.id, v.label)), None
            )
            if value is None:
                allowed = ", ".join(
                    f"„{option.id}: {v.id}” ({v.label(page_lang())})" for v in option.values
                )
                message = _("Nieznana wartość „%(value)s”; wpisz %(allowed)s.") % {
                    "value": _shorten(header.value),
                    "allowed": allowed,
                }
            elif option.id in stated and stated[option.id][1] != value:
                message = _("Wartość „%(value)s” nie zgadza się z podaną w wierszu %(line)d.") % {
                    "value": _shorten(header.value),
                    "line": stated[option.id][0],
                }
            else:
                stated.setdefault(option.id, (header.line, value))
                continue
            problems.append((header.line, Problem(message, line=header.line, text=raw)))
        elif key in _GAME_KEYS and _header_word(header.value) in set(rules.game_ids()) - {game}:
            # Only another game's id is a fault: "# gra: agresywna" is a player's own note.
            message = _(
                "Ta talia jest dla gry „%(value)s”, a tu wczytujemy talie gry „%(game)s”."
            ) % {"value": _shorten(header.value), "game": game}
            problems.append((header.line, Problem(message, line=header.line, text=raw)))
    return {option_id: value for option_id, (_line, value) in stated.items()}, problems


def _mistyped_count(entry: textformat.Entry, raw: str, catalogue: Catalogue) -> Problem | None:
    """Return a count problem for "abc Gaap": a first word, then a known card's name."""
    first, _space, rest = entry.name.partition(" ")
    if entry.counted or not rest or not catalogue.knows(rest):
        return None
    error = textformat.LineError(entry.line, raw, textformat.BAD_COUNT, first)
    return Problem(_line_message(error), line=entry.line, text=raw)


def read_text(
    text: str, *, game: str | None = None, options: Mapping[str, str] | None = None
) -> ImportedDeck:
    """Read a plain-text deck and resolve its names in `game`'s catalogue; raise ImportFailed.

    Options not given are the ones the text's headers state (`# faction: fallen`), if any.
    """
    options = dict(options or {})
    try:
        parsed = textformat.parse_text(text)
    except textformat.TextTooLarge:
        raise ImportFailed([too_large_problem()]) from None
    game = game or rules.default_game_id()
    catalogue = Catalogue.load(game)
    declared = rules.get_game(game)
    lines = text.splitlines()
    stated, problems = _read_headers(parsed.headers, game=game, lines=lines, given=options)
    deck_format, format_problems = _read_format(parsed.headers, declared, lines)
    problems += format_problems
    problems += [
        (e.line, Problem(_line_message(e), line=e.line, text=e.text)) for e in parsed.errors
    ]
    headings: dict[int, str | None] = {}
    for heading in parsed.sections:
        headings[heading.line] = find_section(declared, heading.title)
        if headings[heading.line] is None:
            raw = lines[heading.line - 1].strip()
            problems.append(
                (heading.line, _unknown_section(declared, heading.title, raw, heading.line))
            )
    tally = _Tally()
    for entry in parsed.entries:
        found = catalogue.find(entry.name)
        raw = lines[entry.line - 1].strip()
        if isinstance(found, Problem):
            problem = _mistyped_count(entry, raw, catalogue) or Problem(
                found.message, line=entry.line, text=raw, suggestions=found.suggestions
            )
            problems.append((entry.line, problem))
            continue
        if entry.section is not None and headings[entry.section.line] is None:
            continue  # under a heading already reported
        section_id = headings[entry.section.line] if entry.section else None
        placed = place_card(declared, found, section_id)
        if isinstance(placed, Problem):
            problems.append((entry.line, Problem(placed.message, line=entry.line, text=raw)))
        else:
            tally.add(found, placed, entry.count, _("wiersz %(line)d") % {"line": entry.line})
    tally.settle(
        [problem for _line, problem in sorted(problems, key=lambda pair: pair[0])],
        options={**stated, **options},
    )
    return ImportedDeck(game, {**stated, **options}, tally.counts, tally.cards, format=deck_format)


def _unknown_section(game: GameRules, title: str, raw: str, line: int) -> Problem:
    allowed = ", ".join(
        f"„{textformat.section_heading(s.label(page_lang()))}”" for s in game.sections
    )
    return Problem(
        _("Ta gra nie ma części talii „%(title)s”; nagłówki części to: %(allowed)s.")
        % {"title": _shorten(title), "allowed": allowed or "—"},
        line=line,
        text=raw,
    )


def _read_format(
    headers: Iterable[textformat.Header], game: GameRules, lines: list[str]
) -> tuple[str | None, list[tuple[int, Problem]]]:
    """Return the format a text's `# format: …` header states (None: none) and its problems."""
    stated: str | None = None
    problems: list[tuple[int, Problem]] = []
    for header in headers:
        if rules.card_key(header.key) != FORMAT_HEADER:
            continue
        found = find_format(game, header.value)
        if found is None:
            allowed = ", ".join(f.id for f in game.formats)
            message = _("Nieznany format „%(value)s”; ta gra ma: %(allowed)s.") % {
                "value": _shorten(header.value),
                "allowed": allowed,
            }
            raw = lines[header.line - 1].strip()
            problems.append((header.line, Problem(message, line=header.line, text=raw)))
        else:
            stated = stated or found
    return stated, problems


def read_json(
    text: str, *, options: Mapping[str, str] | None = None, game: str | None = None
) -> ImportedDeck:
    """Read a deck in the JSON contract (cards by "id" when valid for its game, else by name), or
    a list of names and counts with no game of its own, as a deck of `game`."""
    if len(text) > MAX_IMPORT_CHARS:
        raise ImportFailed([too_large_problem()])
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ImportFailed(
            [
                Problem(
                    _("To nie jest poprawny JSON (%(error)s).") % {"error": exc.msg},
                    line=exc.lineno,
                )
            ]
        ) from None
    except RecursionError:
        raise ImportFailed([Problem(_("Ten JSON jest zagnieżdżony zbyt głęboko."))]) from None
    except ValueError:  # Python reads no integer of over 4,300 digits (sys.int_info)
        raise ImportFailed(
            [
                Problem(
                    _(
                        "Ten JSON zawiera liczbę o ponad %(digits)d cyfrach; żadna liczba w "
                        "talii nie jest tak długa."
                    )
                    % {"digits": sys.get_int_max_str_digits()}
                )
            ]
        ) from None
    if game is not None and _is_name_list(data):
        return _read_name_list(data["cards"], game=game, options=options)
    if isinstance(data, dict) and data.get("game") is None:
        data["game"] = rules.default_game_id()  # the contract needs one; a file may omit it
    try:
        rules.parse_deck(data)
    except rules.DeckFormatError as exc:
        # The rules engine words its format errors in English only; say in the page's
        # language what kind of fault it is, and pass on its exact words.
        message = _("To nie jest talia w formacie kontraktu reguł: %(detail)s") % {
            "detail": exc.message
        }
        raise ImportFailed([Problem(message, where=exc.path)]) from None
    game = data["game"]
    catalogue = Catalogue.load(game)
    declared = rules.get_game(game)
    problems: list[Problem] = []
    deck_format = data.get("format")
    if deck_format is not None and declared.format(str(deck_format)) is None:
        allowed = ", ".join(f.id for f in declared.formats)
        problems.append(
            Problem(
                _("Nieznany format „%(value)s”; ta gra ma: %(allowed)s.")
                % {"value": _shorten(str(deck_format)), "allowed": allowed},
                where="format",
            )
        )
    tally = _Tally()
    for index, raw in enumerate(data["cards"]):
        card_id = raw.get("id")
        card = catalogue.by_id.get(card_id) if type(card_id) is int else None
        if card is None:
            found = catalogue.find(raw["name"])
            if isinstance(found, Problem):
                problems.append(
                    Problem(found.message, where=f"cards[{index}]", suggestions=found.suggestions)
                )
                continue
            card = found
        section = raw.get("section")
        placed = place_card(declared, card, section if isinstance(section, str) else None)
        if isinstance(placed, Problem):
            problems.append(Problem(placed.message, where=f"cards[{index}].section"))
            continue
        tally.add(card, placed, raw["count"], f"cards[{index}]")
    stated = {
        option.id: data[option.id]
        for option in declared.options
        if isinstance(data.get(option.id), str)
    }
    tally.settle(problems, options={**stated, **(options or {})})
    return ImportedDeck(
        game,
        {**stated, **(options or {})},
        tally.counts,
        tally.cards,
        format=deck_format if isinstance(deck_format, str) else None,
    )


def _is_name_list(data: object) -> bool:
    """Tell whether decoded JSON is a bare deck list with no game: {"cards": [{"name", "count"}]}
    (dark-eden-digital's deck template, which adds "name", "faction", "author" and "notes")."""
    if not isinstance(data, dict) or "game" in data or not isinstance(data.get("cards"), list):
        return False
    entries = data["cards"]
    return all(isinstance(entry, dict) and not {"id", "kind"} & set(entry) for entry in entries)


def _read_name_list(
    entries: list[dict], *, game: str, options: Mapping[str, str] | None
) -> ImportedDeck:
    """Read names and counts as cards of `game`, each in its kind's section; report every fault."""
    catalogue = Catalogue.load(game)
    declared = rules.get_game(game)
    problems: list[Problem] = []
    tally = _Tally()
    for index, entry in enumerate(entries):
        where = f"cards[{index}]"
        name, count = entry.get("name"), entry.get("count", 1)
        if not isinstance(name, str) or not name.strip():
            problems.append(Problem(_("Brak nazwy karty."), where=f"{where}.name"))
            continue
        if type(count) is not int or not 1 <= count <= MAX_COPIES_PER_ENTRY:
            problems.append(
                Problem(
                    _("Liczba kopii musi być liczbą całkowitą od 1 do %(max)d, jest %(value)s.")
                    % {"max": MAX_COPIES_PER_ENTRY, "value": _shorten(json.dumps(count))},
                    where=f"{where}.count",
                )
            )
            continue
        found = catalogue.find(name)
        if isinstance(found, Problem):
            problems.append(Problem(found.message, where=where, suggestions=found.suggestions))
            continue
        tally.add(found, place_card(declared, found, None), count, where)
    tally.settle(problems)
    return ImportedDeck(game, dict(options or {}), tally.counts, tally.cards)


def read_lackey(
    text: str, *, game: str | None = None, options: Mapping[str, str] | None = None
) -> ImportedDeck:
    """Read a LackeyCCG `.dek` deck of `game`: its zones name sections and imply the format.

    Every unresolved name, unknown zone or card in a zone that cannot take it is a problem of
    its own; nothing is imported unless every card is.
    """
    if len(text) > MAX_IMPORT_CHARS:
        raise ImportFailed([too_large_problem()])
    game = game or rules.default_game_id()
    catalogue = Catalogue.load(game)
    declared = rules.get_game(game)
    zones = declared.deck_zones
    if zones is None:
        raise ImportFailed(
            [Problem(_("Dla tej gry nie ma talii LackeyCCG (.dek): jej części nie mają stref."))]
        )
    try:
        parsed = lackey.parse(text)
    except lackey.LackeyError as error:
        message = _("To nie jest talia LackeyCCG (.dek): %(detail)s.") % {"detail": error.message}
        raise ImportFailed([Problem(message, line=error.line)]) from None
    problems: list[Problem] = []
    if parsed.game and rules.card_key(parsed.game) != rules.card_key(zones.game):
        problems.append(
            Problem(
                _("Plik jest talią gry „%(file)s”, a tu wczytujemy talie gry „%(game)s”.")
                % {"file": _shorten(parsed.game), "game": zones.game}
            )
        )
    filled = [zone.name for zone in parsed.zones if zone.cards]
    deck_format = _lackey_format(zones, parsed.format, filled)
    if deck_format is None:
        known = sorted({name for _format, names in zones.formats for name in names})
        unknown = [name for name in filled if name not in known]
        problems.append(
            Problem(
                _("Nieznane strefy talii: %(zones)s; ta gra ma strefy: %(known)s.")
                % {
                    "zones": ", ".join(f"„{_shorten(name)}”" for name in unknown),
                    "known": ", ".join(f"„{name}”" for name in known),
                }
            )
        )
        raise ImportFailed(problems)
    sections = zones.zones_of(deck_format)
    tally = _Tally()
    rehomed: dict[tuple[str, str], list[str]] = {}
    for zone, name, _set, count in parsed.counts():
        where = f"{zone}: {_shorten(name)}"
        found = catalogue.find(name)
        if isinstance(found, Problem):
            problems.append(Problem(found.message, where=where, suggestions=found.suggestions))
            continue
        placed = place_card(declared, found, sections[zone])
        if isinstance(placed, Problem):
            # A file that swapped its zones (a real One Big Deck holds its Plots under "Shared
            # Groups") is still read whole: such a card goes to its home, and the import says so.
            placed = place_card(declared, found, None)
            rehomed.setdefault((zone, placed), []).append(found.name)
        tally.add(found, placed, count, where)
    tally.settle(problems, empty=Problem(_("W pliku nie ma żadnej karty.")))
    notes = tuple(
        _rehomed_note(declared, zone, sections[zone], home, names)
        for (zone, home), names in rehomed.items()
    )
    return ImportedDeck(
        game, dict(options or {}), tally.counts, tally.cards, format=deck_format, notes=notes
    )


def _rehomed_note(game: GameRules, zone: str, section: str, home: str, names: list[str]) -> str:
    """Say which cards a file's zone held where they cannot lie, and where they went instead."""
    lang = page_lang()
    shown = ", ".join(names[:5]) + (" …" if len(names) > 5 else "")
    return _(
        "W strefie „%(zone)s” (%(section)s) są karty, które nie mogą tam leżeć (%(count)d); "
        "wczytano je do części „%(home)s”: %(cards)s."
    ) % {
        "zone": zone,
        "section": game.section(section).label(lang),
        "count": len(names),
        "home": game.section(home).label(lang) if game.section(home) else "—",
        "cards": shown,
    }


def _lackey_format(zones: DeckZones, stated: str | None, filled: list[str]) -> str | None:
    """Return the format a file states, if its zones fit it, else the one its zones imply."""
    declared = any(f == stated for f, _zones in zones.formats)
    if declared and set(filled) <= set(zones.zones_of(stated)):
        return stated
    return zones.format_for(filled)


def read_code(code: str, *, options: Mapping[str, str] | None = None) -> ImportedDeck:
    """Read a deck code (or a link holding one) and check its cards exist; raise ImportFailed."""
    try:
        opened = codes.open_code(code)
    except codes.CodeError as exc:
        raise ImportFailed([Problem(exc.message)]) from None
    stated = {**opened.options, **(options or {})}
    return ImportedDeck(opened.game, stated, opened.cards, opened.cards_by_id, format=opened.format)


def read_import(
    fmt: str,
    text: str,
    *,
    options: Mapping[str, str] | None = None,
    game: str | None = None,
) -> ImportedDeck:
    """Read `text` in format `fmt` (one of FORMATS) and settle the deck's options.

    A text or a `.dek` file is read as a deck of `game` (the default game without one); JSON
    and codes say their own game.
    """
    try:
        if fmt == "json":
            imported = read_json(text, options=options, game=game)
        elif fmt == "lackey":
            imported = read_lackey(text, game=game, options=options)
        elif fmt == "code":
            imported = read_code(text, options=options)
        else:
            imported = read_text(text, game=game, options=options)
    except ImportFailed as failed:
        # Cards already read that disagree on an option unsettled: said now, not after a fix.
        given = {**failed.options, **(options or {})}
        contradicted = _contradicted_options(failed.cards, given)
        if not contradicted:
            raise
        raise ImportFailed(
            [*failed.problems, *contradicted], cards=failed.cards, options=given
        ) from None
    declared = rules.get_game(imported.game)
    settled = settle_options(declared, imported.options, imported.cards_by_id.values())
    notes = tuple(
        _inferred_note(option, settled[option.id])
        for option in declared.options
        if option.id in settled and option.id not in imported.options
    )
    return replace(imported, options=settled, notes=(*imported.notes, *notes))


def settle_options(
    game: GameRules, options: Mapping[str, str], cards: Iterable[Card]
) -> dict[str, str]:
    """Return the options with each required one missing taken from the cards; raise ImportFailed.

    A required option the import does not state is the one value its cards agree on (a deck's
    faction from the faction of its angels and interventions); cards that name none or several
    leave it to the player.
    """
    settled = dict(options)
    cards = list(cards)
    problems: list[Problem] = []
    for option in game.options:
        if option.id in settled or not option.required:
            continue
        inferred = infer_option(option, cards)
        if inferred is None:
            problems.append(_contradiction(option, cards) or _undecided(option))
        else:
            settled[option.id] = inferred
    if problems:
        raise ImportFailed(problems, cards=cards)
    return settled


def infer_option(option: Option, cards: Iterable[Card]) -> str | None:
    """Return the one value of `option` the cards' matching attribute names, or None if not one."""
    seen = _values_named(option, cards)
    return next(iter(seen)) if len(seen) == 1 else None


def _values_named(option: Option, cards: Iterable[Card]) -> dict[str, list[Card]]:
    """Return each value of `option` some cards name, with those cards, in declaration order."""
    if not option.card_attribute:
        return {}
    named: dict[str, list[Card]] = {value.id: [] for value in option.values}
    for card in cards:
        value = card.attribute(option.card_attribute)
        if value in named:
            named[value].append(card)
    return {value: found for value, found in named.items() if found}


def _undecided(option: Option) -> Problem:
    return Problem(
        _(
            "Z kart nie da się tego ustalić (żadna karta nie wskazuje jednej wartości); wybierz "
            "w formularzu: %(option)s."
        )
        % {"option": option.label(page_lang())}
    )


def _contradiction(option: Option, cards: Iterable[Card]) -> Problem | None:
    """Return the problem of cards naming several values of `option`, or None if they do not."""
    named = _values_named(option, cards)
    if len(named) < 2:
        return None
    lang = page_lang()
    shown = "; ".join(
        f"{option.value_label(value, lang)}: "
        + ", ".join(card.name for card in found[:MAX_SUGGESTIONS])
        + (" …" if len(found) > MAX_SUGGESTIONS else "")
        for value, found in named.items()
    )
    return Problem(
        _(
            "Nie da się ustalić z kart, bo wskazują różne wartości (%(values)s); wybierz w "
            "formularzu: %(option)s."
        )
        % {"values": shown, "option": option.label(lang)}
    )


def _contradicted_options(cards: list[Card], options: Mapping[str, str]) -> list[Problem]:
    """Return the problems of required options not given that the cards already contradict."""
    if not cards:
        return []
    declared = rules.get_game(cards[0].game.slug)
    found = (
        _contradiction(option, cards)
        for option in declared.options
        if option.required and option.id not in options
    )
    return [problem for problem in found if problem is not None]


def _inferred_note(option: Option, value: str) -> str:
    """Say which option the import took from the cards, so the player can check it."""
    lang = page_lang()
    return _(
        "Ustalono z kart: %(option)s – %(value)s, bo tylko tę wartość wskazują. Możesz to zmienić "
        "w ustawieniach talii."
    ) % {"option": option.label(lang), "value": option.value_label(value, lang)}


# ---------------------------------------------------------------------------------------------
# A deck that is not saved (a code's page): grouped like the deck page, judged on the fly


def unsaved_sheet(imported: ImportedDeck, *, name: str, lang: str) -> DeckSheet:
    """Group an imported deck as the deck page does, with the rules' verdict computed now."""
    game = Game.objects.get(slug=imported.game)
    deck_format = imported.format or rules.get_game(game.slug).default_format.id
    deck = Deck(name=name, game=game, options=imported.options, format=deck_format)
    entries = imported.entries
    contract = contract_for(
        game=game.slug, options=imported.options, format=deck_format, entries=entries
    )
    return sheet_for(deck=deck, entries=entries, verdict=judge(contract), lang=lang)


# ---------------------------------------------------------------------------------------------
# The command line: a text deck judged without saving


def imported_contract(imported: ImportedDeck) -> dict[str, Any]:
    """Return an imported deck in the rules' JSON contract."""
    return contract_for(
        game=imported.game,
        options=imported.options,
        format=imported.format or "",
        entries=imported.entries,
    )


def judge_text(
    text: str, *, game: str | None = None, options: Mapping[str, str] | None = None
) -> rules.Verdict:
    """Resolve a plain-text deck in the catalogue and validate it; raise ImportFailed."""
    imported = read_text(text, game=game or rules.default_game_id(), options=options)
    return rules.validate_contract(imported_contract(imported))
