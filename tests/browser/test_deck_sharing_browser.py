"""Forking someone's public deck in a real browser, and the public deck list."""

import pytest
from playwright.sync_api import expect

from decks import services
from decks.models import Deck
from tests.factories import GameFactory, UserFactory, legal_deck_cards

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Serafin-z-ognia-9"


def test_find_a_public_deck_like_it_and_fork_it(page):
    GameFactory()
    author = UserFactory(username="autorka")
    original = services.deck_create(
        owner=author,
        name="Zastępy Pana",
        options={"faction": "lord"},
        visibility="public",
        description="Talia na **turniej**.",
        cards=legal_deck_cards("lord"),
    )
    UserFactory(username="gracz", password=PASSWORD)
    page.goto("/accounts/login/")
    page.locator("#id_username").fill("gracz")
    page.locator("#id_password").fill(PASSWORD)
    page.get_by_role("button", name="Zaloguj").click()

    page.get_by_role("navigation", name="Nawigacja").get_by_role(
        "link", name="Talie graczy"
    ).click()
    page.get_by_label("Autor").fill("autorka")
    page.get_by_role("button", name="Filtruj").click()
    page.get_by_role("link", name="Zastępy Pana").click()
    expect(page.locator(".deck-description strong")).to_have_text("turniej")
    page.get_by_role("button", name="Lubię to").click()
    expect(page.locator(".likes")).to_have_text("♥ 1")

    page.get_by_role("button", name="Kopiuj do moich talii").click()
    expect(page.locator("#builder")).to_be_visible()
    expect(page.locator("#verdict-panel")).to_contain_text("Talia jest zgodna")
    fork = Deck.objects.get(owner__username="gracz")
    assert fork.copied_from_id == original.pk and fork.visibility == "private"
    page.get_by_role("link", name="Strona talii").click()
    page.get_by_role("link", name="kopia talii „Zastępy Pana”").click()
    expect(page.locator("h1")).to_contain_text("Zastępy Pana")
