"""Two decks, or two versions of decks, compared: which cards only one holds, which both hold in
other numbers or alike, by section; each one's totals and verdict; who may compare what."""

import pytest
from django.urls import reverse

from decks import services
from decks.selectors.compare import CountPair, diff_counts
from decks.services.editing import deck_copy
from tests.caches import empty_caches
from tests.deck_world import DeckWorld
from tests.factories import AngelFactory, HumanFactory, UserFactory, legal_deck_cards
from tests.inwo_factories import GroupFactory, IlluminatiFactory, InwoGameFactory

COMPARE = reverse("deck-compare")
PRIVATE_OR_MISSING = "nie ma takiej talii albo jest prywatna"


# The diff of two {(card id, section id): count} maps, without a database.


def test_the_diff_splits_cards_by_where_they_lie_and_how_often():
    a = {(1, "zastep"): 2, (2, "zastep"): 1, (3, "zastep"): 1, (5, "humans"): 1}
    b = {(1, "zastep"): 2, (2, "zastep"): 3, (4, "zastep"): 2, (5, "humans"): 1}
    diff = diff_counts(a, b)
    assert diff.only_a == [CountPair(3, "zastep", 1, 0)]
    assert diff.only_b == [CountPair(4, "zastep", 0, 2)]
    assert diff.changed == [CountPair(2, "zastep", 1, 3)]
    assert diff.changed[0].delta == 2
    assert diff.same == [CountPair(1, "zastep", 2, 2), CountPair(5, "humans", 1, 1)]


def test_one_card_in_two_sections_is_two_lines():
    # An INWO Group may lead or lie among the groups: moved, it left one section for another.
    diff = diff_counts({(7, "lead"): 1}, {(7, "groups"): 1})
    assert diff.only_a == [CountPair(7, "lead", 1, 0)]
    assert diff.only_b == [CountPair(7, "groups", 0, 1)]
    assert diff.changed == diff.same == []


def test_the_diff_follows_the_order_given_and_ignores_zero_counts():
    a = {(1, "x"): 1, (2, "x"): 1, (3, "x"): 0}
    b = {(1, "x"): 1, (2, "x"): 1}
    names = {1: "Zeta", 2: "Alfa"}
    diff = diff_counts(a, b, order=lambda key: names.get(key[0], ""))
    assert [pair.card_id for pair in diff.same] == [2, 1]
    assert diff.only_a == []


def test_two_empty_decks_differ_in_nothing():
    assert diff_counts({}, {}) == diff_counts({}, {}, order=str)
    assert not any(vars(diff_counts({}, {})).values())


# The page.


@pytest.fixture
def author(db):
    return UserFactory(username="autorka")


@pytest.fixture
def base(author):
    """The cards of a legal Fallen deck, 46 in all."""
    return legal_deck_cards("fallen")


@pytest.fixture
def pair(author, base):
    """Two public decks of the author's: B drops an angel, adds two, has one intervention less
    and a human more (five humans: one too many)."""
    cards = dict(base)
    dropped, halved = next(iter(cards)), list(cards)[-1]
    added = AngelFactory(name="Nowy Anioł", faction="fallen", order="angels", level=3)
    human = HumanFactory(name="Dodatkowy Człowiek", alignment="good")
    b_cards = {**cards, added.pk: 2, human.pk: 1, halved: 1}
    del b_cards[dropped]
    deck_a = services.deck_create(
        owner=author,
        name="Upadli A",
        options={"faction": "fallen"},
        visibility="public",
        cards=cards,
    )
    deck_b = services.deck_create(
        owner=author,
        name="Upadli B",
        options={"faction": "fallen"},
        visibility="unlisted",
        cards=b_cards,
    )
    return deck_a, deck_b, {"dropped": dropped, "halved": halved, "added": added, "human": human}


def compare(client, status=200, **params):
    response = client.get(COMPARE, params)
    assert response.status_code == status, response.content.decode()[:500]
    return response


def named(lines):
    return [(line.card.name, line.a, line.b) for line in lines]


def section(comparison, section_id):
    return next(s for s in comparison.sections if s.id == section_id)


