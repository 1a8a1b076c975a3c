"""A card page's related cards: by the attributes the game declares, never by a value most of
the game's cards hold, capped, with a link to the rest in the catalogue."""

import pytest
from django.urls import reverse

import rules
from cardbase.importers import import_cards
from cardbase.models import Card
from cardbase.selectors.card_page import RELATED_SHOWN, related_cards
from tests.dark_eden_factories import DarkEdenCardFactory, DarkEdenGameFactory, WarriorFactory
from tests.inwo_factories import GroupFactory, NwoFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def eden():
    """Dark Eden as its card list is: most cards general and costing 0, a few Templars."""
    DarkEdenGameFactory()
    DarkEdenCardFactory.create_batch(RELATED_SHOWN + 6, affiliation="general", starting_cost="0")
    templars = [
        WarriorFactory(name=f"TEMPLARIUSZ {n}", affiliation="templars", starting_cost=str(n % 3))
        for n in range(4)
    ]
    return templars


def _page(client, card, lang="pl"):
    client.cookies["django_language"] = lang
    return client.get(card.get_absolute_url())


def test_every_game_relates_cards_by_single_valued_choices_the_catalogue_filters_on():
    for game in rules.all_games():
        for key in game.related_by:
            attribute = game.schema.attribute(key)
            assert attribute is not None, (game.id, key)
            assert (attribute.type, attribute.multi, attribute.facet) == ("choice", False, True)


def test_a_dark_eden_card_lists_the_cards_of_its_affiliation_not_of_its_cost(client, eden):
    card, *others = eden
    response = _page(client, card)
    related = response.context["related"]
    assert [c.name for c in related.cards] == [c.name for c in others]
    body = response.content.decode()
    assert "Inne karty – przynależność: Templariusze" in body
    english = _page(client, card, "en").content.decode()
    assert "Other cards – affiliation: Templars" in english


def test_a_value_most_of_the_game_holds_relates_nothing(client, eden, django_assert_num_queries):
    general = Card.objects.filter(attributes__affiliation="general").first()
    url = general.get_absolute_url()
    # The version, the card, its sources, printings and rulings, the first cards sharing its
    # value and how many they are among the game's cards, and the changes that wrote its facts:
    # then nothing more is read.
    with django_assert_num_queries(8):
        response = client.get(url)
    assert response.context["related"] is None
    assert 'class="same-order"' not in response.content.decode()


def test_a_value_of_fewer_than_half_the_cards_is_capped_with_a_link_to_the_rest(client, eden):
    DarkEdenCardFactory.create_batch(RELATED_SHOWN + 2, affiliation="templars")
    card = eden[0]
    related = related_cards(card=card)
    assert (len(related.cards), related.others) == (RELATED_SHOWN, RELATED_SHOWN + 5)
    body = _page(client, card).content.decode()
    assert f"Zobacz w katalogu wszystkie {RELATED_SHOWN + 6} kart – przynależność" in body
    listed = client.get(f"{reverse('card-list')}?{related.query}&page_size=96")
    assert listed.context["page"].paginator.count == RELATED_SHOWN + 6


def test_an_nwo_card_lists_the_nwo_cards_of_its_colour_and_a_group_none(client):
    yellow = NwoFactory(name="Żółty 1", nwo_colour="yellow")
    NwoFactory(name="Żółty 2", nwo_colour="yellow")
    NwoFactory(name="Czerwony", nwo_colour="red")
    group = GroupFactory()
    related = _page(client, yellow).context["related"]
    assert [card.name for card in related.cards] == ["Żółty 2"]
    assert _page(client, group).context["related"] is None


def test_no_real_dark_eden_or_inwo_card_relates_to_most_of_its_game(
    inwo_carddata, dark_eden_cards_db
):
    DarkEdenGameFactory()
    NwoFactory.create()  # the INWO game's row
    Card.objects.all().delete()
    import_cards(game_slug="inwo", fmt="lackey", text_or_path=inwo_carddata)
    import_cards(game_slug="dark-eden", fmt="mse-json", text_or_path=dark_eden_cards_db)
    for game, count in (("dark-eden", 402), ("inwo", 768)):
        for card in Card.objects.filter(game__slug=game):
            related = related_cards(card=card)
            assert related is None or related.total <= count // 2, card.name
    alchemy = related_cards(card=Card.objects.get(game__slug="dark-eden", slug="alchemia"))
    assert (alchemy.value, alchemy.total) == (
        "Bractwo",
        Card.objects.filter(game__slug="dark-eden", attributes__affiliation="brotherhood").count(),
    )
