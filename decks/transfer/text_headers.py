"""A text deck's headers (`# key: value`): the options, game and format they state."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext as _

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
    other_games = set(rules.game_ids()) - {game}
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
        elif key in GAME_KEYS and header_word(declared, header.value) in other_games:
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
    for header in headers:
        if rules.card_key(header.key) != FORMAT_HEADER:
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