def test_the_page_shows_each_group_with_both_counts(client, pair, base):
    deck_a, deck_b, cards = pair
    response = compare(client, a=deck_a.pk, b=deck_b.pk)
    comparison = response.context["comparison"]
    assert comparison.same_game
    assert [s.id for s in comparison.sections] == ["zastep", "humans"]
    host, humans = section(comparison, "zastep"), section(comparison, "humans")
    dropped = deck_a.entries.get(card_id=cards["dropped"]).card
    halved = deck_a.entries.get(card_id=cards["halved"]).card
    assert named(host.only_a) == [(dropped.name, 1, 0)]
    assert named(host.only_b) == [("Nowy Anioł", 0, 2)]
    assert named(host.changed) == [(halved.name, 2, 1)]
    assert len(host.same) == len(base) - 4 - 2 and humans.only_a == humans.changed == []
    assert named(humans.only_b) == [("Dodatkowy Człowiek", 0, 1)]
    assert len(humans.same) == 4
    assert (host.a, host.b, humans.a, humans.b) == (42, 42, 4, 5)
    # The same values on the page, each card with both its counts.
    html = response.content.decode()
    assert f'data-card="{cards["added"].pk}" data-a="0" data-b="2"' in html
    assert f'data-card="{halved.pk}" data-a="2" data-b="1"' in html
    assert f'data-card="{dropped.pk}" data-a="1" data-b="0"' in html
    assert 'data-only-a="1" data-only-b="2" data-changed="1"' in html
    assert "Upadli A" in html and "Upadli B" in html


def test_each_decks_totals_and_verdict_stand_side_by_side(client, pair):
    deck_a, deck_b, _cards = pair
    comparison = compare(client, a=deck_a.pk, b=deck_b.pk).context["comparison"]
    assert comparison.a.sheet.totals.all == 46 and comparison.b.sheet.totals.all == 47
    assert comparison.a.sheet.verdict["valid"] is True
    assert comparison.b.sheet.verdict["valid"] is False  # five humans where four are asked
    assert len(comparison.b.sheet.verdict_errors) >= 1
    html = compare(client, a=deck_a.pk, b=deck_b.pk).content.decode()
    assert 'data-side="a" data-valid="true" data-errors="0"' in html
    assert 'data-side="b" data-valid="false"' in html


def test_a_deck_compared_with_itself_differs_in_nothing(client, pair, base):
    deck_a, _deck_b, _cards = pair
    comparison = compare(client, a=deck_a.pk, b=deck_a.pk).context["comparison"]
    assert comparison.only_a == comparison.only_b == comparison.changed == []
    assert {line.card.pk: (line.a, line.b) for line in comparison.same} == {
        card_id: (count, count) for card_id, count in base.items()
    }
    html = compare(client, a=deck_a.pk, b=deck_a.pk).content.decode()
    assert "Obie talie mają te same karty w tej samej liczbie kopii." in html


def test_sides_swap_with_one_link(client, pair):
    deck_a, deck_b, _cards = pair
    html = compare(client, a=deck_a.pk, b=deck_b.pk).content.decode()
    assert f'href="{COMPARE}?a={deck_b.pk}&amp;b={deck_a.pk}"' in html


def test_a_deck_may_be_named_by_its_address(client, pair):
    deck_a, deck_b, _cards = pair
    address = f"https://example.org/decks/{deck_b.pk}/history/?page=2"
    comparison = compare(client, a=str(deck_a.pk).upper(), b=address).context["comparison"]
    assert comparison.b.deck == deck_b


def test_without_decks_the_page_offers_its_form(client, db):
    response = compare(client)
    assert response.context.get("comparison") is None
    html = response.content.decode()
    assert 'name="a"' in html and 'name="b"' in html and "compare-faults" not in html


@pytest.mark.parametrize(
    ("params", "fault"),
    [
        ({"b": "{a}"}, "Talia A: Podaj adres talii albo jej identyfikator."),
        ({"a": "{a}"}, "Talia B: Podaj adres talii albo jej identyfikator."),
        ({"a": "{a}", "b": "talia-123"}, "Talia B: To nie jest adres ani identyfikator talii"),
        ({"a": "{a}", "b": "{a}", "av": "0"}, "Wersja talii A:"),
        ({"a": "{a}", "b": "{a}", "bv": "dwa"}, "Wersja talii B:"),
        ({"a": "{a}", "b": "{a}", "av": "9" * 30}, "Wersja talii A:"),
        ({"a": "{a}", "b": "{a}", "av": "-1"}, "Wersja talii A:"),
        ({"a": "{a}\x00", "b": "{a}"}, "Talia A:"),
    ],
)
def test_malformed_input_is_a_400_naming_the_fault(client, pair, params, fault):
    deck_a = pair[0]
    query = {key: value.replace("{a}", str(deck_a.pk)) for key, value in params.items()}
    response = compare(client, 400, **query)
    assert fault in response.content.decode()
    assert response.context.get("comparison") is None


