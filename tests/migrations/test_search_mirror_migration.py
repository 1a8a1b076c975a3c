"""Migration 0008 moves SQLite's search mirror into its own table; searches answer as before."""

import pytest
from django.db import connection

from cardbase.search import fts_sqlite
from cardbase.search.cards import search_cards
from cardbase.search.fts_sqlite import FTS_TABLE, repair_search_mirror, sqlite_fts_ready
from tests.migrations.executor import migrate, migrate_to_latest

BEFORE = [("cardbase", "0007_card_attribute_columns")]
AFTER = [("cardbase", "0008_search_mirror_table")]
SQLITE = connection.vendor == "sqlite"
# The searches, and what the catalogue below answers (by hand, not by running them).
EXPECTED = {
    "gniew": ["Gniewosz", "Święty Gniew"],
    "swietnisko": ["Święty Gniew"],
    "nazwa:gabr": ["Gabriel"],
    "tekst:wroga": ["Gniewosz"],
    "uzdrowi": ["Rafael"],
    "moc": ["Gabriel"],
    "zz": [],
}


def found(query: str) -> list[str]:
    result = search_cards(query=query)
    assert result.error is None, result.error
    # Names alone: the model is today's, the table as it was (no facet values yet).
    return sorted(result.queryset.values_list("name", flat=True))


def answers() -> dict[str, list[str]]:
    return {query: found(query) for query in EXPECTED}


def tables() -> set[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT name FROM sqlite_master WHERE name LIKE 'card_search%'")
        return {row[0] for row in cursor.fetchall()}


def old_fts_ids(word: str) -> list[int]:
    """Return the ids 0004's external-content table finds for `word`."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT rowid FROM card_search_fts WHERE card_search_fts MATCH %s ORDER BY rowid",
            [fts_sqlite.fts_phrase(word)],
        )
        return [row[0] for row in cursor.fetchall()]


@pytest.fixture
def old_catalogue(monkeypatch):
    """Cards stored under 0007 (0004's mirror); migrate to the latest state after."""
    monkeypatch.setattr(fts_sqlite, "FTS_COMMON", 10**9)  # FTS5 for every word it can serve
    apps = migrate(BEFORE)
    Game = apps.get_model("cardbase", "Game")
    Card = apps.get_model("cardbase", "Card")
    game = Game.objects.create(slug="aniolowie", name="Aniołowie")

    def card(slug, name, search_name, search_text, kind="angel"):
        # A historical model has no save() of ours: the folded columns are written out.
        return Card.objects.create(
            game=game,
            slug=slug,
            kind=kind,
            name=name,
            search_name=search_name,
            search_text=search_text,
        )

    card("gabriel", "Gabriel", "gabriel", "moc jego slowa.")
    card("gniewosz", "Gniewosz", "gniewosz", "spada na wroga.")
    card("swiety-gniew", "Święty Gniew", "swiety gniew", "odrzuc swietnisko.", "intervention")
    yield Card, game
    migrate_to_latest()
    repair_search_mirror()


@pytest.mark.django_db(transaction=True)
def test_the_move_to_the_own_table_keeps_every_answer(old_catalogue):
    Card, game = old_catalogue
    if SQLITE:
        # A card written while 0004's triggers were lost (as after a remake): its index misses
        # it, while the move copies from cardbase_card, the source of truth.
        with connection.cursor() as cursor:
            cursor.execute("DROP TRIGGER card_search_fts_insert")
    rafael = Card.objects.create(
        game=game,
        slug="rafael",
        kind="angel",
        name="Rafael",
        search_name="rafael",
        search_text="aniol uzdrowien.",
    )
    if SQLITE:
        assert old_fts_ids("uzdrowi") == []
        assert old_fts_ids("gniew") == sorted(
            Card.objects.filter(slug__in=["gniewosz", "swiety-gniew"]).values_list("pk", flat=True)
        )
        assert FTS_TABLE not in tables() and not sqlite_fts_ready()
    assert answers() == EXPECTED  # LIKE on SQLite (no new mirror yet), trigrams on PostgreSQL

    migrate(AFTER)

    if SQLITE:
        assert "card_search_fts" not in tables() and FTS_TABLE in tables()
        assert sqlite_fts_ready()
        assert repair_search_mirror() == []  # 0008's statements are fts_sqlite.py's, rows all there
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT rowid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH '\"uzdrowi\"'")
            assert cursor.fetchall() == [(rafael.pk,)]
    assert answers() == EXPECTED


@pytest.mark.django_db(transaction=True)
def test_migrating_back_restores_the_old_mirror_with_the_same_answers(old_catalogue):
    Card, game = old_catalogue
    migrate(AFTER)
    Card.objects.create(
        game=game,
        slug="rafael",
        kind="angel",
        name="Rafael",
        search_name="rafael",
        search_text="aniol uzdrowien.",
    )
    assert answers() == EXPECTED

    migrate(BEFORE)

    assert answers() == EXPECTED
    if SQLITE:
        assert FTS_TABLE not in tables()
        assert {"card_search_fts", "card_search_fts_insert", "card_search_texts"} <= tables()
        rafael = Card.objects.get(slug="rafael")
        assert old_fts_ids("uzdrowi") == [rafael.pk]  # indexed anew from cardbase_card
        Card.objects.filter(slug="rafael").delete()
        assert old_fts_ids("uzdrowi") == []  # and fed by 0004's triggers again
