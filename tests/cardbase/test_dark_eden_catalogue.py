"""Dark Eden in the catalogue: the real list imported, facets, search, icons on the card page."""

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from cardbase.importers import import_cards
from cardbase.models import Card
from cardbase.search.cards import search_cards
from rules.dark_eden.carddata import DOCUMENT
from tests.dark_eden_factories import (
    DarkEdenCardFactory,
    DarkEdenGameFactory,
    LeaderFactory,
    PlaceFactory,
    WarriorFactory,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def dark_eden():
    return DarkEdenGameFactory()


def names(response) -> list[str]:
    return sorted(card.name for card in response.context["page"].object_list)


# The real file (CARD_DATA_DIR/dark-eden/cards_db.json)


def test_the_real_file_imports_every_card_once_with_its_source(
    dark_eden, dark_eden_cards_db, capsys
):
    call_command(
        "import_cards", "--game", "dark-eden", "--format", "mse-json", str(dark_eden_cards_db)
    )
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "row 2: added BEZKRESNE MORZA"
    assert out[-1] == f"{DOCUMENT}: 402 added, 0 updated, 0 unchanged, 0 rejected."
    assert Card.objects.filter(game=dark_eden).count() == 402
    rekrut = Card.objects.get(game=dark_eden, name="REKRUT")
    assert (rekrut.kind, rekrut.attributes["unlimited"], rekrut.copy_limit) == (
        "warrior",
        True,
        None,
    )
    assert rekrut.limits_copies is False
    soldier = Card.objects.get(game=dark_eden, name="ŻOŁNIERZ HORDY")
    assert (soldier.copy_limit, soldier.limits_copies) == (5, True)
    (source,) = soldier.sources.all()
    assert (source.rulebook, source.page) == (DOCUMENT, None)
    assert '"name": "ŻOŁNIERZ HORDY"' in source.quote


def test_a_second_run_changes_nothing(dark_eden, dark_eden_cards_db):
    import_cards(game_slug="dark-eden", fmt="mse-json", text_or_path=dark_eden_cards_db)
    with CaptureQueriesContext(connection) as queries:
        report = import_cards(
            game_slug="dark-eden", fmt="mse-json", text_or_path=dark_eden_cards_db
        )
    assert {outcome.status for outcome in report.rows} == {"unchanged"}
    assert len(report.rows) == 402
    writes = [q for q in queries.captured_queries if q["sql"].startswith(("INSERT", "UPDATE"))]
    assert writes == []


def test_load_card_data_imports_the_configured_file(dark_eden, dark_eden_cards_db, tmp_path):
    # A data directory holding this game's file only: the other games' files are not there.
    (tmp_path / "dark-eden").mkdir()
    (tmp_path / "dark-eden" / "cards_db.json").symlink_to(dark_eden_cards_db)
    call_command("load_card_data", "--dir", str(tmp_path))
    assert Card.objects.filter(game=dark_eden).count() == 402


# Facets and search


@pytest.fixture
def cards(dark_eden):
    LeaderFactory(name="Wódz Templariuszy", affiliation="templars", combat_value=14)
    WarriorFactory(name="Lotnik Hordy", affiliation="crescentia", tactics=["air"], combat_value=7)
    WarriorFactory(name="Piechur", tactics=["land", "sea"], consumes=["food", "food"], unique=True)
    PlaceFactory(name="Skała", tactics=[], provides=[], consumes=[], starting_cost="0")
    PlaceFactory(name="Kopalnia", provides=["materials"], starting_cost="3", expansion="genesis")
    DarkEdenCardFactory(name="Rytuał", affiliation="lutheran-triad", combat_modifier="X2")


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"affiliation": "templars"}, ["Wódz Templariuszy"]),
        ({"affiliation": "general"}, ["Kopalnia", "Piechur", "Skała"]),
        ({"tactics": "air"}, ["Lotnik Hordy", "Wódz Templariuszy"]),
        ({"provides": "materials"}, ["Kopalnia"]),
        ({"consumes": "food"}, ["Lotnik Hordy", "Piechur"]),
        ({"expansion": "genesis"}, ["Kopalnia"]),
        ({"combat_value_min": 9, "kind": "warrior"}, []),
        ({"combat_value_min": 7, "combat_value_max": 9}, ["Kopalnia", "Lotnik Hordy", "Skała"]),
        ({"starting_cost": "3"}, ["Kopalnia"]),
        ({"kind": "intrigue"}, ["Rytuał"]),
    ],
)
def test_facets_filter_the_catalogue(client, cards, params, expected):
    response = client.get(reverse("card-list"), {"game": "dark-eden", **params})
    assert response.status_code == 200
    assert names(response) == expected


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("przynależność:templariusze", ["Wódz Templariuszy"]),
        ("taktyka:powietrze", ["Lotnik Hordy", "Wódz Templariuszy"]),
        ("pobiera:żywność wb<5", ["Piechur"]),
        ("is:unikatowa", ["Piechur"]),
        ("is:unique-card", ["Piechur"]),
        ("rodzaj:intryga", ["Rytuał"]),
        ("dostarcza:złoto", ["Wódz Templariuszy"]),
    ],
)
def test_the_search_language_knows_the_games_words(cards, query, expected):
    with translation.override("pl"):
        result = search_cards(query=query, game="dark-eden")
    assert result.error is None, result.error
    assert sorted(card.name for card in result.queryset) == expected


# The card page


def test_the_card_page_draws_resources_and_tactics_as_icons(client, cards):
    leader = Card.objects.get(name="Wódz Templariuszy")
    with translation.override("pl"):
        html = client.get(leader.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    # One picture per printed icon: two gold, one food.
    assert html.count('src="/static/icons/dark-eden/gold-blue.svg" alt="złoto"') == 2
    assert html.count('src="/static/icons/dark-eden/food-blue.svg" alt="żywność"') == 1
    assert 'src="/static/icons/dark-eden/air.svg"' in html
    assert "Blue_Gold" not in html


def test_an_empty_list_reads_none_not_unknown(client, cards):
    rock = Card.objects.get(name="Skała")
    html = client.get(rock.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    taktyka = html.split("Tactics</dt>", 1)[1].split("</dd>", 1)[0]
    assert "none" in taktyka and "unknown" not in taktyka


def test_the_icons_are_served_by_the_site(client):
    from django.contrib.staticfiles import finders

    for name in ("gold-blue", "gold-red", "fuel-red", "land", "sea", "air"):
        assert finders.find(f"icons/dark-eden/{name}.svg") is not None


def test_a_leaders_face_lies_on_its_side_with_its_icons_counted():
    from cardbase.faces.layout import face_of
    from rules import get_game

    face = face_of(
        get_game("dark-eden"),
        "leader",
        name="WÓDZ",
        attributes={
            "affiliation": "templars",
            "combat_value": 12,
            "tactics": ["land", "air"],
            "provides": ["gold", "gold", "food"],
            "consumes": [],
        },
        lang="pl",
    )
    assert face.landscape is True
    assert face.foot_left == ("złoto ×2", "żywność")
    assert face.foot_right == ()
    assert [figure.text for figure in face.figures] == ["12"]
    assert face.subtitle == "ląd (Żołnierz), powietrze (Lotnik)"