def test_every_fault_is_named_at_once(client, db):
    faults = compare(client, 400, a="x", b="y", av="0").context["faults"]
    assert [fault.split(":")[0] for fault in faults] == ["Talia A", "Talia B", "Wersja talii A"]


def test_another_players_private_deck_is_as_absent_as_a_missing_one(client, pair, author):
    deck_a = pair[0]
    secret = services.deck_create(
        owner=author, name="Sekretna Talia", options={"faction": "lord"}, cards={}
    )
    client.force_login(UserFactory(username="obcy"))
    private = compare(client, 404, a=deck_a.pk, b=secret.pk)
    missing = compare(client, 404, a=deck_a.pk, b="00000000-0000-4000-8000-000000000000")
    assert private.context["faults"] == missing.context["faults"]
    assert private.context["faults"] == [f"Talia B: {PRIVATE_OR_MISSING}."]
    assert "Sekretna Talia" not in private.content.decode()
    # Its owner compares it.
    client.force_login(author)
    assert compare(client, a=deck_a.pk, b=secret.pk).context["comparison"].b.deck == secret


def test_an_anonymous_visitor_compares_public_and_unlisted_decks(client, pair):
    deck_a, deck_b, _cards = pair
    assert compare(client, a=deck_b.pk, b=deck_a.pk).context["comparison"].a.deck == deck_b


# Versions.


@pytest.fixture
def evolving(author):
    """A deck made private with an angel, shared in version 2 with a human added, and changed
    in version 3 (the angel twice, the human gone)."""
    angel, human = AngelFactory(name="Stały Anioł"), HumanFactory(name="Ulotny Człowiek")
    deck = services.deck_create(
        owner=author, name="Zmienna", options={"faction": "lord"}, cards={angel.pk: 1}
    )
    deck = services.deck_update(
        deck=deck,
        expected_version=1,
        name="Zmienna jawna",
        visibility="public",
        cards={angel.pk: 1, human.pk: 1},
    )
    deck = services.deck_update(deck=deck, expected_version=2, cards={angel.pk: 2})
    return deck, angel, human


def test_a_version_compares_with_the_deck_as_it_is_now(client, evolving):
    deck, angel, human = evolving
    comparison = compare(client, a=deck.pk, av=2, b=deck.pk).context["comparison"]
    assert comparison.a.version.number == 2 and not comparison.a.is_current
    assert comparison.b.version is None and comparison.b.is_current
    assert named(section(comparison, "zastep").changed) == [("Stały Anioł", 1, 2)]
    assert named(section(comparison, "humans").only_a) == [("Ulotny Człowiek", 1, 0)]
    assert comparison.a.name == "Zmienna jawna"
    # A past version is judged as the rules judge it today.
    assert comparison.a.sheet.verdict["valid"] is False


def test_two_versions_of_one_deck_compare(client, evolving, author):
    deck, _angel, human = evolving
    client.force_login(author)
    comparison = compare(client, a=deck.pk, av=1, b=deck.pk, bv=2).context["comparison"]
    assert named(section(comparison, "humans").only_b) == [("Ulotny Człowiek", 0, 1)]
    assert comparison.a.name == "Zmienna" and comparison.b.name == "Zmienna jawna"
    html = compare(client, a=deck.pk, av=1, b=deck.pk, bv=2).content.decode()
    assert 'data-version="1"' in html and 'data-version="2"' in html


def test_the_newest_version_is_the_deck_as_it_is(client, evolving):
    deck = evolving[0]
    comparison = compare(client, a=deck.pk, av=deck.version, b=deck.pk).context["comparison"]
    assert comparison.a.is_current and comparison.a.sheet.verdict == comparison.b.sheet.verdict
    assert comparison.only_a == comparison.only_b == comparison.changed == []


def test_a_version_before_the_deck_was_shared_is_the_owners_alone(client, evolving, author):
    deck = evolving[0]
    hidden = compare(client, 404, a=deck.pk, av=1, b=deck.pk)
    never = compare(client, 404, a=deck.pk, av=99, b=deck.pk)
    assert hidden.context["faults"] == [
        "Talia A nie ma wersji o numerze 1 albo ta wersja nie jest widoczna."
    ]
    assert never.context["faults"] == [
        "Talia A nie ma wersji o numerze 99 albo ta wersja nie jest widoczna."
    ]
    assert "Zmienna" not in hidden.content.decode()
    client.force_login(author)
    assert compare(client, a=deck.pk, av=1, b=deck.pk).context["comparison"].a.name == "Zmienna"


