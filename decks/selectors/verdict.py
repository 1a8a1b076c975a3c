"""A deck's stored verdict: in the contract's form, and as the verdict panel's lines."""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from decks.contract import stored_message, verdict_in
from decks.models import Deck


@dataclass(frozen=True)
class VerdictLine:
    """One line of the verdict panel: a violation, or warnings of one kind told together."""

    code: str
    severity: str
    message: str
    cards: list[str]
    card_ids: list[int]
    # Several warnings alike in all but their card, shown as one line listing the cards.
    grouped: bool = False
    # For a rule left unchecked: the unknown facts that would settle it (attribute ids, "kind").
    unknown: list[str] = field(default_factory=list)
    # Where the player may supply them: the cards at fault with those facts named (sheet_for).
    fill_in: tuple["FillIn", ...] = ()


@dataclass(frozen=True)
class FillIn:
    """A card whose unknown facts would settle a warning, with where to propose them."""

    name: str
    url: str
    facts: str


def deck_verdict(deck: Deck, *, lang: str = "en") -> dict:
    """Return the deck's stored verdict in the contract's form, messages in `lang`."""
    return verdict_in(deck.verdict, lang)


def _shared_part(violation: Mapping[str, Any], lang: str) -> str | None:
    """Return a warning's message without its leading card names ("A, B: …"), or None.

    The rules word one warning per card and unknown attribute as "<names>: <what cannot be
    checked>"; warnings whose remaining text is the same differ only in their card.
    """
    names = ", ".join(violation.get("cards", []))
    message = stored_message(violation, lang)
    if not names or not message.startswith(names + ": "):
        return None
    return message[len(names) + 2 :]


def _as_head(shared: str) -> str:
    """Turn a warning's shared words into a heading: capitalised, without the closing full stop."""
    return capfirst(shared.removesuffix("."))


def verdict_lines(stored: Mapping[str, Any], lang: str) -> list[VerdictLine]:
    """Return a stored verdict as the panel lists it: errors one by one, alike warnings as one.

    With most card attributes unknown, a real deck gets a warning per card; grouped, they are a
    few lines that each name every card concerned, their shared words (what went unchecked) said
    as a sentence's head that the cards' count follows.
    """
    groups: dict[object, list[Mapping[str, Any]]] = {}
    for index, violation in enumerate(stored.get("violations", [])):
        shared = _shared_part(violation, lang) if violation["severity"] != "error" else None
        # Errors stay one per violation; each warning of its own kind keeps its own index.
        group = (violation["code"], violation["severity"], shared) if shared else index
        groups.setdefault(group, []).append(violation)
    lines = []
    for group, members in groups.items():
        first = members[0]
        grouped = len(members) > 1
        lines.append(
            VerdictLine(
                code=first["code"],
                severity=first["severity"],
                message=_as_head(group[2]) if grouped else stored_message(first, lang),  # type: ignore[index]
                cards=list(dict.fromkeys(name for v in members for name in v.get("cards", []))),
                card_ids=list(dict.fromkeys(i for v in members for i in v.get("card_ids", []))),
                grouped=grouped,
                unknown=list(dict.fromkeys(f for v in members for f in v.get("unknown", []))),
            )
        )
    return lines


def verdict_head(*, valid: bool, errors: int, notes: int = 0) -> str:
    """Say in one sentence, as the verdict panel opens, whether a deck keeps the rules: with its
    number of errors, or of the notes left on its page (`notes` 0: none are mentioned)."""
    if not valid:
        return ngettext(
            "Talia łamie zasady budowania talii: %(counter)s błąd.",
            "Talia łamie zasady budowania talii: %(counter)s błędy.",
            errors,
        ) % {"counter": errors}
    if not notes:
        return _("Talia jest zgodna z zasadami budowania talii.")
    return ngettext(
        "Talia nie łamie żadnej zasady budowania talii; %(count)d uwaga na jej stronie.",
        "Talia nie łamie żadnej zasady budowania talii; %(count)d uwagi na jej stronie.",
        notes,
    ) % {"count": notes}
