"""How complete a game's catalogue is: of the facts its cards may be given, how many a source
gives, by kind and by attribute."""

from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet

import rules
from cardbase.language import page_lang
from cardbase.models import Card, Game
from cardbase.selectors.card_facts import capitalised
from rules.core.schema import CardSchema


@dataclass(frozen=True)
class Share:
    """Facts known out of the facts a card may be given."""

    known: int
    total: int

    @property
    def percent(self) -> int:
        """Return the share in whole per cent, rounded down: never shown as complete early."""
        return 100 * self.known // self.total if self.total else 100


@dataclass(frozen=True)
class AttributeShare:
    id: str
    label: str
    share: Share


@dataclass(frozen=True)
class KindShare:
    id: str
    label: str
    cards: int
    share: Share
    attributes: tuple[AttributeShare, ...]


@dataclass(frozen=True)
class Completeness:
    """A game's catalogue: its share of known facts, and the same by kind and attribute."""

    slug: str
    name: str
    share: Share
    kinds: tuple[KindShare, ...]


def _given(schema: CardSchema, kind: str) -> list[str]:
    # The facts a source gives (not those derived from others), for a card of this kind.
    return [a.id for a in schema.attributes_of(kind) if not a.derived]


def _counts(cards: QuerySet[Card], attributes: list[str]) -> dict[tuple, dict]:
    """Return, per game and kind, its number of cards and, per attribute, how many know it:
    counted by the database (an unknown value is never stored, so a key held is a fact known)."""
    known = {
        f"known_{n}": Count("pk", filter=Q(attributes__has_key=attribute))
        for n, attribute in enumerate(attributes)
    }
    counted = {}
    for row in cards.values("game__slug", "kind").annotate(cards=Count("pk"), **known).order_by():
        counted[(row["game__slug"], row["kind"])] = {
            "cards": row["cards"],
            "known": {attribute: row[f"known_{n}"] for n, attribute in enumerate(attributes)},
        }
    return counted


def _kinds(slug: str, schema: CardSchema, counted: dict[tuple, dict]) -> tuple[KindShare, ...]:
    """Return the game's kinds that have cards, in the schema's order, with their shares."""
    lang, kinds = page_lang(), []
    for kind in schema.kinds:
        entry = counted.get((slug, kind.id))
        if entry is None:
            continue
        attributes = tuple(
            AttributeShare(
                attribute,
                capitalised(schema.attribute(attribute).label(lang)),
                Share(entry["known"][attribute], entry["cards"]),
            )
            for attribute in _given(schema, kind.id)
        )
        kinds.append(
            KindShare(kind.id, kind.label(lang), entry["cards"], _sum(attributes), attributes)
        )
    return tuple(kinds)


def _sum(parts) -> Share:
    return Share(sum(p.share.known for p in parts), sum(p.share.total for p in parts))


def _facts_given(schemas) -> list[str]:
    return sorted({a.id for schema in schemas for a in schema.attributes if not a.derived})


def catalogue_completeness(game: Game) -> Completeness:
    """Return how complete the game's catalogue is, by kind (in the schema's order) and
    attribute."""
    declared = rules.get_game(game.slug)
    counted = _counts(Card.objects.filter(game=game), _facts_given([declared.schema]))
    kinds = _kinds(game.slug, declared.schema, counted)
    return Completeness(game.slug, declared.name(page_lang()), _sum(kinds), kinds)


def shares_by_game() -> dict[str, Share]:
    """Return each served game's share of known facts, by its slug, in one query."""
    schemas = {slug: rules.get_game(slug).schema for slug in rules.game_ids()}
    counted = _counts(Card.objects.filter(game__slug__in=schemas), _facts_given(schemas.values()))
    return {slug: _sum(_kinds(slug, schema, counted)) for slug, schema in schemas.items()}
