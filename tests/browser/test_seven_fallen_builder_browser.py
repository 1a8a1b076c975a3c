"""A 7 Fallen deck built on a phone, in French: an Eden, a Registre of ten, a Livre Sacré of fifty,
and each rule seen in French as it breaks and mends."""

import pytest
from playwright.sync_api import expect

from decks import services
from decks.selectors.entries import deck_entries
from tests.browser.builder_steps import find, minus, plus
from tests.factories import UserFactory
from tests.seven_fallen_factories import (
    AdorateurFactory,
    AngeFactory,
    ArchangeFactory,
    DiviniteFactory,
    SevenFallenCardFactory,
    TempleFactory,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Nuit-Sans-Fin-7"


@pytest.fixture
def starter():
    """A deck as a starter leaves it but for its Temple, its tenth Adorateur and its last pages."""
    archange = ArchangeFactory(name="Archange d'essai", slug="archange-d-essai")
    divinite = DiviniteFactory(name="Divinité d'essai", slug="divinite-d-essai")
    temple = TempleFactory(name="Temple d'essai", slug="temple-d-essai")
    adorateurs = [AdorateurFactory() for _ in range(10)]
    pages = [SevenFallenCardFactory() for _ in range(16)]
    ange = AngeFactory(name="Goule d'essai", slug="goule-d-essai")
    owner = UserFactory(username="obscura", password=PASSWORD)
    cards = {archange.pk: 1, divinite.pk: 1, **{a.pk: 1 for a in adorateurs[:9]}}
    cards.update({page.pk: 3 for page in pages})  # 48 pages
    deck = services.deck_create(owner=owner, name="Nuit", game="7-fallen", cards=cards)
    return deck, temple, adorateurs[9], ange


SAVED = "Enregistré."


def show(page, pane):
    """Open one of the phone's panes: the search ("search") or the deck ("deck")."""
    page.locator(f".bar-tab[data-pane={pane}]").click()


def test_build_a_legal_deck_in_the_three_sections_on_a_phone_in_french(
    mobile_page, live_server, starter
):
    page = mobile_page
    deck, temple, tenth, ange = starter
    page.context.add_cookies([{"name": "django_language", "value": "fr", "url": live_server.url}])
    page.goto("/accounts/login/")
    page.locator("#id_username").fill("obscura")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("form button[type=submit]").last.click()
    page.goto(f"/decks/{deck.pk}/edit/")
    verdict = page.locator("#verdict-panel")
    expect(verdict.locator('[data-code="eden"]')).to_contain_text("Temple : 0")
    expect(verdict.locator('[data-code="registre-size"]')).to_contain_text("ajoutez 1 Adorateur")
    expect(verdict.locator('[data-code="livre-size"]')).to_contain_text("ajoutez 2 pages")

    find(page, temple.name)
    plus(page, temple, status=SAVED)
    expect(verdict.locator('[data-code="eden"]')).to_have_count(0)
    show(page, "deck")
    eden = page.locator('#deck-panel section[data-section="eden"]')
    expect(eden.locator(f'.deck-line[data-card="{temple.pk}"]')).to_be_visible()
    show(page, "search")

    find(page, tenth.name)
    plus(page, tenth, status=SAVED)
    expect(verdict.locator('[data-code="registre-size"]')).to_have_count(0)

    find(page, ange.name)
    plus(page, ange, times=4, status=SAVED)  # a fourth copy of a page
    expect(verdict.locator('[data-code="copy-limit"]')).to_contain_text("retirez-en 1")
    minus(page, ange, status=SAVED)
    expect(verdict.locator('[data-code="copy-limit"]')).to_have_count(0)
    expect(verdict.locator('[data-code="livre-size"]')).to_have_count(0)
    show(page, "deck")
    livre = page.locator('#deck-panel section[data-section="livre"]')
    expect(livre.locator(f'.deck-line[data-card="{ange.pk}"]')).to_be_visible()
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page is {width[0]} px wide in a {width[1]} px window"

    entries = {(e.card.name, e.section): e.count for e in deck_entries(deck)}
    assert entries[("Temple d'essai", "eden")] == 1
    assert entries[("Goule d'essai", "livre")] == 3
    assert sum(n for (_name, section), n in entries.items() if section == "registre") == 10
    assert sum(n for (_name, section), n in entries.items() if section == "livre") == 51
    deck.refresh_from_db()
    assert deck.verdict["valid"] is True
