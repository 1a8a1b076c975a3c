"""SQLite's FTS5 search mirror outlives a remake of the card table.

Django's SQLite schema editor remakes cardbase_card for most AlterField/AddField, which drops the
triggers feeding the mirror. Search must then stay right (LIKE, as the mirror may be stale), and
the next `migrate` must put the triggers back and refill the mirror, so that the FTS5 route is
taken again and finds what was written meanwhile.
"""

import pytest
from django.core.management import call_command
from django.db import connection, models

from cardbase.models import Card
from cardbase.search import fts_sqlite
from cardbase.search.cards import search_cards
from cardbase.search.fts_sqlite import (
    FTS_TABLE,
    FTS_TRIGGERS,
    repair_search_mirror,
    sqlite_fts_ready,
)
from tests.factories import AngelFactory, InterventionFactory

pytestmark = pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's FTS5 mirror")


def found(query: str) -> list[str]:
    result = search_cards(query=query)
    assert result.error is None, result.error
    return sorted(card.name for card in result.queryset)


def mirror_ids(word: str) -> list[int]:
    """Return the card ids the mirror itself holds `word` for (what the FTS5 route reads)."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT rowid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s ORDER BY rowid",
            [fts_sqlite.fts_phrase(word)],
        )
        return [row[0] for row in cursor.fetchall()]


def triggers() -> set[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")
        return {row[0] for row in cursor.fetchall()} & set(FTS_TRIGGERS)


@pytest.fixture
def fts_route(monkeypatch):
    """Every substring of 3+ characters goes through FTS5 when the mirror is ready."""
    monkeypatch.setattr(fts_sqlite, "FTS_COMMON", 10**9)


@pytest.fixture
def catalogue():
    AngelFactory(name="Gabriel", text="Moc jego gniewu.")
    AngelFactory(name="Gniewosz", text="Spada na wroga.")
    InterventionFactory(name="Cisza", faction="any", text="Nic się nie dzieje.")


def remake_card_table(max_length: int) -> None:
    """Alter Card.name's length: on SQLite a real remake (new table, copy, drop, rename)."""
    old = Card._meta.get_field("name")
    new = models.CharField("nazwa", max_length=max_length)
    new.set_attributes_from_name("name")
    new.model = Card
    with connection.schema_editor() as editor:
        editor.alter_field(Card, old, new)


@pytest.fixture
def remade():
    """Remake cardbase_card now; at the end remake it back and repair as `migrate` would."""
    remake_card_table(121)
    yield
    remake_card_table(Card._meta.get_field("name").max_length)
    repair_search_mirror()


@pytest.mark.django_db(transaction=True)
def test_a_remade_card_table_keeps_search_right_and_migrate_restores_the_mirror(
    catalogue, fts_route, remade
):
    # The remake dropped every trigger: the mirror is not read, search is a LIKE.
    assert triggers() == set()
    assert not sqlite_fts_ready()
    gabriel = Card.objects.get(name="Gabriel")
    gabriel.name, gabriel.text = "Azrael", "Uzdrowiciel."
    gabriel.save()
    rafael = AngelFactory(name="Rafael", text="Anioł uzdrowień.")
    Card.objects.get(name="Gniewosz").delete()
    Card.objects.filter(name="Cisza").update(search_text="spokoj nad woda")
    expected = {
        "gabriel": [],
        "azra": ["Azrael"],
        "uzdrowi": ["Azrael", "Rafael"],
        "rafa": ["Rafael"],
        "gniew": [],
        "spada": [],
        "spokoj": ["Cisza"],
        "dzieje": [],
    }
    assert {word: found(word) for word in expected} == expected
    # Nothing fed the mirror meanwhile: it still holds the old texts, which is why it is unread.
    assert mirror_ids("gniew") != [] and mirror_ids("rafa") == []

    call_command("migrate", verbosity=0)  # ends with the post_migrate repair

    assert triggers() == set(FTS_TRIGGERS)
    assert sqlite_fts_ready()
    assert mirror_ids("rafa") == [rafael.pk] and mirror_ids("gniew") == []
    assert mirror_ids("uzdrowi") == sorted([gabriel.pk, rafael.pk])
    assert {word: found(word) for word in expected} == expected
    # And the triggers feed it again: a new card, an edit, a delete.
    AngelFactory(name="Uriel", text="Płomień.")
    rafael.name = "Rafaeliel"
    rafael.save()
    Card.objects.get(name="Azrael").delete()
    assert found("urie") == ["Uriel"] and mirror_ids("urie") != []
    assert found("rafaeli") == ["Rafaeliel"]
    assert found("azra") == [] and mirror_ids("azra") == []
    assert found("uzdrowi") == ["Rafaeliel"]


@pytest.mark.django_db(transaction=True)
def test_repair_says_what_it_repaired(catalogue, remade):
    assert repair_search_mirror() == ["triggers", "rows", "index"]  # the index went too
    assert repair_search_mirror() == []


@pytest.mark.django_db
def test_repair_refills_rows_the_mirror_lost_and_replaces_a_changed_trigger(catalogue, fts_route):
    assert repair_search_mirror() == []
    gabriel = Card.objects.get(name="Gabriel")
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {FTS_TABLE} WHERE rowid = %s", [gabriel.pk])
    assert found("gabr") == []  # the mirror is read, and it lost the card
    assert repair_search_mirror() == ["rows"]
    assert found("gabr") == ["Gabriel"]

    insert = f"{FTS_TABLE}_insert"
    with connection.cursor() as cursor:  # a trigger of the right name that feeds nothing
        cursor.execute(f"DROP TRIGGER {insert}")
        cursor.execute(f"CREATE TRIGGER {insert} AFTER INSERT ON cardbase_card BEGIN SELECT 1; END")
    AngelFactory(name="Uriel")
    assert found("urie") == []
    assert repair_search_mirror() == ["triggers", "rows"]
    assert found("urie") == ["Uriel"]
    AngelFactory(name="Urielka")
    assert found("urie") == ["Uriel", "Urielka"]


def rows_written(work) -> int:
    """Return how many rows `work` wrote, those written by triggers included (SQLite counts)."""
    before = connection.connection.total_changes
    work()
    return connection.connection.total_changes - before


@pytest.mark.django_db
def test_a_save_that_keeps_the_texts_leaves_the_mirror_alone(catalogue, fts_route):
    gabriel = Card.objects.get(name="Gabriel")
    gabriel.slug = "gabriel-2"
    # The card's row and the catalogue's version (cardbase.catalogue_version), not the mirror's.
    assert rows_written(gabriel.save) == 2
    gabriel.text = "Moc jego gniewu i łaski."
    assert rows_written(gabriel.save) > 1
    assert found("laski") == ["Gabriel"] and mirror_ids("gniewu") == [gabriel.pk]
