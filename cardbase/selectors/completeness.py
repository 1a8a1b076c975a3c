"""How complete a game's catalogue is: of the facts its cards may be given, how many a source
gives, by kind and by attribute."""

from collections.abc import Iterable
from dataclasses import dataclass

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


def _counts(schema: CardSchema, cards: Iterable[tuple[str, dict]]) -> dict[str, dict]:
    """Return, per kind, its number of cards and, per attribute, how many know it."""
    counted: dict[str, dict] = {}
    for kind, attributes in cards:
        entry = counted.setdefault(kind, {"cards": 0, "known": {}})
        entry["cards"] += 1
        for attribute in _given(schema, kind):
            known = attributes.get(attribute) is not None
            entry["known"][attribute] = entry["known"].get(attribute, 0) + known
    return counted


def catalogue_completeness(game: Game) -> Completeness:
    """Return how complete the game's catalogue is, by kind (in the schema's order) and
    attribute."""
    lang = page_lang()
    schema = rules.get_game(game.slug).schema
    counted = _counts(schema, Card.objects.filter(game=game).values_list("kind", "attributes"))
    kinds = []
    for kind in schema.kinds:
        entry = counted.get(kind.id)
        if entry is None:
            continue
        attributes = tuple(
            AttributeShare(
                attribute,
                capitalised(schema.attribute(attribute).label(lang)),
                Share(entry["known"].get(attribute, 0), entry["cards"]),
            )
            for attribute in _given(schema, kind.id)
        )
        known = sum(a.share.known for a in attributes)
        total = sum(a.share.total for a in attributes)
        kinds.append(
            KindShare(kind.id, kind.label(lang), entry["cards"], Share(known, total), attributes)
        )
    share = Share(sum(k.share.known for k in kinds), sum(k.share.total for k in kinds))
    return Completeness(game.slug, rules.get_game(game.slug).name(lang), share, tuple(kinds))


def shares_by_game() -> dict[str, Share]:
    """Return each served game's share of known facts, by its slug, in one query."""
    schemas = {slug: rules.get_game(slug).schema for slug in rules.game_ids()}
    cards: dict[str, list[tuple[str, dict]]] = {}
    rows = Card.objects.filter(game__slug__in=schemas).values_list(
        "game__slug", "kind", "attributes"
    )
    for slug, kind, attributes in rows.iterator(chunk_size=2000):
        cards.setdefault(slug, []).append((kind, attributes))
    shares = {}
    for slug, held in cards.items():
        counted = _counts(schemas[slug], held)
        known = sum(sum(entry["known"].values()) for entry in counted.values())
        total = sum(
            entry["cards"] * len(_given(schemas[slug], kind)) for kind, entry in counted.items()
        )
        shares[slug] = Share(known, total)
    return shares