def test_a_version_of_a_card_no_longer_in_the_catalogue_is_counted_apart(client, evolving):
    deck, _angel, _human = evolving
    version = deck.versions.get(number=2)
    version.cards = {**version.cards, "999999:zastep": 3}
    version.save()
    comparison = compare(client, a=deck.pk, av=2, b=deck.pk).context["comparison"]
    assert comparison.a.lost == 3 and comparison.a.sheet.totals.all == 2


# Decks of two games.


def test_decks_of_two_games_are_only_listed_side_by_side(client, pair, author):
    deck_a = pair[0]
    InwoGameFactory()
    group = GroupFactory(name="Grupa Porównana")
    inwo = services.deck_create(
        owner=author,
        name="Spisek",
        game="inwo",
        visibility="public",
        cards={IlluminatiFactory().pk: 1, group.pk: 2},
    )
    response = compare(client, a=deck_a.pk, b=inwo.pk)
    comparison = response.context["comparison"]
    assert not comparison.same_game and comparison.sections == []
    html = response.content.decode()
    assert "Te talie są z różnych gier (Aniołowie i Illuminati: New World Order)" in html
    assert f'data-card="{group.pk}" data-count="2"' in html
    assert 'class="compare-list" data-side="a"' in html and 'data-side="b"' in html


# Where the comparison is linked from.


def test_a_fork_links_to_its_comparison_with_the_original(client, pair, author):
    deck_a = pair[0]
    fork = deck_copy(deck=deck_a, owner=UserFactory(username="kopista"))
    fork = services.deck_update(deck=fork, expected_version=1, visibility="public")
    html = client.get(fork.get_absolute_url()).content.decode()
    assert f'href="{COMPARE}?a={deck_a.pk}&amp;b={fork.pk}">Porównaj z oryginałem</a>' in html
    assert "Porównaj z oryginałem" not in client.get(deck_a.get_absolute_url()).content.decode()


def test_a_fork_of_an_unlisted_deck_does_not_link_to_it(client, pair):
    unlisted = pair[1]
    fork = deck_copy(deck=unlisted, owner=UserFactory(username="kopista"))
    fork = services.deck_update(deck=fork, expected_version=1, visibility="public")
    html = client.get(fork.get_absolute_url()).content.decode()
    assert "Porównaj z oryginałem" not in html and str(unlisted.pk) not in html


def test_every_deck_page_offers_to_compare_with_another_deck(client, pair):
    deck_a = pair[0]
    html = client.get(deck_a.get_absolute_url()).content.decode()
    assert f'action="{COMPARE}"' in html
    assert f'<input type="hidden" name="a" value="{deck_a.pk}">' in html
    assert 'name="b"' in html and "Porównaj z inną talią" in html


def test_the_history_links_each_version_to_the_current_one_and_to_the_previous(
    client, evolving, author
):
    deck = evolving[0]
    client.force_login(author)
    html = client.get(reverse("deck-history", args=[deck.pk])).content.decode()
    prefix = f"{COMPARE}?a={deck.pk}&amp;av="
    assert f'href="{prefix}2&amp;b={deck.pk}" data-compare="current"' in html
    assert f'href="{prefix}1&amp;b={deck.pk}" data-compare="current"' in html
    assert f'href="{prefix}3&amp;b={deck.pk}" data-compare="current"' not in html
    assert f'href="{prefix}2&amp;b={deck.pk}&amp;bv=3" data-compare="previous"' in html
    assert f'href="{prefix}1&amp;b={deck.pk}&amp;bv=2" data-compare="previous"' in html
    assert html.count('data-compare="previous"') == 2


def test_others_get_no_link_to_a_version_before_the_deck_was_shared(client, evolving):
    deck = evolving[0]
    html = client.get(reverse("deck-history", args=[deck.pk])).content.decode()
    assert html.count('data-compare="previous"') == 1  # version 3 against 2; 2 has none
    assert "av=1" not in html


# Queries.


def test_the_page_costs_the_same_queries_at_twice_the_cards(client, db, django_assert_num_queries):
    world = DeckWorld()
    for size in (2, 4):
        world.grow(size - world.size)
        other = world.players[0].decks.get(visibility="public")
        address = f"{COMPARE}?a={world.deck.pk}&b={other.pk}"
        empty_caches()
        # The decks, their cards, the cards' rows.
        with django_assert_num_queries(3):
            assert client.get(address).status_code == 200
        # A version costs one query more.
        with django_assert_num_queries(4):
            assert client.get(f"{address}&av=1").status_code == 200
