"""A Dark Eden deck in the builder: a leader apart, sixty cards, and each rule seen as it breaks."""

import pytest
from playwright.sync_api import expect

from decks import services
from decks.selectors.entries import deck_entries
from tests.browser.builder_steps import find, minus, plus
from tests.dark_eden_factories import LeaderFactory, PlaceFactory, WarriorFactory
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Templariusze-w-Edenie-7"


@pytest.fixture
def dark_eden_deck():
    leader = LeaderFactory(name="ASTINOU", slug="astinou", affiliation="templars")
    warriors = [
        WarriorFactory(name=f"WOJAK {n:02d}", slug=f"wojak-{n:02d}", affiliation="general")
        for n in range(12)
    ]
    horde = PlaceFactory(name="MECZET", slug="meczet", affiliation="crescentia")
    owner = UserFactory(username="templariusz", password=PASSWORD)
    # Eleven warriors are in already, five copies each; the twelfth is the player's to add.
    deck = services.deck_create(
        owner=owner,
        name="Krucjata",
        game="dark-eden",
        cards={warrior.pk: 5 for warrior in warriors[:11]},
    )
    return deck, leader, warriors[11], horde


def test_build_a_sixty_card_deck_around_a_leader(page, dark_eden_deck):
    deck, leader, last, horde = dark_eden_deck
    page.goto("/accounts/login/")
    page.locator("#id_username").fill("templariusz")
    page.locator("#id_password").fill(PASSWORD)
    page.get_by_role("button", name="Zaloguj").click()
    page.goto(f"/decks/{deck.pk}/edit/")
    verdict = page.locator("#verdict-panel")
    expect(verdict.locator('[data-code="leader-count"]')).to_be_visible()
    expect(verdict.locator('[data-code="deck-size"]')).to_contain_text("ma 55: dodaj 5 kart")

    find(page, "ASTINOU")
    plus(page, leader)
    expect(verdict.locator('[data-code="leader-count"]')).to_have_count(0)
    leader_section = page.locator('#deck-panel section[data-section="leader"]')
    expect(leader_section.locator(f'.deck-line[data-card="{leader.pk}"]')).to_be_visible()

    find(page, last.name)
    plus(page, last, times=5)
    expect(verdict.locator('[data-code="deck-size"]')).to_have_count(0)
    expect(page.locator('#totals-panel [data-total="deck"]')).to_contain_text("60")

    plus(page, last)  # a sixth copy
    expect(verdict.locator('[data-code="copy-limit"]')).to_contain_text("usuń 1 egzemplarz")
    minus(page, last)
    expect(verdict.locator('[data-code="copy-limit"]')).to_have_count(0)

    find(page, horde.name)
    plus(page, horde)
    expect(verdict.locator('[data-code="affiliation"]')).to_contain_text("MECZET")

    entries = {(e.card.name, e.section): e.count for e in deck_entries(deck)}
    assert entries[("ASTINOU", "leader")] == 1
    assert entries[(last.name, "deck")] == 5
    assert sum(n for (_name, section), n in entries.items() if section == "deck") == 61
