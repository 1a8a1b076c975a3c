"""The same query finds the same cards on SQLite and PostgreSQL.

The expected names below were worked out by hand from the folded texts in the comments (a word
is a substring of the folded name or text), not by running the search; this test runs in both
suites (`DATABASE_URL` unset and set to PostgreSQL), so passing in both proves the same answers.
On SQLite every query also runs twice more: once forced through the FTS5 trigram index and once
forced through plain LIKE, which must agree too.
"""

import pytest
from django.db import connection

from cardbase.models import Card
from cardbase.search import fts_sqlite
from cardbase.search.cards import search_cards
from cardbase.search.fts_sqlite import sqlite_fts_ready
from tests.factories import (
    AngelFactory,
    EditionFactory,
    HumanFactory,
    InterventionFactory,
    PrintingFactory,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalogue():
    # folded name "gabriel"; text "wszechmocny straznik bramy."
    gabriel = AngelFactory(
        name="Gabriel",
        faction="lord",
        order="powers",
        level=7,
        color="gold",
        support=4,
        edition_symbol="filled",
        text="Wszechmocny strażnik bramy.",
    )
    # "swietnisko"; "odrzuc, swietnisko przeciwnika!"
    InterventionFactory(name="Świętnisko", faction="any", text="Odrzuć, świętnisko przeciwnika!")
    # "nisko lecacy"; "rzuc karte c-d na stol."
    AngelFactory(
        name="Nisko Lecący",
        faction="fallen",
        order="virtues",
        level=6,
        color="black",
        support=2,
        anielica=True,
        text="Rzuć kartę c-d na stół.",
    )
    # "don't panic"; "can't stop; won't stop."
    HumanFactory(
        name="Don't Panic", alignment="neutral", sex="male", text="Can't stop; won't stop."
    )
    # "ola zolta"; "osemka kart."
    HumanFactory(name="Óla Żółta", alignment="good", sex="female", text="Ósemka kart.")
    # "gniewosz"; "swiety gniew spada na talie."
    gniewosz = AngelFactory(
        name="Gniewosz",
        faction="fallen",
        order="principalities",
        level=5,
        color="red",
        support=None,
        text="Święty gniew spada na talię.",
    )
    # "modlitwa ciszy"; ""
    InterventionFactory(name="Modlitwa Ciszy", faction="lord", text="")
    # "cdek"; "moze nie odrzucic."
    AngelFactory(
        name="Cdek",
        faction="",
        order="",
        level=None,
        color="",
        support=None,
        text="Może nie odrzucić.",
    )
    PrintingFactory(
        card=gabriel, edition=EditionFactory(name="Edycja Podstawowa", slug="podstawowa")
    )
    PrintingFactory(card=gniewosz, edition=EditionFactory(name="Druga Krucjata", slug="druga"))


ALL = [
    "Cdek",
    "Don't Panic",
    "Gabriel",
    "Gniewosz",
    "Modlitwa Ciszy",
    "Nisko Lecący",
    "Óla Żółta",
    "Świętnisko",
]


def but(*names: str) -> list[str]:
    return [name for name in ALL if name not in names]


PARITY = [
    # substrings inside words
    ("moc", ["Gabriel"]),  # "wszechMOCny"
    ("wietnisko", ["Świętnisko"]),
    ("nisko", ["Nisko Lecący", "Świętnisko"]),
    ("tekst:rzuc", ["Cdek", "Nisko Lecący", "Świętnisko"]),  # odRZUCic, RZUC, odRZUC
    ("nazwa:rzuc", []),
    ("stół", ["Nisko Lecący"]),
    ("gabriel", ["Gabriel"]),
    ("gabriell", []),  # no typo forgiveness: a correction is offered, not other cards
    ("modlitwa", ["Modlitwa Ciszy"]),
    ("xyz", []),
    # punctuation, phrases
    ("c-d", ["Nisko Lecący"]),
    ("n't", ["Don't Panic"]),
    ("; won", ["Don't Panic"]),
    ('"odrzuc, swietnisko"', ["Świętnisko"]),
    ('"odrzuc swietnisko"', []),  # the comma is part of the text
    ('"c-d na"', ["Nisko Lecący"]),
    # case and diacritics
    ("ŚWIĘTY GNIEW", ["Gniewosz"]),
    ('"święty gniew"', ["Gniewosz"]),
    ("tekst:ó", but("Gniewosz", "Modlitwa Ciszy")),  # every text with an "o"
    ("nazwa:ó", but("Gabriel", "Cdek")),
    ("a", but("Cdek")),
    # negations, OR, lower-case operator words
    ("-nisko", but("Nisko Lecący", "Świętnisko")),
    ("NIE nisko", but("Nisko Lecący", "Świętnisko")),
    ("typ:anioł -moc", ["Cdek", "Gniewosz", "Nisko Lecący"]),
    ("nisko OR n't", ["Don't Panic", "Nisko Lecący", "Świętnisko"]),
    ("nie może", ["Cdek"]),  # both words; "gNIEw" holds "nie" but not "moze"
    ('ciszy -"modlitwa ciszy"', []),
    ("(nisko OR moc) zakon>=cnoty", ["Gabriel", "Nisko Lecący"]),
    # keys and comparisons
    ("zakon:potęgi", ["Gabriel"]),
    ("zakon>=cnoty", ["Gabriel", "Nisko Lecący"]),
    ("poziom<6", ["Gniewosz"]),
    ("typ:anioł poziom!=6", ["Cdek", "Gabriel", "Gniewosz"]),
    ("wsparcie>=3", ["Gabriel"]),
    ("typ:anioł wsparcie:nieznany", ["Cdek", "Gniewosz"]),
    ("kolor:czarny OR kolor:złoty", ["Gabriel", "Nisko Lecący"]),
    ("frakcja:upadli -tekst:rzuc", ["Gniewosz"]),
    ("f:obie", ["Świętnisko"]),
    ("płeć:kobieta OR charakter:neutralny", ["Don't Panic", "Óla Żółta"]),
    ("unikat", ["Gabriel"]),
    ("anielica", ["Nisko Lecący"]),
    # unknown values
    ("zakon:nieznany", ["Cdek", "Don't Panic", "Modlitwa Ciszy", "Óla Żółta", "Świętnisko"]),
    ("typ:anioł kolor:nieznany", ["Cdek"]),
    ("edycja:nieznana", but("Gabriel", "Gniewosz")),
    ("edycja:podst", ["Gabriel"]),
]


def found(query: str) -> list[str]:
    result = search_cards(query=query)
    assert result.error is None, result.error
    return sorted(card.name for card in result.queryset)


@pytest.mark.parametrize(("query", "names"), PARITY)
def test_same_answer_on_every_database(catalogue, query, names):
    assert found(query) == sorted(names)


ROUTES = {"fts5": 10**9, "like": -1}  # FTS_COMMON: every substring rare, or every one common


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's two routes")
@pytest.mark.parametrize("route", ROUTES)
def test_sqlite_fts5_and_like_routes_agree(catalogue, monkeypatch, route):
    assert sqlite_fts_ready()
    monkeypatch.setattr(fts_sqlite, "FTS_COMMON", ROUTES[route])
    for query, names in PARITY:
        assert found(query) == sorted(names), query


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's FTS5 mirror")
def test_sqlite_fts5_mirror_follows_edits_and_deletes(catalogue, monkeypatch):
    """Triggers keep the FTS5 mirror in step, QuerySet.update() included; a remake of
    cardbase_card and the repair after it are test_fts_sqlite.py's."""
    assert sqlite_fts_ready()
    monkeypatch.setattr(fts_sqlite, "FTS_COMMON", 10**9)
    card = Card.objects.get(name="Gabriel")
    card.name, card.text = "Rafael", "Uzdrowiciel."
    card.save()
    assert found("gabriel") == [] and found("moc") == []
    assert found("rafael") == ["Rafael"] and found("uzdrowi") == ["Rafael"]
    Card.objects.filter(name="Gniewosz").update(search_text="cisza")
    assert found("gniew") == ["Gniewosz"]  # still in the name
    assert found("spada") == []
    Card.objects.get(name="Rafael").delete()
    assert found("rafael") == []
