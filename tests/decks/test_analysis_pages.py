"""Deck statistics, sample hands and the print sheet: numbers, draws and who may see them."""

import re
from fractions import Fraction
from math import comb

import pytest
from django.conf import settings
from django.urls import reverse

from cardbase.models import Card
from decks import charts, services
from tests.factories import (
    AngelFactory,
    HumanFactory,
    InterventionFactory,
    legal_deck_cards,
)

pytestmark = pytest.mark.django_db

PAGES = ["deck-stats", "deck-hand", "deck-print"]
LORD_ORDERS = [
    "angels",
    "archangels",
    "principalities",
    "virtues",
    "powers",
    "dominions",
    "cherubim",
    "seraphim",
]


@pytest.fixture
def cards():
    return legal_deck_cards("lord")


@pytest.fixture
def deck(owner, cards):
    return services.deck_create(
        owner=owner,
        name="Chóry Pana",
        options={"faction": "lord"},
        visibility="public",
        cards=cards,
    )


def url(name, deck, query=""):
    return reverse(name, args=[deck.pk]) + query


def chart(response, key):
    return next(c for c in response.context["analysis"].charts if c.key == key)


def values(chart_):
    return {bar.key: bar.value for bar in chart_.bars}


def hand_ids(response, which="first"):
    hand = response.context["hand"]
    return [card.pk for card in getattr(hand, which)]


# --- statistics ---------------------------------------------------------------------------------


def test_the_stats_match_the_deck(client, deck):
    response = client.get(url("deck-stats", deck))
    assert response.status_code == 200
    ladder = chart(response, "ladder")
    assert values(ladder) == {**{order: 3 for order in LORD_ORDERS}, "thrones": 0}
    # The highest order is drawn first (top), Angels (03) last (bottom).
    assert [bar.key for bar in ladder.bars][0] == "thrones"
    assert [bar.key for bar in ladder.bars][-1] == "angels"
    assert values(chart(response, "kinds")) == {"angel": 24, "intervention": 18, "human": 4}
    assert values(chart(response, "choirs")) == {"I": 6, "II": 9, "III": 9, "unknown": 0}
    levels = values(chart(response, "levels"))
    assert levels == {**{str(level): 3 for level in range(3, 11)}, "11": 0, "unknown": 0}
    # The factories leave every colour unknown; that shows, it is not guessed.
    assert values(chart(response, "colours")) == {
        "gold": 0,
        "red": 0,
        "blue": 0,
        "black": 0,
        "white": 0,
        "unknown": 24,
    }
    totals = response.context["sheet"].totals
    assert (totals.all, totals.sections["zastep"], totals.kinds["angel"]) == (46, 42, 24)


def test_the_ladder_svg_has_a_bar_for_each_order_present(client, deck):
    html = client.get(url("deck-stats", deck)).content.decode()
    svg = re.search(r'<svg[^>]*data-chart="ladder".*?</svg>', html, re.S).group(0)
    for order in LORD_ORDERS:
        assert f'data-bar="{order}" data-value="3"' in svg
    assert 'data-bar="thrones"' not in svg  # an empty rung has a label but no bar
    assert "<title" in svg and "<desc" in svg


def test_every_chart_is_accessible_with_title_desc_and_a_table_of_the_numbers(client, deck):
    html = client.get(url("deck-stats", deck)).content.decode()
    svgs = re.findall(r"<svg.*?</svg>", html, re.S)
    assert len(svgs) == 5
    for svg in svgs:
        assert 'role="img"' in svg and "<title id=" in svg and "<desc id=" in svg
    assert html.count('<table class="visually-hidden">') == 5
    assert re.search(r'<tr data-row="seraphim"><th scope="row">[^<]+</th><td>3</td>', html)


def test_colour_bars_use_the_card_colours(client, owner):
    gold = AngelFactory(color="gold")
    white = AngelFactory(color="white")
    deck = services.deck_create(
        owner=owner, name="Kolory", options={"faction": "lord"}, cards={gold.pk: 2, white.pk: 1}
    )
    client.force_login(owner)
    response = client.get(url("deck-stats", deck))
    assert values(chart(response, "colours"))["gold"] == 2
    svg = chart(response, "colours").svg
    assert 'data-bar="gold" data-value="2"' in svg and 'fill="#c9a227"' in svg
    assert 'data-bar="white" data-value="1"' in svg


