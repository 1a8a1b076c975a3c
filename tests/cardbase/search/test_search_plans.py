"""Facet searches that keep many cards read the attribute's index, and keep the same cards."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

import rules
from cardbase.attribute_slots import declared_slots
from cardbase.models import Card
from cardbase.search.cards import search_cards
from tests.factories import AngelFactory, HumanFactory

pytestmark = pytest.mark.django_db


def names(query):
    return sorted(search_cards(query=query).queryset.values_list("name", flat=True))


def count_plan(query) -> str:
    """Return SQLite's plan for the count a catalogue page makes of `query`."""
    with CaptureQueriesContext(connection) as captured:
        search_cards(query=query).queryset.count()
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN QUERY PLAN " + captured.captured_queries[-1]["sql"])
        return " | ".join(row[-1] for row in cursor.fetchall())


@pytest.fixture
def catalogue():
    for n, (order, colour, level) in enumerate(
        [("angels", "black", 3), ("virtues", "white", 6), ("powers", "red", 7)] * 30
    ):
        AngelFactory(name=f"Anioł {n:02d}", order=order, color=colour, level=level)
    AngelFactory(name="Dziesiątka", order="seraphim", level=10, color="gold")
    HumanFactory(name="Człowiek")
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


def test_one_attributes_values_ored_keep_what_each_keeps(catalogue):
    either = names("kolor:czarny OR kolor:biały")
    assert either == sorted(names("kolor:czarny") + names("kolor:biały"))
    assert len(either) == 60
    # Mixed with another attribute and an unknown, nothing is merged away.
    assert names("kolor:złoty OR zakon:nieznany OR kolor:czerwony") == sorted(
        names("kolor:złoty") + names("zakon:nieznany") + names("kolor:czerwony")
    )


def test_numbers_are_bounded_as_numbers_not_as_text(catalogue):
    # As text, "10" sorts before "3": a range written from text would keep neither.
    assert names("poziom:3 OR poziom:10") == sorted(names("poziom:3") + ["Dziesiątka"])
    assert len(names("poziom:3 OR poziom:10")) == 31


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's planner, on SQLite only")
@pytest.mark.parametrize(
    ("query", "attribute"),
    [
        ("zakon>=cnoty -frakcja:pan", "order"),
        ("kolor:czarny OR kolor:biały", "color"),
    ],
)
def test_a_wide_facet_count_walks_the_attributes_index(catalogue, query, attribute):
    plan = count_plan(query)
    slot = declared_slots(rules.get_game("aniolowie"))[attribute]
    # One of the slot's indexes, sought by game and the values' range: no card row is read.
    assert re.search(rf"COVERING INDEX card_(slot|named)_{slot} \(game_id=\? AND {slot}>\?", plan)
    # Not a table scan, and not one index probe per value with the rows fetched and merged.
    assert "SCAN cardbase_card" not in plan and "MULTI-INDEX OR" not in plan
    assert Card.objects.count() == 92
