"""The API's card attributes, read from the games' card schemas (rules/<game>/schema.py).

Nothing here names an attribute of any one game: every attribute a registered game declares
becomes a field of the card representation, typed and described from its declaration.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from rest_framework import serializers

import rules
from rules.core.schema import Attribute, Kind, Value

# The language the API's field descriptions and value labels are written in.
API_LANG = "en"


def declared_attributes() -> tuple[Attribute, ...]:
    """Return every registered game's attributes, each id once, in declaration order.

    Two games declaring the same id share one field: its values are the union of theirs, its
    kinds too, so the schema accepts what either game's cards hold.
    """
    merged: dict[str, Attribute] = {}
    for game in rules.all_games():
        for attribute in game.schema.attributes:
            known = merged.get(attribute.id)
            merged[attribute.id] = attribute if known is None else _merge(known, attribute)
    return tuple(merged.values())


def _merge(first: Attribute, second: Attribute) -> Attribute:
    ids = {value.id for value in first.values}
    extra = tuple(value for value in second.values if value.id not in ids)
    return replace(first, values=first.values + extra, kinds=first.kinds | second.kinds)


def shared_attribute_ids() -> frozenset[str]:
    """Return the ids of the attributes every registered game declares."""
    games = rules.all_games()
    ids = [{attribute.id for attribute in game.schema.attributes} for game in games]
    return frozenset(set.intersection(*ids)) if ids else frozenset()


def declared_kinds() -> tuple[Kind, ...]:
    """Return every registered game's kinds of card, each id once."""
    kinds: dict[str, Kind] = {}
    for game in rules.all_games():
        for kind in game.schema.kinds:
            kinds.setdefault(kind.id, kind)
    return tuple(kinds.values())


def choices(values: Iterable[Value | Kind]) -> list[tuple[str, str]]:
    """Return (id, English label) pairs for a choice field."""
    return [(value.id, value.label(API_LANG)) for value in values]


def kinds_sentence(attribute: Attribute) -> str:
    """Name the kinds that carry an attribute, in their declaration order: "angels and humans".

    An attribute every kind carries is the "cards".
    """
    if {kind.id for kind in declared_kinds()} <= attribute.kinds:
        return "cards"
    names = [
        (kind.plural or kind.label)(API_LANG)
        for kind in declared_kinds()
        if kind.id in attribute.kinds
    ]
    if not names:
        return "cards"
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def describe(attribute: Attribute) -> str:
    """Describe an attribute's field in English from its declaration."""
    label = attribute.label(API_LANG)
    whose = kinds_sentence(attribute)
    parts = [f"The {label}." if whose == "cards" else f"The {label} ({whose} only)."]
    if attribute.help is not None:
        parts.append(attribute.help(API_LANG))
    if attribute.derived:
        parts.append("It follows from the card's other attributes.")
    if attribute.type == "int" and attribute.minimum is not None and attribute.maximum is not None:
        parts.append(f"A whole number from {attribute.minimum} to {attribute.maximum}.")
    parts.append("Null while unknown (or if the card's kind has none).")
    return " ".join(parts)


class AttributeChoiceField(serializers.ChoiceField):
    """One value of a choice attribute; the OpenAPI schema names its values' set after it.

    `api.openapi.AttributeChoiceExtension` documents it as a component of its own
    (`Card<Attribute>Enum`), so every field of one attribute shares one enum.
    """

    def __init__(self, attribute: Attribute, **kwargs):
        self.attribute = attribute
        super().__init__(choices=choices(attribute.values), **kwargs)


def attribute_field(attribute: Attribute) -> serializers.Field:
    """Return the read-only field showing a card's attribute; a missing value is null."""
    return typed_field(
        attribute,
        source=f"attributes.{attribute.id}",
        read_only=True,
        allow_null=True,
        help_text=describe(attribute),
    )


def typed_field(attribute: Attribute, **common) -> serializers.Field:
    """Return a field of the attribute's type (a list of choices if it is multi-valued)."""
    if attribute.type == "choice":
        if attribute.multi:
            return serializers.ListField(child=AttributeChoiceField(attribute), **common)
        return AttributeChoiceField(attribute, **common)
    if attribute.type == "int":
        return serializers.IntegerField(**common)
    if attribute.type == "bool":
        return serializers.BooleanField(**common)
    return serializers.CharField(**common)


def attribute_fields() -> dict[str, serializers.Field]:
    """Return a field for every declared attribute, keyed by its id."""
    return {attribute.id: attribute_field(attribute) for attribute in declared_attributes()}


class DeckOptionFields:
    """Add a field per declared deck option after `game`, read from and written to `options`.

    A deck of a game without the option leaves the field out; its values are checked against
    the deck's own game when it is saved.
    """

    option_fields_read_only = False
    option_fields_allow_null = False  # the rules' contract: null is "infer it from the cards"

    def get_fields(self):
        fields = super().get_fields()  # type: ignore[misc]
        ordered = {}
        for name, field in fields.items():
            ordered[name] = field
            if name == "game":
                ordered |= self._option_fields()
        if len(ordered) == len(fields):  # no "game" field: the options go last
            ordered |= self._option_fields()
        return ordered

    def _option_fields(self) -> dict[str, serializers.Field]:
        fields = {}
        for option in rules.all_options():
            labels = ", ".join(f"`{v.id}` ({v.label(API_LANG)})" for v in option.values)
            fields[option.id] = serializers.ChoiceField(
                choices=choices(option.values),
                source=f"options.{option.id}",
                required=False,
                read_only=self.option_fields_read_only,
                allow_null=self.option_fields_allow_null,
                help_text=f"The deck's {option.label(API_LANG)}, a choice its game declares: "
                f"{labels}.",
            )
        return fields
