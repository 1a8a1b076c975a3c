"""Comparing two decks on a phone: from a deck's page to both counts of each differing card,
the page no wider than the screen."""

import pytest
from playwright.sync_api import expect

from decks import services
from tests.factories import AngelFactory, GameFactory, HumanFactory, UserFactory, legal_deck_cards

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG_NAME = "Anioł Stróż Najdłuższego Imienia Jakie Tylko Mogło Się Zmieścić Na Karcie"


def page_width(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def test_compare_two_decks_on_a_phone(mobile_page, live_server):
    GameFactory()
    author = UserFactory(username="autorka")
    cards = legal_deck_cards("fallen")
    halved, dropped = list(cards)[-1], next(iter(cards))
    added = AngelFactory(name=LONG_NAME, faction="fallen", order="angels", level=3)
    human = HumanFactory(name="Dodatkowy Człowiek", alignment="evil", edition_symbol="empty")
    mine = services.deck_create(
        owner=author, name="Upadli", options={"faction": "fallen"}, visibility="public", cards=cards
    )
    variant = {**cards, halved: 1, added.pk: 2, human.pk: 1}
    del variant[dropped]
    theirs = services.deck_create(
        owner=UserFactory(username="rywal"),
        name="Upadli, wariant z bardzo długą nazwą talii do porównania",
        options={"faction": "fallen"},
        visibility="unlisted",
        cards=variant,
    )
    page = mobile_page
    page.set_viewport_size({"width": 390, "height": 844})

    # From the deck's page, the other deck named by the link its owner shared.
    page.goto(mine.get_absolute_url())
    page.get_by_label("Porównaj z inną talią").fill(f"{live_server.url}/decks/{theirs.pk}/")
    page.get_by_role("button", name="Porównaj", exact=True).click()
    expect(page.locator("h1")).to_have_text("Porównanie talii")

    halved_row = page.locator(f'[data-group="changed"] [data-card="{halved}"]')
    expect(halved_row.locator("td")).to_have_text(["2", "1", "-1"])
    expect(page.locator(f'[data-group="only-b"] [data-card="{added.pk}"]')).to_contain_text(
        f"2× {LONG_NAME}"
    )
    expect(page.locator(f'[data-group="only-a"] [data-card="{dropped}"]')).to_contain_text("1×")
    expect(page.locator(f'[data-group="only-b"] [data-card="{human.pk}"]')).to_be_visible()
    # Both decks' totals and verdicts, in one table a phone shows whole.
    expect(page.locator('tr[data-row="all"] td')).to_have_text(["46/45+", "47/45+"])
    expect(page.locator('tr[data-row="verdict"] td[data-side="a"]')).to_contain_text("zgodna")
    expect(page.locator('tr[data-row="verdict"] td[data-side="b"]')).to_contain_text("niezgodna")
    # The cards both hold alike stay folded until asked for.
    same = page.locator('details[data-group="same"]').first
    expect(same.locator("li").first).to_be_hidden()
    same.locator("summary").click()
    expect(same.locator("li").first).to_be_visible()

    assert page_width(page) <= 390
    page.mouse.move(0, 0)  # no card's face shown over the page where the pointer stopped
    page.screenshot(path="/tmp/compare_390.png", full_page=True)
    page.set_viewport_size({"width": 1366, "height": 900})
    page.screenshot(path="/tmp/compare_1366.png", full_page=True)
    assert page_width(page) <= 1366
