"""An INWO deck's statistics, sample hand and print sheet, read from its game's declaration."""

import re
from fractions import Fraction
from math import comb

import pytest
from django.urls import reverse

from cardbase.models import Card
from decks import services
from tests.inwo_factories import (
    GroupFactory,
    IlluminatiFactory,
    NwoFactory,
    PlotFactory,
    ResourceFactory,
)

pytestmark = pytest.mark.django_db

GROUP_KINDS = {"organization", "personality", "place", "resource"}
PLOT_KINDS = {"plot", "goal", "disaster", "assassination", "nwo"}


@pytest.fixture
def inwo_cards():
    """A Group deck of 12 Groups and 4 Resources, a Plot deck of 10 Plots and 2 NWO cards."""
    cards = {IlluminatiFactory(name="Bractwo Testowe").pk: 1}
    alignments = [["weird", "violent"], ["weird"], ["government"], None]
    for n in range(12):
        group = GroupFactory(
            name=f"Grupa {n:02d}",
            kind="personality" if n % 3 == 0 else "organization",
            alignments=alignments[n % 4],
            power=n % 5 if n != 11 else None,
        )
        cards[group.pk] = 1
    for n in range(4):
        cards[ResourceFactory(name=f"Zasób {n}").pk] = 1
    for n in range(10):
        cards[PlotFactory(name=f"Spisek {n:02d}").pk] = 1
    for n in range(2):
        cards[NwoFactory(name=f"Porządek {n}", nwo_colour="red").pk] = 1
    return cards


@pytest.fixture
def inwo_deck(owner, inwo_cards):
    return services.deck_create(
        owner=owner, name="Spisek Testowy", game="inwo", visibility="public", cards=inwo_cards
    )


def url(name, deck, query=""):
    return reverse(name, args=[deck.pk]) + query


def chart(response, key):
    return next(c for c in response.context["analysis"].charts if c.key == key)


def values(chart_):
    return {bar.key: bar.value for bar in chart_.bars}


def hand_ids(response, which="first"):
    html = response.content.decode()
    section = re.search(rf'data-hand="{which}".*?</section>', html, re.S)
    return [int(pk) for pk in re.findall(r'data-card="(\d+)"', section.group(0))] if section else []


def test_the_stats_count_kinds_alignments_and_the_groups_power(client, inwo_deck):
    response = client.get(url("deck-stats", inwo_deck))
    assert response.status_code == 200
    kinds = values(chart(response, "kinds"))
    assert kinds["organization"] == 8 and kinds["personality"] == 4 and kinds["plot"] == 10
    # A Group both Weird and Violent counts in both bars; one of unknown alignments in neither.
    assert values(chart(response, "alignments")) == {
        "government": 3,
        "corporate": 0,
        "liberal": 0,
        "conservative": 0,
        "peaceful": 0,
        "violent": 3,
        "straight": 0,
        "weird": 6,
        "criminal": 0,
        "fanatic": 0,
        "unknown": 3,
    }
    assert "kilku wartościach" in chart(response, "alignments").desc
    # Power 0..4 by turns, the last Group's unknown; Resources and the Illuminati stay out.
    assert values(chart(response, "power")) == {
        "0": 3,
        "1": 2,
        "2": 2,
        "3": 2,
        "4": 2,
        "unknown": 1,
    }


def test_the_odds_are_per_draw_each_from_its_own_deck(client, inwo_deck):
    response = client.get(url("deck-stats", inwo_deck))
    odds = response.context["analysis"].odds
    plots, groups = odds.draws
    assert (plots.odds.hand, plots.odds.population) == (3, 12)
    assert (groups.odds.hand, groups.odds.population) == (6, 16)
    assert plots.pool == "Talia Intryg" and groups.pool == "Talia Grup"
    assert odds["nwo"].first == 1 - Fraction(comb(10, 3), comb(12, 3))
    assert odds["resource"].first == 1 - Fraction(comb(12, 6), comb(16, 6))
    assert odds["personality"].first == 1 - Fraction(comb(12, 6), comb(16, 6))
    assert odds.redraws == 0 and odds["nwo"].redraw == odds["nwo"].first
    html = response.content.decode()
    assert html.count('class="odds-table"') == 2
    assert "Talia Intryg: 3 z 12 kart" in html and "Talia Grup: 6 z 16 kart" in html
    assert "dobiera ponownie" not in html


@pytest.mark.parametrize("seed", range(8))
def test_the_hand_is_three_plots_and_six_from_the_group_deck(client, inwo_deck, seed):
    response = client.get(url("deck-hand", inwo_deck, f"?seed={seed}"))
    assert response.status_code == 200
    kinds = [Card.objects.get(pk=pk).kind for pk in hand_ids(response)]
    assert len(kinds) == 9
    assert all(kind in PLOT_KINDS for kind in kinds[:3])
    assert all(kind in GROUP_KINDS for kind in kinds[3:])
    assert "illuminati" not in kinds
    html = response.content.decode()
    assert 'id="redraw"' not in html  # INWO's setup has no redraw
    assert "3 kart wylosowanych z: Talia Intryg (12 kart)." in html
    assert "6 kart wylosowanych z: Talia Grup (16 kart)." in html
    assert html.count('class="hand-part"') == 2


def test_a_small_plot_deck_is_drawn_whole_and_said_so(client, owner):
    plot = PlotFactory()
    group = GroupFactory()
    deck = services.deck_create(
        owner=owner, name="Mała", game="inwo", cards={plot.pk: 1, group.pk: 1}
    )
    client.force_login(owner)
    response = client.get(url("deck-hand", deck, "?seed=4"))
    assert sorted(hand_ids(response)) == sorted([plot.pk, group.pk])
    html = response.content.decode()
    assert "„Talia Intryg” ma tylko 1 kartę: ręka to wszystkie." in html


def test_the_deck_page_and_the_print_sheet_render(client, inwo_deck):
    page = client.get(inwo_deck.get_absolute_url())
    assert page.status_code == 200
    assert 'data-chart="alignments"' in page.content.decode()
    sheet = client.get(url("deck-print", inwo_deck))
    assert sheet.status_code == 200
    html = sheet.content.decode()
    assert "Bractwo Testowe" in html and "Grupa 00" in html and "Spisek 00" in html


def test_the_builder_searches_the_deck_s_game_in_its_own_words(client, owner):
    GroupFactory(name="Dyskordianie", alignments=["weird"])
    GroupFactory(name="Agencja", alignments=["government"])
    deck = services.deck_create(owner=owner, name="Budowana", game="inwo")
    client.force_login(owner)
    response = client.get(reverse("deck-edit", args=[deck.pk]), {"q": "charakter:zwariowany"})
    assert response.status_code == 200
    assert [card.name for card in response.context["search"].page] == ["Dyskordianie"]
    # Aniołowie's value is no INWO alignment: within INWO the query does not parse.
    response = client.get(reverse("deck-edit", args=[deck.pk]), {"q": "charakter:zły"})
    assert list(response.context["search"].page) == []
    assert response.context["search"].filterset.errors["q"]
