"""Read a deck as JSON: the rules' contract, or a bare list of card names and counts."""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping

from django.utils.translation import gettext as _

import rules
from decks.limits import MAX_COPIES_PER_ENTRY
from decks.transfer.catalogue import Catalogue, place_card
from decks.transfer.imported import ImportedDeck
from decks.transfer.problems import (
    MAX_IMPORT_CHARS,
    ImportFailed,
    Problem,
    shorten,
    too_large_problem,
)
from decks.transfer.tally import Tally


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
                % {"value": shorten(str(deck_format)), "allowed": allowed},
                where="format",
            )
        )
    tally = Tally()
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
    """Tell whether decoded JSON is a bare deck list with no game: {"cards": [{"name", "count"}]},
    whatever other keys beside "cards" a program writes (they are not read)."""
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
    tally = Tally()
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
                    % {"max": MAX_COPIES_PER_ENTRY, "value": shorten(json.dumps(count))},
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
