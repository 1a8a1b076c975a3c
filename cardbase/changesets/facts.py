"""A card's facts as a changeset records them: one value per fact, unknown left out."""

from typing import Any

from django.utils.translation import gettext as _

from cardbase.changesets.editions import EDITIONS_FACT
from cardbase.language import page_lang
from cardbase.models import Card, StoredFacts
from cardbase.selectors.card_facts import capitalised
from rules.core.schema import CardSchema

# How a fact reads while no source gives it: absent from a card's facts, None in a change.
UNKNOWN_FACT = None
NOTE_FACT = "note:"


def facts_of(held: StoredFacts, schema: CardSchema) -> dict[str, Any]:
    """Return the facts a card holds: name, kind, text, each known attribute a source gives (not
    the derived ones, which follow from the others) and each language's note."""
    facts: dict[str, Any] = {"name": held.name, "kind": held.kind}
    if held.text:
        facts["text"] = held.text
    for key, value in sorted(held.attributes.items()):
        attribute = schema.attribute(key)
        if value is not None and not (attribute is not None and attribute.derived):
            facts[key] = value
    for lang, note in sorted(held.notes.items()):
        if note:
            facts[f"{NOTE_FACT}{lang}"] = note
    return facts


def stored_facts_of(card: Card) -> StoredFacts:
    """Return what the card holds now, as a snapshot later writes do not change."""
    return StoredFacts(
        card.name, card.kind, card.text, dict(card.attributes or {}), dict(card.notes or {})
    )


def facts_of_card(card: Card) -> dict[str, Any]:
    """Return the facts the card holds now."""
    return facts_of(stored_facts_of(card), card.schema)


def changed_facts(before: dict[str, Any], after: dict[str, Any]) -> list[tuple[str, Any, Any]]:
    """Return (fact, old, new) for every fact whose value differs, None standing for unknown."""
    return [
        (fact, before.get(fact), after.get(fact))
        for fact in _in_order(before.keys() | after.keys())
        if before.get(fact) != after.get(fact)
    ]


def _in_order(facts) -> list[str]:
    # The card's own fields first, as its page shows them, then the rest by name.
    first = ["name", "kind", "text"]
    return [f for f in first if f in facts] + sorted(f for f in facts if f not in first)


def fact_label(card: Card, fact: str) -> str:
    """Return how the card page names a fact."""
    return schema_fact_label(card.schema, fact)


def schema_fact_label(schema: CardSchema, fact: str) -> str:
    """Return how the pages name a fact of a game's cards."""
    fixed = {
        "name": _("nazwa"),
        "kind": _("rodzaj"),
        "text": _("tekst karty"),
        EDITIONS_FACT: _("edycje"),
    }
    if fact in fixed:
        return capitalised(str(fixed[fact]))
    if fact.startswith(NOTE_FACT):
        return _("uwagi (%(lang)s)") % {"lang": fact.removeprefix(NOTE_FACT)}
    attribute = schema.attribute(fact)
    return capitalised(attribute.label(page_lang())) if attribute else fact


def set_fact(card: Card, fact: str, value: Any) -> None:
    """Give the card one fact's value; None makes it unknown."""
    if fact in ("name", "kind"):
        setattr(card, fact, value)
    elif fact == "text":
        card.text = value or ""
    elif fact.startswith(NOTE_FACT):
        notes = dict(card.notes or {})
        lang = fact.removeprefix(NOTE_FACT)
        if value is None:
            notes.pop(lang, None)
        else:
            notes[lang] = value
        card.notes = notes
    else:
        attributes = dict(card.attributes or {})
        if value is None:
            attributes.pop(fact, None)
        else:
            attributes[fact] = value
        card.attributes = attributes
