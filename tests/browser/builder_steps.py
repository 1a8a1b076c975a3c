"""Steps a player takes in the deck builder, shared by each game's builder test."""

from playwright.sync_api import expect

SAVED_PL = "Zapisano."


def saved(page, status: str = SAVED_PL) -> None:
    """Wait until the builder says the last change is saved (in the page's language)."""
    expect(page.locator("#save-status")).to_have_text(status)


def plus(page, card, times: int = 1, status: str = SAVED_PL) -> None:
    """Add `times` copies of a card from the search results, one click and one save each."""
    for _ in range(times):
        page.locator(f'#card-results [data-card="{card.pk}"] button[data-delta="1"]').click()
        saved(page, status)


def minus(page, card, status: str = SAVED_PL) -> None:
    """Take one copy of a card out from the search results."""
    page.locator(f'#card-results [data-card="{card.pk}"] button[data-delta="-1"]').click()
    saved(page, status)


def find(page, name: str) -> None:
    """Search the builder's catalogue for a card by name."""
    page.locator("#card-search input[name=q]").fill(name)
    page.locator("#card-search input[name=q]").press("Enter")
