"""Copying a deck's list for a forum from its page on a phone: the BBCode lands in the clipboard."""

import pytest
from playwright.sync_api import expect

from decks import forum_formats, services
from tests.factories import UserFactory, legal_deck_cards

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def deck():
    return services.deck_create(
        owner=UserFactory(username="forumowiczka"),
        name="Zastępy na forum",
        options={"faction": "lord"},
        visibility="public",
        cards=legal_deck_cards("lord"),
    )


def test_copy_the_deck_as_bbcode_on_a_phone(clipboard_page, live_server, deck):
    page = clipboard_page
    page.goto(deck.get_absolute_url())
    buttons = page.locator(".copy-forum .copy-button")
    expect(buttons).to_have_count(3)
    for box in (buttons.nth(n).bounding_box() for n in range(3)):
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.get_by_role("button", name="Kopiuj jako BBCode (forum)").click()
    expect(page.locator("#copy-forum-status")).to_have_text("Skopiowano do schowka.")
    copied = page.evaluate("navigator.clipboard.readText()").replace("\r\n", "\n")
    expected = forum_formats.deck_bbcode(deck, absolute=lambda path: f"{live_server.url}{path}")
    assert copied == expected
    assert copied.startswith("[size=150][b]Talia: Zastępy na forum[/b][/size]\n")
    assert f"[url]{live_server.url}/decks/{deck.pk}/[/url]" in copied
