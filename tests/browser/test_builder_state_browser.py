"""The builder's saved state after a reload, Back and Forward, and a real conflict, at 390 and 1366 px."""

import re

import pytest
from playwright.sync_api import expect

from decks import services
from decks.models import Deck
from tests.factories import GameFactory, UserFactory, legal_deck_cards

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Serafin-z-ognia-9"
SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 900}},
}
WORDS = {
    "pl": {
        "saved": "Zapisano.",
        "offline": "Nie udało się zapisać",
        "bar conflict": "Ta talia została zapisana gdzie indziej.",
        "conflict": "zapisana gdzie indziej",
        "reload": "Wczytaj zapisaną",
        "version": "Wersja",
    },
    "en": {
        "saved": "Saved.",
        "offline": "Could not save",
        "bar conflict": "This deck was saved elsewhere.",
        "conflict": "saved elsewhere",
        "reload": "Load saved",
        "version": "Version",
    },
}


@pytest.fixture
def deck(settings, tmp_path):
    """An untouched Fallen deck of a player, with the cards to build it."""
    settings.MEDIA_ROOT = tmp_path / "media"
    GameFactory()
    cards = legal_deck_cards("fallen")
    owner = UserFactory(username="stan", password=PASSWORD)
    deck = services.deck_create(owner=owner, name="Stan talii", options={"faction": "fallen"})
    deck.card_ids = list(cards)
    return deck


@pytest.fixture
def open_context(browser, live_server):
    """Open a signed-in browser of the deck's owner at a size and in a language."""
    contexts = []

    def open_(size="phone", lang="pl"):
        context = browser.new_context(base_url=live_server.url, locale="pl-PL", **SIZES[size])
        context.add_cookies([{"name": "django_language", "value": lang, "url": live_server.url}])
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.goto("/accounts/login/")
        page.locator("#id_username").fill("stan")
        page.locator("#id_password").fill(PASSWORD)
        page.locator("#id_password").press("Enter")
        page.wait_for_url(re.compile(r"/decks/mine/|/$"))
        page.words = WORDS[lang]
        return page

    yield open_
    for context in contexts:
        for page in context.pages:
            page.wait_for_load_state("networkidle")
        context.close()


def builder_url(deck) -> str:
    return f"/decks/{deck.pk}/edit/"


def ready(page):
    """Wait for the builder's script: a tap before it is a form post, a page of its own."""
    expect(page.locator("#builder")).to_have_class(re.compile(r"\bjs\b"))


def plus(page, card_id):
    page.locator(f'#card-results [data-card="{card_id}"] button[data-delta="1"]').click()


def saved(page):
    expect(page.locator("#save-status")).to_have_text(page.words["saved"])


def shows_total(page, total):
    expect(page.locator('#totals-panel [data-total="all"]')).to_have_text(f"{total}/45+")
    expect(page.locator(".bar-total")).to_have_text(f"{total}/45+")


def no_conflict(page):
    expect(page.locator("#conflict")).to_be_hidden()
    expect(page.locator("#bar-conflict")).to_be_hidden()


def reload_as_drawn_before(page, deck, before: str) -> None:
    """Reload the builder, answered once with the page as it was drawn earlier."""
    page.route(
        "**" + builder_url(deck),
        lambda route: route.fulfill(body=before, content_type="text/html; charset=utf-8"),
        times=1,
    )
    page.reload()
    ready(page)


