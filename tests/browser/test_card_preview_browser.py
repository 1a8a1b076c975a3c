"""A card's face on hover or focus in the builder and on the deck page; the share panel follows
a visibility change at once."""

import pytest
from playwright.sync_api import expect

from cardbase.models import Card
from decks import services
from tests.factories import GameFactory, UserFactory, legal_deck_cards

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Serafin-z-ognia-9"


@pytest.fixture
def deck():
    GameFactory()
    cards = legal_deck_cards("fallen")
    owner = UserFactory(username="podglad", password=PASSWORD)
    return services.deck_create(
        owner=owner, name="Podgląd", options={"faction": "fallen"}, cards=cards
    )


def log_in(page):
    page.goto("/accounts/login/")
    page.locator("#id_username").fill("podglad")
    page.locator("#id_password").fill(PASSWORD)
    page.get_by_role("button", name="Zaloguj").click()


def test_hover_or_focus_on_a_deck_line_shows_the_card_face(page, deck):
    log_in(page)
    page.goto(deck.get_absolute_url())
    card = Card.objects.filter(kind="human").order_by("name").first()
    name = page.locator(f'.deck-line[data-card="{card.pk}"] .line-name')
    preview = page.locator("#card-preview")
    name.hover()
    expect(preview).to_be_visible()
    expect(preview.locator("img")).to_have_attribute(
        "src", f"/cards/aniolowie/{card.slug}/face.png"
    )
    expect(preview.locator("img")).to_have_attribute("alt", card.name)
    expect(name).to_have_attribute("aria-describedby", "card-preview")
    page.mouse.move(0, 0)
    expect(preview).to_be_hidden()

    name.focus()
    expect(preview).to_be_visible()
    page.keyboard.press("Escape")
    expect(preview).to_be_hidden()


def test_a_search_result_in_the_builder_shows_its_face_on_hover(page, deck):
    log_in(page)
    page.goto(f"/decks/{deck.pk}/edit/")
    link = page.locator("#card-results .result-text a").first
    link.hover()
    preview = page.locator("#card-preview")
    expect(preview).to_be_visible()
    expect(preview.locator("img")).to_have_attribute(
        "src", "/cards/aniolowie/angels-fallen-0/face.png"
    )


def test_the_share_panel_follows_a_visibility_change_without_a_reload(page, deck):
    log_in(page)
    page.goto(f"/decks/{deck.pk}/edit/")
    share = page.locator("#share-panel")
    expect(share.locator("#share-url")).to_have_count(0)
    page.get_by_text("Ustawienia talii: nazwa, widoczność, opis").click()
    page.get_by_label("Widoczność").select_option("public")
    expect(share.locator("#share-url")).to_have_value(
        page.url.split("/decks/")[0] + deck.get_absolute_url()
    )
    expect(page.locator("#save-status")).to_have_text("Zapisano.")
    page.get_by_label("Widoczność").select_option("private")
    expect(share.locator("#share-url")).to_have_count(0)
    expect(share).to_contain_text("Talia jest prywatna")
