"""Two builder tabs on one deck: each keeps its own draft, and a refused change is never lost."""

import re

import pytest
from playwright.sync_api import expect

from cardbase.models import Card
from decks.models import Deck
from tests.browser.test_deck_builder_browser import PASSWORD, log_in, new_deck, plus, saved
from tests.factories import GameFactory, UserFactory, legal_deck_cards

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def context(browser, live_server, settings, tmp_path):
    """One browser context: its tabs share localStorage, as a player's tabs do."""
    settings.MEDIA_ROOT = tmp_path / "media"
    GameFactory()
    legal_deck_cards("fallen")
    UserFactory(username="dwie_karty", password=PASSWORD)
    context = browser.new_context(base_url=live_server.url, locale="pl-PL")
    yield context
    for page in context.pages:
        page.wait_for_load_state("networkidle")
    context.close()


def tab(context, url=None):
    page = context.new_page()
    page.set_default_timeout(10_000)
    if url:
        page.goto(url)
    return page


def builder_ready(page):
    """Wait for the builder's script (an untouched deck says nothing of saving)."""
    expect(page.locator("#builder")).to_have_class(re.compile(r"\bjs\b"))


def drafts(page, deck):
    """Return the cards of every draft the browser keeps for `deck`."""
    return page.evaluate(
        """prefix => Object.keys(localStorage)
            .filter(key => key.startsWith(prefix))
            .map(key => JSON.parse(localStorage.getItem(key)).cards)""",
        f"deck-draft:{deck.pk}",
    )


@pytest.fixture
def refused(context):
    """Tab A saves a card; tab B, opened before, adds a human and is refused as stale."""
    first = tab(context)
    log_in(first, "dwie_karty")
    new_deck(first, "Dwie karty", "Upadli")
    second = tab(context, first.url)
    builder_ready(second)
    angel = Card.objects.get(slug="angels-fallen-0")
    human = Card.objects.filter(kind="human")[0]
    plus(first, angel.pk)
    saved(first)
    plus(second, human.pk)
    expect(second.locator("#conflict")).to_be_visible()
    return first, second, angel, human


def test_a_save_in_one_tab_keeps_the_change_another_tab_had_refused(context, refused):
    first, second, angel, human = refused
    deck = Deck.objects.get(name="Dwie karty")
    other = Card.objects.filter(kind="human")[1]
    plus(first, other.pk)  # saved in tab A while tab B's change waits
    saved(first)
    deck.refresh_from_db()
    assert deck.version == 3
    assert {f"{human.pk}:humans": 1} in drafts(first, deck)

    url = second.url
    second.close()
    reopened = tab(context, url)
    conflict = reopened.locator("#conflict")
    expect(conflict).to_be_visible()
    expect(conflict).to_contain_text("Masz niezapisane zmiany z wcześniejszej wizyty")
    expect(reopened.locator(f'#card-results [data-count-for-card="{human.pk}"]')).to_have_text("1")
    reopened.get_by_role("button", name="Zapisz moją wersję").click()
    saved(reopened)
    deck.refresh_from_db()
    assert {e.card_id for e in deck.entries.all()} == {human.pk}
    assert drafts(reopened, deck) == []


def test_a_draft_of_a_tab_still_open_is_not_offered_in_another(context, refused):
    first, second, angel, human = refused
    deck = Deck.objects.get(name="Dwie karty")
    third = tab(context, first.url)
    builder_ready(third)
    expect(third.locator("#conflict")).to_be_hidden()
    expect(third.locator(f'#deck-panel .deck-line[data-card="{angel.pk}"]')).to_be_visible()
    expect(third.locator(f'#deck-panel .deck-line[data-card="{human.pk}"]')).to_have_count(0)
    # Tab B still holds its refused change and may still keep it.
    assert {f"{human.pk}:humans": 1} in drafts(third, deck)
    second.get_by_role("button", name="Zapisz moją wersję").click()
    saved(second)
    deck.refresh_from_db()
    assert {e.card_id for e in deck.entries.all()} == {human.pk}
