"""Importing a deck as text in a real browser, and opening a shared link and code as another user."""

import re

import pytest
from playwright.sync_api import expect

from decks import services
from decks.models import Deck
from decks.selectors.entries import deck_counts
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
    assert {card.pk: n for card, n in deck_counts(deck)} == {gaap.pk: 2, laska.pk: 1}
    expect(page.locator(f'#deck-panel .deck-line[data-card="{gaap.pk}"]')).to_contain_text("Gaap")


def test_share_a_deck_by_link_and_open_it_anonymously_then_as_another_user(
    page, browser, live_server
):
    GameFactory()
    author = UserFactory(username="autorka", password=PASSWORD)
    log_in(page, "autorka")
    deck = services.deck_create(
        owner=author, name="Na czat", options={"faction": "lord"}, cards=legal_deck_cards("lord")
    )
    stranger = browser.new_context(base_url=live_server.url, locale="pl-PL")
    anonymous = stranger.new_page()
    anonymous.set_default_timeout(10_000)
    assert anonymous.goto(deck.get_absolute_url()).status == 404  # private for now

    # The author makes it "available by link" in the builder's settings form.
    page.goto(f"/decks/{deck.pk}/edit/")
    page.locator("#deck-settings summary").click()
    page.get_by_label("Widoczność").select_option(label="dostępna przez link")
    page.locator("#settings-form").get_by_role("button", name="Zapisz").click()
    expect(page.locator("#save-status")).to_have_text("Zapisano.")
    deck.refresh_from_db()
    assert deck.visibility == "unlisted"
    page.get_by_role("link", name="Strona talii").click()
    link = page.locator("#share-url").input_value()
    assert link == f"{live_server.url}/decks/{deck.pk}/"

    # Someone without an account opens the link: the deck, its verdict, nothing to edit.
    assert anonymous.goto(link).status == 200
    expect(anonymous.locator("h1")).to_contain_text("Na czat")
    expect(anonymous.locator(".verdict")).to_contain_text("Talia jest zgodna z zasadami")
    expect(anonymous.get_by_role("link", name="Edytuj")).to_have_count(0)
    expect(anonymous.get_by_role("navigation", name="Konto")).to_contain_text("Zaloguj")
    anonymous.goto("/decks/")  # shared by link is not listed
    expect(anonymous.locator(".deck-table")).not_to_contain_text("Na czat")

    # Signed in as another player, the code opens as a private copy.
    UserFactory(username="kolega", password=PASSWORD)
    log_in(anonymous, "kolega")
    anonymous.goto(link)
    anonymous.get_by_role("link", name="Kod talii (do czatu)").click()
    expect(anonymous.locator("#deck-code")).to_have_value(re.compile(r"^2[A-Za-z0-9_-]+$"))
    expect(anonymous.locator(".verdict")).to_contain_text("Talia jest zgodna z zasadami")
    anonymous.get_by_role("button", name="Otwórz w kreatorze").click()
    expect(anonymous.locator("#builder")).to_be_visible()
    copy = Deck.objects.get(owner__username="kolega")
    assert (copy.name, copy.visibility, copy.is_valid) == ("Na czat", "private", True)
    assert deck_counts(copy) == deck_counts(deck)
    anonymous.wait_for_load_state("networkidle")
    stranger.close()


def test_a_paste_over_the_limit_is_caught_before_sending_and_stays_in_the_field(page):
    GameFactory()
    UserFactory(username="wklejacz", password=PASSWORD)
    log_in(page, "wklejacz")
    page.goto("/decks/import/")
    posts = []
    page.on("request", lambda request: posts.append(request) if request.method == "POST" else None)
    paste = "2 Gaap\n" * 15_000  # 105,000 characters, 120,000 as a form sends them
    page.get_by_label("Nazwa talii").fill("Za długa")
    # As a paste lands: all at once (typing 15,000 lines through fill() is far slower).
    page.locator("#id_text").evaluate("(area, text) => { area.value = text; }", paste)
    page.get_by_role("button", name="Importuj i otwórz w kreatorze").click()
    problem = page.locator("#import-size-problem")
    expect(problem).to_be_visible()
    expect(problem).to_contain_text("Wklejony tekst ma 120000 znaków, a wczytujemy najwyżej 100000")
    expect(problem).to_contain_text("Nic nie wysłano i tekst został w polu")
    assert page.locator("#id_text").input_value() == paste
    assert posts == [] and not Deck.objects.exists()
