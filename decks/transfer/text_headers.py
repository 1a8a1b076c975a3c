"""A text deck's headers (`# key: value`): the options, game and format they state."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

import rules
from cardbase.language import page_lang
from decks import textformat
from decks.transfer.catalogue import folded_texts
from decks.transfer.problems import Problem, quoted, shorten
from rules.core.schema import Game as GameRules

# Header keys (folded) a text export writes and an import reads; Polish ones are accepted too.
GAME_HEADER = "game"
GAME_KEYS = frozenset({"game", "gra"})
FORMAT_HEADER = "format"
# The header a text export starts with ("# Talia: <name>", "# Deck: <name>"), folded.
NAME_KEYS = frozenset({"talia", "deck", "name", "nazwa"})
# The words forum exports name their headers by (decks.forum_formats), in the page's language.
GAME_LABEL = gettext_noop("Gra")
NAME_LABEL = gettext_noop("Talia")
FORMAT_LABEL = gettext_noop("Format")


def _said(label: str) -> frozenset[str]:
    """Return a header's word folded, as every language of the site says it."""
    words = {rules.card_key(label)}
    for lang, _name in settings.LANGUAGES:
        with translation.override(lang):
            words.add(rules.card_key(translation.gettext(label)))
    return frozenset(words)


def game_keys() -> frozenset[str]:
    """Return the folded keys of a header naming the game (`game`, `Gra`, `Jeu`)."""
    return GAME_KEYS | _said(GAME_LABEL)


def name_keys() -> frozenset[str]:
    """Return the folded keys of a header naming the deck (`Talia`, `Deck`)."""
    return NAME_KEYS | _said(NAME_LABEL)


def format_keys() -> frozenset[str]:
    """Return the folded keys of a header naming the deck's format."""
    return frozenset({FORMAT_HEADER}) | _said(FORMAT_LABEL)


def header_keys(game: GameRules) -> frozenset[str]:
    """Return every folded key a header of `game`'s deck may have: options, format, game, name."""
    options = {key for option in game.options for key in folded_texts(option.id, option.label)}
    return frozenset(options) | format_keys() | game_keys() | name_keys()


def stated_headers(parsed: textformat.ParsedText, keys: Iterable[str]) -> list[textformat.Header]:
    """Return a text's headers: its `# key: value` lines and the bare ones whose key is known."""
    known = frozenset(keys)
    bare = [h for h in parsed.maybe_headers if rules.card_key(h.key) in known]
    return sorted([*parsed.headers, *bare], key=lambda header: header.line)


def named_game(value: str, games: Sequence[GameRules]) -> str | None:
    """Return the id of the game among `games` a header's value names by id or name, or None."""
    key = rules.card_key(value)
    words = value.split()
    first = rules.card_key(words[0]) if words else ""
    for game in games:
        if first == game.id or key in folded_texts(game.id, game.name):
            return game.id
    return None


def header_word(game: GameRules, value: str) -> str:
    """Return a header's value folded for matching, cut where the game's deck files end one."""
    end = game.deck_files.header_value_end
    return rules.card_key(value.split(end, 1)[0] if end else value)


def find_format(game: GameRules, value: str) -> str | None:
    """Return the id of the format a header names (its id or label in any language), or None."""
    key = header_word(game, value)
    return next((f.id for f in game.formats if key in folded_texts(f.id, f.label)), None)


def read_headers(
    headers: Iterable[textformat.Header], *, game: str, lines: list[str], given: Iterable[str]
) -> tuple[dict[str, str], list[tuple[int, Problem]]]:
    """Return the deck options a text's headers state and any problems with them.

    A header names an option, and then its value, by id or by label in any language and case
    ("# <option>: <value>"). An option the caller gives wins, so its headers are not read at all.
    """
    declared = rules.get_game(game)
    keys = {
        key: option for option in declared.options for key in folded_texts(option.id, option.label)
    }
    other_games = [rules.get_game(other) for other in rules.game_ids() if other != game]
    games_keys = game_keys()
    stated: dict[str, tuple[int, str]] = {}
    problems: list[tuple[int, Problem]] = []
    for header in headers:
        key = rules.card_key(header.key)
        raw = lines[header.line - 1].strip()
        option = keys.get(key)
        if option is not None and option.id not in given:
            word = header_word(declared, header.value)
            value = next((v.id for v in option.values if word in folded_texts(v.id, v.label)), None)
            if value is None:
                allowed = ", ".join(
                    f"{quoted(f'{option.id}: {v.id}')} ({v.label(page_lang())})"
                    for v in option.values
                )
                message = _("Nieznana wartość „%(value)s”; wpisz %(allowed)s.") % {
                    "value": shorten(header.value),
                    "allowed": allowed,
                }
            elif option.id in stated and stated[option.id][1] != value:
                message = _("Wartość „%(value)s” nie zgadza się z podaną w wierszu %(line)d.") % {
                    "value": shorten(header.value),
                    "line": stated[option.id][0],
                }
            else:
                stated.setdefault(option.id, (header.line, value))
                continue
            problems.append((header.line, Problem(message, line=header.line, text=raw)))
        elif key in games_keys and named_game(header_word(declared, header.value), other_games):
            # Only another game's id is a fault: "# gra: agresywna" is a player's own note.
            message = _(
                "Ta talia jest dla gry „%(value)s”, a tu wczytujemy talie gry „%(game)s”."
            ) % {"value": shorten(header.value), "game": game}
            problems.append((header.line, Problem(message, line=header.line, text=raw)))
    return {option_id: value for option_id, (_line, value) in stated.items()}, problems


def read_format(
    headers: Iterable[textformat.Header], game: GameRules, lines: list[str]
) -> tuple[str | None, list[tuple[int, Problem]]]:
    """Return the format a text's `# format: …` header states (None: none) and its problems."""
    stated: str | None = None
    problems: list[tuple[int, Problem]] = []
    keys = format_keys()
    for header in headers:
        if rules.card_key(header.key) not in keys:
            continue
        found = find_format(game, header.value)
        if found is None:
            allowed = ", ".join(f.id for f in game.formats)
            message = _("Nieznany format „%(value)s”; ta gra ma: %(allowed)s.") % {
                "value": shorten(header.value),
                "allowed": allowed,
            }
            raw = lines[header.line - 1].strip()
            problems.append((header.line, Problem(message, line=header.line, text=raw)))
        else:
            stated = stated or found
    return stated, problems
