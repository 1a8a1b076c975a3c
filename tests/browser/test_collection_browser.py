"""A player pastes their Aniołowie box into their collection, fixing a mistyped line first, then
opens another player's public deck on a phone and sees what they lack."""

import pytest
from playwright.sync_api import expect

from decks.models import Visibility
from decks.selectors.collection import owned_counts
from decks.services import collection as services
from decks.services.editing import deck_create
from tests.browser.sessions import signed_in
from tests.factories import AngelFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_box_is_pasted_and_a_public_deck_shows_what_is_missing(
    browser, live_server, settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path / "media"
    cards = {
        name: AngelFactory(name=name, faction="fallen") for name in ("Gaap", "Abaddon", "Belial")
    }
    player = UserFactory(username="gracz")
    deck = deck_create(
        owner=UserFactory(username="autor"),
        name="Upadli na turniej",
        options={"faction": "fallen"},
        cards={cards["Gaap"].pk: 3, cards["Abaddon"].pk: 2, cards["Belial"].pk: 1},
        visibility=Visibility.PUBLIC,
    )

    context, laptop = signed_in(browser, live_server, player, width=1366, height=900)
    laptop.goto("/collection/aniolowie/")
    laptop.locator("#id_text").fill("3 Gaap\n1 Abadon\n1 Belial")
    laptop.get_by_role("button", name="Zapisz w kolekcji").click()
    problems = laptop.locator("#import-problems")
    expect(problems).to_contain_text("Abaddon")  # the close name is offered
    assert owned_counts(user=player) == {}  # nothing half-saved
    laptop.locator("#id_text").fill("3 Gaap\n1 Abaddon\n1 Belial")
    laptop.get_by_role("button", name="Zapisz w kolekcji").click()
    expect(laptop.locator("#collection-summary")).to_contain_text("Masz 3 różnych kart (5 kopii)")
    context.close()

    context, phone = signed_in(browser, live_server, player, width=390, height=844, phone=True)
    phone.goto(deck.get_absolute_url())
    expect(phone.locator("#ownership-verdict")).to_contain_text("Brakuje ci kopii: 1")
    missing = phone.locator("#missing-cards li")
    expect(missing).to_have_count(1)
    expect(missing.first).to_contain_text("Abaddon")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.get_by_role("button", name="Dodaj brakujące do poszukiwanych").click()
    expect(phone.locator(".messages")).to_contain_text("Dodano 1")
    phone.goto("/collection/aniolowie/")
    expect(phone.locator(".wanted-list li")).to_have_text(["1 × Abaddon usuń"])
    phone.wait_for_load_state("networkidle")
    context.close()


def test_copies_change_in_place_in_the_builder_and_the_catalogue(
    browser, live_server, settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path / "media"
    gaap = AngelFactory(name="Gaap", faction="fallen")
    player = UserFactory(username="gracz")
    deck = deck_create(owner=player, name="Moja", options={"faction": "fallen"}, cards={gaap.pk: 2})
    services.set_owned(owner=player, card=gaap, count=1)

    context, phone = signed_in(browser, live_server, player, width=390, height=844, phone=True)
    phone.goto(f"/decks/{deck.pk}/edit/")
    mark = phone.locator(f'#deck-panel [data-owned-mark="{gaap.pk}"]')
    expect(mark).to_have_text("1/2")
    found = phone.locator(f'#card-results [data-owned-for="{gaap.pk}"]')
    expect(found).to_have_text("1")
    phone.evaluate("window.samePage = true")
    phone.get_by_role("button", name="Mam o jedną kopię więcej: Gaap").click()
    expect(found).to_have_text("2")
    expect(mark).to_have_text("✓ 2")
    expect(mark).to_have_attribute("title", "Masz 2: wystarczy")
    # No page was loaded: the builder stays as the player left it.
    assert phone.evaluate("window.samePage") is True
    assert owned_counts(user=player) == {gaap.pk: 2}
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()

    context, laptop = signed_in(browser, live_server, player, width=1366, height=900)
    laptop.goto("/cards/?game=aniolowie")
    tile = laptop.locator(f'[data-owned-for="{gaap.pk}"]')
    expect(tile).to_have_text("2")
    laptop.evaluate("window.samePage = true")
    laptop.get_by_role("button", name="Mam o jedną kopię mniej: Gaap").click()
    expect(tile).to_have_text("1")
    assert laptop.evaluate("window.samePage") is True  # the same page, not a new one
    assert owned_counts(user=player) == {gaap.pk: 1}
    context.close()
