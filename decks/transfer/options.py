"""The deck options an import does not state, taken from its cards when they agree on one."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.utils.translation import gettext as _

import rules
from cardbase.language import page_lang
from cardbase.models import Card
from decks.transfer.catalogue import MAX_SUGGESTIONS
from decks.transfer.problems import ImportFailed, Problem
from rules.core.schema import Game as GameRules
from rules.core.schema import Option


def settle_options(
    game: GameRules, options: Mapping[str, str], cards: Iterable[Card]
) -> dict[str, str]:
    """Return the options with each required one missing taken from the cards; raise ImportFailed.

    A required option the import does not state is the one value its cards agree on, read from
    the card attribute the option declares; cards that name none or several leave it to the
    player.
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


def contradicted_options(cards: list[Card], options: Mapping[str, str]) -> list[Problem]:
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


def inferred_note(option: Option, value: str) -> str:
    """Say which option the import took from the cards, so the player can check it."""
    lang = page_lang()
    return _(
        "Ustalono z kart: %(option)s – %(value)s, bo tylko tę wartość wskazują. Możesz to zmienić "
        "w ustawieniach talii."
    ) % {"option": option.label(lang), "value": option.value_label(value, lang)}
