"""Translate between decks in the database and the rules engine's JSON contract."""

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

import rules
from cardbase.changesets.editions import EDITIONS_FACT
from cardbase.changesets.facts import NOTE_FACT
from cardbase.models import Card
from rules.core.verdict import FALLBACK_LANG


class ContractCard(NamedTuple):
    """What a deck's contract reads of a card, read without a model (judging decks in bulk)."""

    pk: int
    name: str
    kind: str
    attributes: dict
    search_name: str


class Entry(NamedTuple):
    """Copies of one card in one section of a deck ("" for a kind no section takes)."""

    card: Card | ContractCard
    section: str
    count: int


def contract_attributes(game: str) -> tuple[str, ...]:
    """Return the attribute ids the rules of `game` read from a card (none for an unknown game).

    Only these go into a contract entry: a card's other attributes, its text and the derived
    choir mean nothing to the rules.
    """
    try:
        return rules.get_game(game).contract_attributes
    except rules.DeckFormatError:
        return ()


def contract_reads(fact: str) -> bool:
    """Tell whether a deck's contract reads the card fact (a changeset's fact id): its text,
    notes and editions mean nothing to the rules, so a change of them leaves every verdict as
    it was.

    Every attribute counts, not only the game's contract attributes: a changeset records no
    derived attribute, so a change of the one it derives from must still judge the decks.
    """
    return fact not in ("text", EDITIONS_FACT) and not fact.startswith(NOTE_FACT)


def card_entry(
    card: Card | ContractCard, count: int, attributes: Iterable[str], section: str = ""
) -> dict[str, Any]:
    """Return a card as one entry of the contract with its section and known `attributes`.

    A missing attribute is unknown and stays out of the entry, as the contract spells unknown;
    so does the section of a kind no section takes.
    """
    entry: dict[str, Any] = {"id": card.pk, "name": card.name, "kind": card.kind, "count": count}
    if section:
        entry["section"] = section
    known = card.attributes or {}
    for attribute in attributes:
        value = known.get(attribute)
        if value is not None:
            entry[attribute] = value
    return entry


def contract_for(
    *, game: str, options: Mapping[str, str], format: str = "", entries: Iterable[Entry]
) -> dict:
    """Return a deck in the rules engine's JSON contract: options and format beside its cards."""
    attributes = contract_attributes(game)
    return {
        "game": game,
        **options,
        **({"format": format} if format else {}),
        "cards": [
            card_entry(entry.card, entry.count, attributes, entry.section) for entry in entries
        ],
    }


def judge(contract: Mapping[str, Any]) -> dict[str, Any]:
    """Validate a contract and return the verdict in both languages, as a deck stores it.

    Each violation keeps the names the rules report and the ids of the cards behind them, so
    pages can highlight the cards at fault.
    """
    ids_by_name: dict[str, list[int]] = {}
    for entry in contract["cards"]:
        ids_by_name.setdefault(entry["name"], []).append(entry["id"])
    try:
        verdict = rules.validate_contract(dict(contract))
    except rules.DeckFormatError as error:
        # The rules take cards of one name for one card; two catalogue cards that differ only
        # by case or diacritics (or the same card printed for both factions) break that.
        return _unjudgeable(error)
    return {
        "valid": verdict.valid,
        "violations": [
            {
                "code": violation.code,
                "severity": str(violation.severity),
                "message_pl": violation.message_pl,
                "message_en": violation.message_en,
                # Only a game that words its violations in French stores them so.
                **({"message_fr": violation.message_fr} if violation.message_fr else {}),
                "cards": list(violation.cards),
                "card_ids": [i for name in violation.cards for i in ids_by_name.get(name, [])],
                # The unknown facts that would settle a rule left unchecked.
                **({"unknown": list(violation.unknown)} if violation.unknown else {}),
            }
            for violation in verdict.violations
        ],
    }


def stored_message(violation: Mapping[str, Any], lang: str) -> str:
    """Return a stored violation's message in `lang`, in the fallback language (English) where
    it has none in `lang`."""
    return violation.get(f"message_{lang}") or violation[f"message_{FALLBACK_LANG}"]


def _unjudgeable(error: Exception) -> dict[str, Any]:
    """Return an invalid verdict saying why the rules could not read the deck."""
    return {
        "valid": False,
        "violations": [
            {
                "code": "unreadable",
                "severity": "error",
                "message_pl": f"Reguł nie da się sprawdzić: {error}",
                "message_en": f"The rules cannot check this deck: {error}",
                "cards": [],
                "card_ids": [],
            }
        ],
    }


def verdict_in(stored: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """Return a stored verdict in the contract's form, with messages in `lang`."""
    return {
        "valid": bool(stored.get("valid")),
        "violations": [
            {
                "code": v["code"],
                "severity": v["severity"],
                "message": stored_message(v, lang),
                "cards": v["cards"],
                **({"unknown": v["unknown"]} if v.get("unknown") else {}),
            }
            for v in stored.get("violations", [])
        ],
    }
