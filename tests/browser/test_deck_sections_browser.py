"""An INWO deck in the builder: add an Illuminati, a Group and a Plot, move the Group to the lead."""

import pytest
from playwright.sync_api import expect

from decks import services
from decks.selectors.entries import deck_entries
from tests.factories import CardFactory, GameFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Illuminaci-z-UFO-23"


@pytest.fixture
def inwo_deck():
    inwo = GameFactory(slug="inwo", name="Illuminati: New World Order")
    cards = {
        "ufos": CardFactory(game=inwo, kind="illuminati", name="UFOs", slug="ufos", back="hand"),
        "lobby": CardFactory(
            game=inwo, kind="organization", name="Gun Lobby", slug="gun-lobby", back="puppet"
        ),
        "control": CardFactory(
            game=inwo, kind="plot", name="Gun Control", slug="gun-control", back="hand"
        ),
    }
    owner = UserFactory(username="iluminat", password=PASSWORD)
    deck = services.deck_create(owner=owner, name="Obcy", game="inwo")
    return deck, cards


def saved(page):
    expect(page.locator("#save-status")).to_have_text("Zapisano.")


def plus(page, card):
    page.locator(f'#card-results [data-card="{card.pk}"] button[data-delta="1"]').click()
    saved(page)


def test_build_an_inwo_deck_and_move_a_group_to_the_lead(page, inwo_deck):
    deck, cards = inwo_deck
    page.goto("/accounts/login/")
    page.locator("#id_username").fill("iluminat")
    page.locator("#id_password").fill(PASSWORD)
    page.get_by_role("button", name="Zaloguj").click()
    page.goto(f"/decks/{deck.pk}/edit/")
    verdict = page.locator("#verdict-panel")
    expect(verdict.locator('[data-code="illuminati-count"]')).to_be_visible()

    plus(page, cards["ufos"])
    expect(verdict.locator('[data-code="illuminati-count"]')).to_have_count(0)
    lead = page.locator('#deck-panel section[data-section="lead"]')
    expect(lead.locator(f'.deck-line[data-card="{cards["ufos"].pk}"]')).to_be_visible()

    plus(page, cards["lobby"])
    groups = page.locator('#deck-panel section[data-section="groups"]')
    line = groups.locator(f'.deck-line[data-card="{cards["lobby"].pk}"]')
    expect(line).to_be_visible()
    line.get_by_role("button", name="→ Karty przywódcze").click()
    saved(page)
    expect(lead.locator(f'.deck-line[data-card="{cards["lobby"].pk}"]')).to_be_visible()
    expect(groups.locator(".deck-line")).to_have_count(0)
    expect(page.locator('#totals-panel [data-total="lead"]')).to_contain_text("2")

    plus(page, cards["control"])
    expect(page.locator('#totals-panel [data-total="all"]')).to_contain_text("3")
    expect(page.locator(f'#card-results [data-count-for-card="{cards["lobby"].pk}"]')).to_have_text(
        "1"
    )
    size = verdict.locator('[data-code="deck-size"]')
    expect(size).to_contain_text("a ta ma 3 karty")

    entries = {(e.card.name, e.section): e.count for e in deck_entries(deck)}
    assert entries == {("UFOs", "lead"): 1, ("Gun Lobby", "lead"): 1, ("Gun Control", "plots"): 1}
    # Reloaded, the page shows the deck as saved.
    page.reload()
    expect(lead.locator(f'.deck-line[data-card="{cards["lobby"].pk}"]')).to_be_visible()
