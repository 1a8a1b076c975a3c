"""A Dark Eden deck on the site: the leader apart, the rules' verdict, imports, stats and hand."""

import json
import re
from fractions import Fraction
from math import comb

import pytest
from django.core.management import call_command
from django.urls import reverse

from cardbase.models import Card
from decks import services
from decks.selectors.sheet import deck_sheet
from decks.transfer.dispatch import read_import
from decks.transfer.problems import ImportFailed
from tests.dark_eden_factories import (
    DarkEdenCardFactory,
    LeaderFactory,
    PlaceFactory,
    WarriorFactory,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def leader():
    return LeaderFactory(name="ASTINOU", affiliation="templars")


@pytest.fixture
def sixty(leader):
    """Twelve general warriors, five copies each: sixty cards; and one Crescentia place."""
    cards = {leader.pk: 1}
    for n in range(12):
        cards[WarriorFactory(name=f"WOJAK {n:02d}", consumes=["food"] if n % 2 else []).pk] = 5
    return cards


def deck_of(owner, cards, **kw):
    return services.deck_create(
        owner=owner, name="Templariusze", game="dark-eden", cards=cards, **kw
    )


def codes(deck):
    return [v["code"] for v in deck.verdict["violations"]]


def test_a_sixty_card_deck_around_a_leader_is_legal_and_the_leader_lies_apart(owner, sixty):
    deck = deck_of(owner, sixty)
    assert deck.verdict["valid"] is True and codes(deck) == []
    sections = {(line.card.name, line.section) for line in deck.entries.all()}
    assert ("ASTINOU", "leader") in sections
    assert {section for _name, section in sections} == {"leader", "deck"}


def test_the_total_counts_the_leader_as_the_target_beside_it_does(owner, sixty):
    # "Razem 61/60+" beside "Talia 60/60+" read as one card too many; in all, a deck holds its
    # sixty and its leader.
    deck = deck_of(owner, sixty)
    sheet = deck_sheet(deck, lang="pl")
    sections = {section.id: (section.count, section.expected) for section in sheet.sections}
    assert sections == {"leader": (1, "1"), "deck": (60, "60+")}
    assert (sheet.totals.all, sheet.totals.deck_size) == (61, "61+")


def test_every_rule_reaches_the_site(owner, sixty, leader):
    stranger = PlaceFactory(name="MECZET", affiliation="crescentia")
    first = next(pk for pk, n in sixty.items() if n == 5)
    deck = deck_of(owner, {**sixty, stranger.pk: 1, first: 6})
    assert codes(deck) == ["copy-limit", "affiliation"]
    assert deck.verdict["valid"] is False
    two_leaders = deck_of(owner, {**sixty, LeaderFactory(name="VERAGE").pk: 1})
    assert codes(two_leaders) == ["leader-count"]
    short = {pk: n for pk, n in sixty.items() if pk != leader.pk}
    short[first] = 4
    assert codes(deck_of(owner, short)) == ["leader-count", "deck-size"]


def test_the_builder_shows_the_leader_apart_and_the_copy_limit(client, owner, sixty):
    unlimited = WarriorFactory(name="REKRUT", unlimited=True)
    sixty[unlimited.pk] = 9
    deck = deck_of(owner, sixty)
    client.force_login(owner)
    response = client.get(reverse("deck-edit", args=[deck.pk]))
    body = response.content.decode()
    assert response.status_code == 200
    assert {"kind", "affiliation", "expansion", "tactics", "provides", "consumes"} <= set(
        [facet.name for facet in response.context["search"].facets]
    )
    assert "Przywódca" in body and "Talia" in body
    assert 'data-section="leader"' in body and 'data-section="deck"' in body
    assert '<span class="limit" title="limit kopii">/5</span>' in body
    assert '<span class="limit" title="limit kopii">/1</span>' in body  # the one leader
    assert deck.verdict["valid"] is True  # nine unlimited REKRUTs break nothing


def test_a_dark_eden_digital_deck_file_imports_by_name(owner, leader, sixty):
    names = [Card.objects.get(pk=pk).name for pk in sixty if pk != leader.pk]
    data = {
        "name": "Talia testowa",
        "faction": "DE",
        "author": "ktoś",
        "notes": "",
        "cards": [{"name": "Astinou", "count": 1}] + [{"name": n, "count": 5} for n in names],
    }
    imported = read_import("json", json.dumps(data), game="dark-eden")
    assert imported.game == "dark-eden"
    assert sum(imported.cards.values()) == 61
    assert imported.cards[(leader.pk, "leader")] == 1


def test_a_deck_file_reports_every_bad_entry_at_once(leader):
    data = {"cards": [{"name": "ASTINU", "count": 1}, {"name": "WOJAK", "count": 0}, {"count": 2}]}
    with pytest.raises(ImportFailed) as failed:
        read_import("json", json.dumps(data), game="dark-eden")
    problems = [(p.where, p.message) for p in failed.value.problems]
    assert problems[0][0] == "cards[0]" and "ASTINOU" in problems[0][1]  # did you mean
    assert problems[1][0] == "cards[1].count"
    assert problems[2][0] == "cards[2].name"


def test_a_name_the_card_editor_broke_over_two_lines_finds_the_card():
    card = DarkEdenCardFactory(name="BŁOGOSŁAWIEŃSTWO")
    data = {"cards": [{"name": "BŁOGOSŁA- WIEŃSTWO", "count": 2}]}
    imported = read_import("json", json.dumps(data), game="dark-eden")
    assert imported.cards == {(card.pk, "deck"): 2}


def test_the_sites_text_format_reads_counts_and_names(leader):
    rekrut = WarriorFactory(name="REKRUT", unlimited=True)
    imported = read_import("text", "1 Astinou\n3 REKRUT\n", game="dark-eden")
    assert imported.cards == {(leader.pk, "leader"): 1, (rekrut.pk, "deck"): 3}


def test_the_hand_is_seven_from_the_deck_with_the_gift_of_fate(client, owner, sixty):
    sixty[PlaceFactory(name="KOPALNIA").pk] = 5
    deck = deck_of(owner, sixty, visibility="public")
    response = client.get(reverse("deck-stats", args=[deck.pk]))
    odds = response.context["analysis"].odds
    (draw,) = odds.draws
    assert (draw.odds.hand, draw.odds.population, odds.redraws) == (7, 65, 1)
    place = 1 - Fraction(comb(60, 7), comb(65, 7))
    assert odds["place"].first == place
    assert odds["place"].redraw == 1 - (1 - place) ** 2
    charts = {c.key for c in response.context["analysis"].charts}
    assert {"kinds", "affiliations", "combat", "consumes"} <= charts
    assert "Dar Losu" in response.content.decode()
    hand = client.get(reverse("deck-hand", args=[deck.pk]) + "?seed=3").content.decode()
    first_hand = re.search(r'data-hand="first".*?</section>', hand, re.S).group(0)
    cards = [int(pk) for pk in re.findall(r'data-card="(\d+)"', first_hand)]
    assert len(cards) == 7
    assert all(Card.objects.get(pk=pk).kind != "leader" for pk in cards)
    assert 'id="redraw"' in hand


def test_import_deck_reads_a_deck_template_file_with_its_verdict(leader, sixty, tmp_path, capsys):
    names = [Card.objects.get(pk=pk).name for pk in sixty if pk != leader.pk]
    path = tmp_path / "krucjata.json"
    cards = [{"name": "ASTINOU", "count": 1}] + [{"name": n, "count": 5} for n in names[:-1]]
    path.write_text(json.dumps({"name": "Krucjata", "faction": "DE", "cards": cards}), "utf-8")
    call_command("import_deck", str(path), game="dark-eden", format="json", json=True, lang="en")
    printed = json.loads(capsys.readouterr().out)
    assert printed["game"] == "dark-eden"
    assert {(c["name"], c["section"]) for c in printed["cards"] if c["kind"] == "leader"} == {
        ("ASTINOU", "leader")
    }
    (size,) = printed["verdict"]["violations"]
    assert (size["code"], size["severity"]) == ("deck-size", "error")
    assert "this one has 55: add 5 cards" in size["message"]


def test_the_resource_chart_counts_cards_once_and_none_apart_from_unknown(client, owner, sixty):
    sixty[WarriorFactory(name="CZOŁG", consumes=["fuel", "fuel", "materials"]).pk] = 2
    sixty[WarriorFactory(name="ZJAWA", consumes=None).pk] = 1
    deck = deck_of(owner, sixty, visibility="public")
    response = client.get(reverse("deck-stats", args=[deck.pk]))
    consumes = next(c for c in response.context["analysis"].charts if c.key == "consumes")
    bars = {bar.key: bar.value for bar in consumes.bars}
    assert bars == {
        "gold": 0,
        "food": 30,
        "materials": 2,
        "fuel": 2,
        "none": 30,
        "unknown": 1,
    }
    # Two copies of a tank consuming fuel twice and materials: two cards, not six.
    assert consumes.total == 63
    combat = next(c for c in response.context["analysis"].charts if c.key == "combat")
    assert [bar.label for bar in combat.bars][:1] == ["4"]  # written as printed, no zero in front
