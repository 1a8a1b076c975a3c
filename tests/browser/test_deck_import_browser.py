"""Importing a deck as text in a real browser, and opening a shared link and code as another user."""

import re

import pytest
from playwright.sync_api import expect

from decks import selectors, services
from decks.models import Deck
from tests.factories import AngelFactory, GameFactory, UserFactory, legal_deck_cards

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Serafin-z-ognia-9"


def log_in(page, username):
    page.goto("/accounts/login/")
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill(PASSWORD)
    page.get_by_role("button", name="Zaloguj").click()


def test_import_a_text_deck_fix_a_typo_and_land_in_the_builder(page):
    GameFactory()
    gaap = AngelFactory(name="Gaap", slug="gaap", faction="fallen", order="powers", level=7)
    laska = AngelFactory(name="Jawna Łaska", slug="jawna-laska", faction="fallen")
    UserFactory(username="importer", password=PASSWORD)
    log_in(page, "importer")
    page.goto("/decks/mine/")
    page.get_by_role("link", name="Importuj talię").click()

    page.get_by_label("Nazwa talii").fill("Z forum")
    page.get_by_label("Frakcja").select_option("fallen")
    typed = "# z forum\n2x Gapp\njawna laska\n"
    page.locator("#id_text").fill(typed)
    page.get_by_role("button", name="Importuj i otwórz w kreatorze").click()

    problem = page.locator('#import-problems [data-line="2"]')
    expect(problem).to_contain_text("Wiersz 2")
    expect(problem).to_contain_text("Nie ma w katalogu karty „Gapp”. Czy chodziło o: Gaap?")
    expect(page.locator("#id_text")).to_have_value(typed)
    assert not Deck.objects.exists()

    page.locator("#id_text").fill(typed.replace("Gapp", "Gaap"))
    page.get_by_role("button", name="Importuj i otwórz w kreatorze").click()
    expect(page.locator("#builder")).to_be_visible()
    deck = Deck.objects.get()
    assert deck.name == "Z forum"
    assert {card.pk: n for card, n in selectors.deck_counts(deck)} == {gaap.pk: 2, laska.pk: 1}
    expect(page.locator(f'#deck-panel .deck-line[data-card="{gaap.pk}"]')).to_contain_text("Gaap")


def test_open_a_shared_unlisted_link_and_its_code_as_another_user(page):
    GameFactory()
    author = UserFactory(username="autorka")
    deck = services.deck_create(
        owner=author,
        name="Na czat",
        faction="lord",
        visibility="unlisted",
        cards=legal_deck_cards("lord"),
    )
    UserFactory(username="kolega", password=PASSWORD)
    log_in(page, "kolega")

    page.goto(deck.get_absolute_url())
    link = page.locator("#share-url").input_value()
    assert link.endswith(f"/decks/{deck.pk}/")
    page.goto(link)
    expect(page.locator("h1")).to_contain_text("Na czat")

    page.get_by_role("link", name="Kod talii (do czatu)").click()
    expect(page.locator("#deck-code")).to_have_value(re.compile(r"^1L[A-Za-z0-9_-]+$"))
    expect(page.locator(".verdict")).to_contain_text("Talia jest zgodna z zasadami")
    page.get_by_role("button", name="Otwórz w kreatorze").click()
    expect(page.locator("#builder")).to_be_visible()
    copy = Deck.objects.get(owner__username="kolega")
    assert (copy.name, copy.visibility, copy.is_valid) == ("Na czat", "private", True)
    assert selectors.deck_counts(copy) == selectors.deck_counts(deck)