def stored(deck) -> tuple[int, int]:
    row = Deck.objects.get(pk=deck.pk)
    return row.card_total, row.version


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_a_reload_answered_before_a_save_whose_answer_it_lost_shows_no_conflict(
    deck, open_context, size
):
    page = open_context(size)
    page.goto(builder_url(deck))
    ready(page)
    # The builder as the server draws it before the save: what a reload sent while the save was
    # on its way gets back.
    before = page.request.get(builder_url(deck)).text()

    def lose_the_answer(route):
        route.fetch()  # the server saves it ...
        route.abort()  # ... and the reload leaves no page to take the answer

    page.route("**/save/", lose_the_answer, times=1)
    plus(page, deck.card_ids[0])
    expect(page.locator("#save-status")).to_contain_text(page.words["offline"])
    assert stored(deck) == (1, 2)
    reload_as_drawn_before(page, deck, before)
    saved(page)
    no_conflict(page)
    shows_total(page, 1)
    assert stored(deck) == (1, 2)  # the copy is not added twice
    plus(page, deck.card_ids[1])
    saved(page)
    no_conflict(page)
    shows_total(page, 2)


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_a_reload_drawn_before_a_save_the_page_saw_shows_the_saved_totals(deck, open_context, size):
    page = open_context(size, "en")
    page.goto(builder_url(deck))
    ready(page)
    before = page.request.get(builder_url(deck)).text()
    plus(page, deck.card_ids[0])
    saved(page)
    reload_as_drawn_before(page, deck, before)
    shows_total(page, 1)
    plus(page, deck.card_ids[1])
    saved(page)
    no_conflict(page)
    shows_total(page, 2)
    assert stored(deck) == (2, 3)


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_back_and_forward_show_the_saved_totals(deck, open_context, size):
    page = open_context(size)
    page.goto(deck.get_absolute_url())
    expect(page.locator('[data-total="all"]')).to_have_text("0/45+")
    page.get_by_role("link", name="Edytuj").click()
    ready(page)
    plus(page, deck.card_ids[0])
    saved(page)
    page.go_back()
    expect(page.locator('[data-total="all"]')).to_have_text("1/45+")
    page.go_forward()
    ready(page)
    shows_total(page, 1)
    plus(page, deck.card_ids[1])
    saved(page)
    no_conflict(page)
    shows_total(page, 2)


@pytest.mark.parametrize(("size", "lang"), [("phone", "pl"), ("phone", "en"), ("laptop", "pl")])
def test_a_save_from_another_page_is_a_conflict_shown_in_the_bar_and_at_the_top(
    deck, open_context, size, lang
):
    first = open_context(size, lang)
    first.goto(builder_url(deck))
    ready(first)
    second = first.context.new_page()
    second.words = first.words
    second.goto(builder_url(deck))
    ready(second)
    plus(first, deck.card_ids[0])
    saved(first)
    plus(second, deck.card_ids[1])
    bar = second.locator("#bar-conflict")
    expect(bar).to_be_visible()
    expect(bar).to_contain_text(second.words["bar conflict"])
    expect(second.locator("#conflict")).to_contain_text(second.words["conflict"])
    if size == "phone":
        # In view where the thumb is, though the notice at the top is scrolled away.
        second.mouse.wheel(0, 2000)
        box = bar.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 844
        assert second.evaluate("document.documentElement.scrollWidth") <= 390
    bar.get_by_role("button", name=second.words["reload"]).click()
    shows_total(second, 1)
    no_conflict(second)
    assert stored(deck) == (1, 2)


@pytest.mark.parametrize(("size", "lang"), [("phone", "pl"), ("laptop", "en")])
def test_an_untouched_deck_offers_no_undo_and_says_nothing_was_saved(
    deck, open_context, size, lang
):
    page = open_context(size, lang)
    page.goto(builder_url(deck))
    ready(page)
    shows_total(page, 0)
    expect(page.locator("#undo")).to_be_hidden()
    expect(page.locator("#save-status")).to_have_text("")
    plus(page, deck.card_ids[0])
    saved(page)
    expect(page.locator("#undo")).to_be_visible()
    page.locator("#undo").click()
    saved(page)
    shows_total(page, 0)


@pytest.mark.parametrize(("size", "lang"), [("phone", "en"), ("laptop", "pl")])
def test_the_history_of_a_deck_saved_once_shows_version_1(deck, open_context, size, lang):
    page = open_context(size, lang)
    page.goto("/decks/new/")
    page.locator("#id_name").fill("Raz zapisana")
    page.locator("input[name=faction][value=fallen]").check()
    page.locator("form button[type=submit]").last.click()
    ready(page)
    plus(page, deck.card_ids[0])
    saved(page)
    page.goto(Deck.objects.get(name="Raz zapisana").get_absolute_url() + "history/")
    headings = page.locator(".history-entry h2")
    expect(headings).to_have_count(1)
    expect(headings).to_contain_text(f"{page.words['version']} 1")