def test_gaps_in_the_ladder_are_marked(client, owner):
    low = AngelFactory(order="angels", level=3)
    high = AngelFactory(order="powers", level=7)
    deck = services.deck_create(
        owner=owner, name="Luki", options={"faction": "lord"}, cards={low.pk: 1, high.pk: 1}
    )
    client.force_login(owner)
    ladder = chart(client.get(url("deck-stats", deck)), "ladder")
    gaps = [bar.key for bar in ladder.bars if bar.gap]
    assert gaps == ["virtues", "principalities", "archangels"]
    assert ladder.svg.count('class="row gap"') == 3


def test_angels_of_unknown_order_count_as_angels_and_toward_no_choir(client, owner):
    known = AngelFactory(order="angels", level=3)
    unknown = AngelFactory(order="", level=None)
    deck = services.deck_create(
        owner=owner,
        name="Nieznane",
        options={"faction": "lord"},
        cards={known.pk: 1, unknown.pk: 2},
    )
    client.force_login(owner)
    response = client.get(url("deck-stats", deck))
    assert values(chart(response, "choirs")) == {"I": 0, "II": 0, "III": 1, "unknown": 2}
    assert values(chart(response, "levels"))["unknown"] == 2
    analysis = response.context["analysis"]
    assert analysis.unplaced == 2
    assert analysis.odds["angel"].first == 1  # 3 cards, all angels, drawn whole
    # Polish counts 2 as "karty", not "kart".
    assert "2 karty bez znanego szczebla (zakon) liczą się" in response.content.decode()


def test_an_angel_of_unknown_order_completes_no_choir_in_the_odds(client, owner):
    # Drawn whole, an angel of each choir would complete them all; the unknown one does not.
    cards = [
        AngelFactory(order="cherubim", level=9),
        AngelFactory(order="virtues", level=6),
        AngelFactory(order="", level=None),
    ]
    deck = services.deck_create(
        owner=owner, name="Bez III", options={"faction": "lord"}, cards={c.pk: 1 for c in cards}
    )
    client.force_login(owner)
    odds = client.get(url("deck-stats", deck)).context["analysis"].odds
    assert (odds["angel"].first, odds["every_choir"].first) == (1, 0)


def test_the_stats_show_the_exact_odds(client, deck):
    response = client.get(url("deck-stats", deck))
    odds = response.context["analysis"].odds
    assert odds["angel"].first == 1 - Fraction(comb(18, 7), comb(42, 7))
    assert odds["every_choir"].first == Fraction(26019, 57646)
    html = response.content.decode()
    row = re.search(r'<tr data-odds="every_choir">.*?</tr>', html, re.S).group(0)
    assert "45,1%" in row and "69,9%" in row and 'title="26019/57646"' in row
    # One redraw makes an angel all but certain; it still does not read as a certainty.
    row = re.search(r'<tr data-odds="angel">.*?</tr>', html, re.S).group(0)
    assert "&gt;\u00a099,9%" in row and "100%" not in row


@pytest.mark.parametrize(
    ("chance", "shown"),
    [
        (Fraction(0), "0%"),
        (Fraction(1), "100%"),
        (Fraction(1, 100_000), "<\u00a00,1%"),
        (Fraction(99_999, 100_000), ">\u00a099,9%"),
        (Fraction(1, 8), "12,5%"),
    ],
)
def test_chances_read_as_percentages(chance, shown):
    from decks.templatetags.deck_analysis import percent

    assert percent(chance) == shown


def test_chart_text_is_escaped():
    svg = charts.horizontal_bars(
        key='k"<',
        title="<script>alert(1)</script>",
        desc="a & b",
        bars=[charts.Bar(label="<b>x</b>", value=1, key="<i>")],
    ).svg
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    assert "<b>" not in svg and "&lt;b&gt;x&lt;/b&gt;" in svg
    assert "a &amp; b" in svg and 'data-chart="k&quot;&lt;"' in svg


def test_the_deck_page_embeds_the_stats_and_links_the_tools(client, deck):
    html = client.get(deck.get_absolute_url()).content.decode()
    for name in PAGES:
        assert f'href="{url(name, deck)}"' in html
    assert 'data-chart="ladder"' in html and "decks-analysis.css" in html


