"""Copying a deck's text export and its deck code to the clipboard, with a spoken confirmation."""

import pytest
from playwright.sync_api import expect

from decks import codes, export, services
from tests.factories import UserFactory, legal_deck_cards

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def deck():
    return services.deck_create(
        owner=UserFactory(username="kopistka"),
        name="Zastępy do skopiowania",
        options={"faction": "lord"},
        visibility="public",
        cards=legal_deck_cards("lord"),
    )


def _clipboard(page) -> str:
    return page.evaluate("navigator.clipboard.readText()")


def test_copy_the_deck_as_text_from_its_page(clipboard_page, deck):
    page = clipboard_page
    page.goto(deck.get_absolute_url())
    page.get_by_role("button", name="Kopiuj listę kart jako tekst").click()
    expect(page.locator("#copy-export-status")).to_have_text("Skopiowano do schowka.")
    assert page.locator("#copy-export-status").get_attribute("aria-live") == "polite"
    assert _clipboard(page).replace("\r\n", "\n") == export.deck_text(deck)


def test_copy_the_deck_code_and_its_link(clipboard_page, deck):
    page = clipboard_page
    code = codes.deck_code(deck)
    page.goto(f"/decks/code/{code}/")
    page.get_by_role("button", name="Kopiuj kod").click()
    expect(page.get_by_role("status")).to_have_text("Skopiowano do schowka.")
    assert _clipboard(page) == code
    page.get_by_role("button", name="Kopiuj link").click()
    assert _clipboard(page) == page.locator("#share-url").input_value()
    assert f"/decks/code/{code}/" in _clipboard(page)


def test_without_a_clipboard_the_text_is_left_selected(clipboard_page, deck):
    page = clipboard_page
    page.add_init_script("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    page.goto(deck.get_absolute_url())
    page.get_by_role("button", name="Kopiuj listę kart jako tekst").click()
    fallback = page.locator("textarea.copy-fallback")
    expect(fallback).to_be_focused()
    assert fallback.input_value().replace("\r\n", "\n") == export.deck_text(deck)
    selected = page.evaluate(
        "(() => { const f = document.activeElement;"
        " return f.value.substring(f.selectionStart, f.selectionEnd); })()"
    )
    assert selected == fallback.input_value()
    expect(page.locator("#copy-export-status")).not_to_be_empty()


def test_the_copy_buttons_stay_hidden_without_javascript(browser, live_server, deck):
    context = browser.new_context(
        base_url=live_server.url, locale="pl-PL", java_script_enabled=False
    )
    page = context.new_page()
    page.goto(deck.get_absolute_url())
    assert not any(button.is_visible() for button in page.locator(".copy-button").all())
    assert page.get_by_role("link", name="Pobierz jako tekst").is_visible()
    context.close()
