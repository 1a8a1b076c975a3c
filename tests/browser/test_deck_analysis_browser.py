"""Deck analysis in a real browser: from the deck page to a sample hand, a redraw, the print sheet."""

import re

import pytest
from playwright.sync_api import expect

from decks import services
from tests.factories import GameFactory, UserFactory, legal_deck_cards

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def deck():
    GameFactory()
    return services.deck_create(
        owner=UserFactory(username="autor"),
        name="Zastępy Pana",
        options={"faction": "lord"},
        visibility="public",
        cards=legal_deck_cards("lord"),
    )


def expect_seven_loaded_cards(page, hand="first"):
    images = page.locator(f'[data-hand="{hand}"] .hand-card img')
    expect(images).to_have_count(7)
    for index in range(7):
        # Every face is a real image that loaded (the generated face when there is no scan).
        image = images.nth(index)
        image.scroll_into_view_if_needed()
        expect(image).to_have_js_property("complete", True)
        assert image.evaluate("img => img.naturalWidth") > 0


def test_sample_hand_redraw_and_print_sheet(page, deck):
    page.goto(deck.get_absolute_url())
    expect(page.locator('figure[data-chart="ladder"] svg')).to_be_visible()

    page.get_by_role("link", name="Przykładowa ręka").first.click()
    expect(page.get_by_role("heading", name="Przykładowa ręka startowa")).to_be_visible()
    expect_seven_loaded_cards(page)
    angel_odds = page.locator('aside [data-odds="angel"] [data-value="first"]')
    expect(angel_odds).to_have_text("99,9%")
    expect(page.locator('aside [data-odds="every_choir"] [data-value="first"]')).to_have_text(
        "45,1%"
    )

    before = page.url
    page.get_by_role("link", name="Losuj ponownie").click()
    expect(page).not_to_have_url(before)
    expect(page).to_have_url(re.compile(r"/hand/\?seed=\d+$"))
    expect_seven_loaded_cards(page)

    page.get_by_role("link", name="Odłóż rękę i dobierz jeszcze raz").click()
    expect(page).to_have_url(re.compile(r"redraw=1"))
    expect_seven_loaded_cards(page, "second")
    expect(page.get_by_role("link", name="Odłóż rękę i dobierz jeszcze raz")).to_have_count(0)

    page.get_by_role("link", name="Arkusz do druku").click()
    expect(page.get_by_role("heading", name="Zastępy Pana", level=1)).to_be_visible()
    expect(page.locator('[data-total="all"]')).to_have_text("46")
    expect(page.locator(".screen-only")).to_be_visible()
    page.emulate_media(media="print")
    expect(page.locator(".screen-only")).to_be_hidden()
    expect(page.locator('tbody[data-rung="seraphim"]')).to_be_visible()