# --- sample hand --------------------------------------------------------------------------------


def test_the_hand_is_seven_cards_of_the_zastep_never_a_human(client, deck, cards):
    host = {pk: count for pk, count in cards.items() if Card.objects.get(pk=pk).kind != "human"}
    for seed in range(25):
        response = client.get(url("deck-hand", deck, f"?seed={seed}"))
        ids = hand_ids(response)
        assert len(ids) == 7
        assert all(pk in host for pk in ids)
        assert all(ids.count(pk) <= host[pk] for pk in ids)  # no more copies than the deck has
        assert response.context["hand"].population == 42
    html = response.content.decode()
    assert html.count('class="hand-card"') == 7


def test_a_seed_gives_the_same_hand(client, deck):
    first = hand_ids(client.get(url("deck-hand", deck, "?seed=1234")))
    again = hand_ids(client.get(url("deck-hand", deck, "?seed=1234")))
    assert first == again
    others = {tuple(hand_ids(client.get(url("deck-hand", deck, f"?seed={s}")))) for s in range(5)}
    assert len(others) > 1


def test_draw_again_links_to_a_fresh_seed(client, deck):
    response = client.get(url("deck-hand", deck, "?seed=7"))
    html = response.content.decode()
    link = re.search(r'id="draw-again" href="([^"]+)"', html).group(1)
    assert link == url("deck-hand", deck, f"?seed={response.context['next_seed']}")
    # A hand without a seed still works, with one chosen and shown for a permanent link.
    response = client.get(url("deck-hand", deck))
    assert response.status_code == 200 and len(hand_ids(response)) == 7
    assert f"?seed={response.context['hand'].seed}" in response.content.decode()


def test_redraw_once_keeps_the_first_hand_and_draws_seven_more(client, deck):
    plain = client.get(url("deck-hand", deck, "?seed=99"))
    assert f'id="redraw" href="{url("deck-hand", deck, "?seed=99&amp;redraw=1")}"' in (
        plain.content.decode()
    )
    redrawn = client.get(url("deck-hand", deck, "?seed=99&redraw=1"))
    assert hand_ids(redrawn) == hand_ids(plain)
    second = hand_ids(redrawn, "second")
    assert len(second) == 7
    html = redrawn.content.decode()
    assert 'data-hand="second"' in html
    assert 'id="redraw"' not in html  # the rulebook allows one redraw only


def test_the_hand_page_shows_the_odds_as_percentages(client, deck):
    html = client.get(url("deck-hand", deck, "?seed=1")).content.decode()
    row = re.search(r'<tr data-odds="angel">.*?</tr>', html, re.S).group(0)
    assert "99,9%" in row and 'title="28789/28823"' in row
    assert 'data-odds="every_choir"' in html and 'data-odds="intervention"' in html


def test_a_zastep_under_seven_cards_is_drawn_whole(client, owner):
    angel = AngelFactory()
    intervention = InterventionFactory(faction="lord")
    human = HumanFactory(alignment="good")
    deck = services.deck_create(
        owner=owner,
        name="Mała",
        options={"faction": "lord"},
        cards={angel.pk: 2, intervention.pk: 1, human.pk: 1},
    )
    client.force_login(owner)
    response = client.get(url("deck-hand", deck, "?seed=3&redraw=1"))
    assert sorted(hand_ids(response)) == sorted([angel.pk, angel.pk, intervention.pk])
    assert len(hand_ids(response, "second")) == 3
    assert response.context["odds"]["angel"].first == 1


def test_an_empty_deck_has_no_hand(client, owner):
    deck = services.deck_create(owner=owner, name="Pusta", options={"faction": "fallen"})
    client.force_login(owner)
    response = client.get(url("deck-hand", deck))
    assert response.status_code == 200 and hand_ids(response) == []
    assert 'id="redraw"' not in response.content.decode()
    assert client.get(url("deck-stats", deck)).status_code == 200
    assert client.get(url("deck-print", deck)).status_code == 200


def test_the_hand_page_needs_few_queries(client, deck, django_assert_max_num_queries):
    with django_assert_max_num_queries(12):
        response = client.get(url("deck-hand", deck, "?seed=5&redraw=1"))
    assert response.status_code == 200
    assert len(hand_ids(response)) == len(hand_ids(response, "second")) == 7
    host = set(deck.entries.exclude(card__kind="human").values_list("card_id", flat=True))
    assert set(hand_ids(response)) | set(hand_ids(response, "second")) <= host
    html = response.content.decode()
    assert 'data-hand="first"' in html and 'data-hand="second"' in html


def zastep_of(owner, size):
    """A deck whose ZASTĘP is `size` distinct cards, one copy each, and one human beside."""
    angels = [AngelFactory(name=f"Anioł {n}", order="angels") for n in range(size)]
    cards = {angel.pk: 1 for angel in angels} | {HumanFactory().pk: 1}
    deck = services.deck_create(
        owner=owner, name="Zastęp", options={"faction": "lord"}, cards=cards
    )
    return deck, {angel.pk for angel in angels}


@pytest.mark.parametrize("seed", [0, 1, 7, 12345])
def test_a_redraw_of_a_seven_card_zastep_is_the_whole_zastep_again(client, owner, seed):
    deck, host = zastep_of(owner, 7)
    client.force_login(owner)
    response = client.get(url("deck-hand", deck, f"?seed={seed}&redraw=1"))
    assert response.status_code == 200
    # The first hand takes every card; drawn from what is left, the second would be empty.
    assert sorted(hand_ids(response)) == sorted(host)
    assert sorted(hand_ids(response, "second")) == sorted(host)


@pytest.mark.parametrize("seed", range(10))
def test_the_redraw_draws_from_the_full_zastep_not_from_what_is_left(client, owner, seed):
    deck, host = zastep_of(owner, 10)
    client.force_login(owner)
    response = client.get(url("deck-hand", deck, f"?seed={seed}&redraw=1"))
    first, second = hand_ids(response), hand_ids(response, "second")
    assert len(first) == len(second) == 7
    assert len(set(first)) == len(set(second)) == 7 and set(second) <= host
    # Two hands of 7 from the same 10 cards share at least 4; from the 3 left, none at all.
    assert len(set(first) & set(second)) >= 4


# --- print sheet --------------------------------------------------------------------------------


def test_the_print_sheet_lists_the_deck_grouped(client, deck, owner):
    response = client.get(url("deck-print", deck))
    html = response.content.decode()
    assert "Chóry Pana" in html and owner.username in html and "Aniołowie Pana" in html
    for order in LORD_ORDERS:
        assert f'<tbody data-rung="{order}">' in html
    assert 'data-rung="thrones"' not in html
    assert re.search(r'data-total="all">46<', html) and re.search(r'data-total="zastep">42<', html)
    assert 'data-valid="true"' in html
    assert 'class="site-header"' not in html and "<nav" not in html  # no site chrome
    css = (settings.BASE_DIR / "static" / "css" / "decks-analysis.css").read_text(encoding="utf-8")
    assert "@media print" in css and "decks-analysis.css" in html


def test_the_print_sheet_shows_faults(client, owner):
    angel = AngelFactory(order="powers", level=7)
    deck = services.deck_create(
        owner=owner, name="Zła", options={"faction": "lord"}, cards={angel.pk: 1}
    )
    client.force_login(owner)
    html = client.get(url("deck-print", deck)).content.decode()
    assert 'data-valid="false"' in html and 'data-code="deck-size"' in html


# --- who may see what ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", PAGES)
def test_a_private_deck_of_another_player_is_404_on_every_page(client, owner, stranger, name):
    deck = services.deck_create(owner=owner, name="Tajna", options={"faction": "lord"})
    client.force_login(stranger)
    assert client.get(url(name, deck)).status_code == 404
    client.logout()
    assert client.get(url(name, deck)).status_code == 404
    client.force_login(owner)
    assert client.get(url(name, deck)).status_code == 200


@pytest.mark.parametrize("name", PAGES)
@pytest.mark.parametrize("visibility", ["public", "unlisted"])
def test_anyone_opens_the_pages_of_a_shared_deck(client, owner, name, visibility):
    deck = services.deck_create(
        owner=owner, name="Wspólna", options={"faction": "lord"}, visibility=visibility
    )
    assert client.get(url(name, deck)).status_code == 200


@pytest.mark.parametrize("name", PAGES)
def test_the_pages_only_answer_get(client, deck, name):
    assert client.post(url(name, deck)).status_code == 405
