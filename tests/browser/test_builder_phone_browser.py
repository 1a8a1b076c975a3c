"""The builder at 390 px (a phone) and 1366 px: bottom bar, panes, quick add, names, faults."""

import re

import pytest
from playwright.sync_api import expect

from cardbase.models import Card
from decks import services
from decks.models import Deck
from tests.factories import GameFactory, UserFactory, legal_deck_cards

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Serafin-z-ognia-9"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1366, "height": 900}}


@pytest.fixture(params=["phone", "desktop"])
def screen(request, browser, live_server, settings, tmp_path):
    """A signed-in player's page at the size asked for, with a Fallen deck to build."""
    settings.MEDIA_ROOT = tmp_path / "media"
    GameFactory()
    legal_deck_cards("fallen")
    owner = UserFactory(username="telefon", password=PASSWORD)
    deck = services.deck_create(owner=owner, name="Z telefonu", options={"faction": "fallen"})
    options = PHONE if request.param == "phone" else DESKTOP
    context = browser.new_context(base_url=live_server.url, locale="pl-PL", **options)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto("/accounts/login/")
    page.locator("#id_username").fill("telefon")
    page.locator("#id_password").fill(PASSWORD)
    page.get_by_role("button", name="Zaloguj").click()
    page.goto(f"/decks/{deck.pk}/edit/")
    page.is_phone = request.param == "phone"
    page.deck = deck
    yield page
    page.wait_for_load_state("networkidle")
    context.close()


def no_sideways_scroll(page):
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page is {width[0]} px wide in a {width[1]} px window"


def saved(page):
    expect(page.locator("#save-status")).to_have_text(re.compile("Zapisano.|Dodano karty."))


def show_deck(page):
    if page.is_phone:
        page.locator(".bar-tab[data-pane=deck]").click()


def show_search(page):
    if page.is_phone:
        page.locator(".bar-tab[data-pane=search]").click()


def test_no_sideways_scroll_and_the_bar_shows_and_opens_the_verdict(screen):
    page = screen
    no_sideways_scroll(page)
    bar = page.locator("#bar-verdict")
    expect(bar).to_be_visible()
    expect(bar).to_contain_text("0/")
    # An empty deck breaks a few rules (its size among them), counted in Polish plural forms.
    errors = int(bar.get_attribute("data-errors"))
    assert errors >= 2
    expect(bar).to_contain_text(f"{errors} błędy" if errors < 5 else f"{errors} błędów")
    expect(bar).to_contain_text("0 uwag")
    expect(bar).to_have_attribute("aria-expanded", "false")
    verdict = page.locator("#verdict-panel")
    if page.is_phone:
        # On a phone the verdict waits behind the bar, and the filters behind their button.
        expect(verdict).to_be_hidden()
        expect(page.locator("#filters")).to_be_hidden()
        page.get_by_role("button", name="Filtry").click()
        expect(page.locator("#filters")).to_be_visible()
        page.get_by_role("button", name="Gotowe").click()
        expect(page.locator("#filters")).to_be_hidden()
    else:
        expect(verdict).to_be_visible()
        expect(page.locator("#card-results")).to_be_visible()
        expect(page.locator("#deck-panel")).to_be_visible()
    bar.click()
    expect(bar).to_have_attribute("aria-expanded", "true")
    expect(verdict.locator('[data-code="deck-size"]')).to_be_visible()
    expect(verdict).to_be_in_viewport()
    no_sideways_scroll(page)
    if page.is_phone:
        bar.click()
        expect(verdict).to_be_hidden()


def test_quick_add_adds_the_lines_and_the_deck_is_one_tap_away(screen):
    page = screen
    angel = Card.objects.filter(kind="angel").order_by("name").first()
    human = Card.objects.filter(kind="human").order_by("name").first()
    page.get_by_label("Szybkie dodawanie").fill(f"2 {angel.name.upper()}\n{human.name}")
    page.get_by_role("button", name="Dodaj", exact=True).click()
    saved(page)
    expect(page.get_by_label("Szybkie dodawanie")).to_have_value("")
    expect(page.locator("#bar-verdict")).to_contain_text("3/")
    tab = page.locator(".bar-tab[data-pane=deck]")
    if page.is_phone:
        expect(tab).to_have_text("Talia (3)")
    show_deck(page)
    line = page.locator(f'#deck-panel .deck-line[data-card="{angel.pk}"]')
    expect(line).to_be_visible()
    expect(line.locator(".line-count")).to_contain_text("2")
    no_sideways_scroll(page)
    assert Deck.objects.get(pk=page.deck.pk).card_total == 3

    # An unknown name adds nothing and says what was meant; the text stays to be corrected.
    show_search(page)
    page.get_by_label("Szybkie dodawanie").fill("2 " + angel.name[:-1] + "x")
    page.get_by_role("button", name="Dodaj", exact=True).click()
    problems = page.locator("#quick-add-problems")
    expect(problems).to_contain_text("Nie ma w katalogu karty")
    expect(problems).to_contain_text(re.compile(f"Czy chodziło o: .*{angel.name}"))
    assert Deck.objects.get(pk=page.deck.pk).card_total == 3

    # Undo takes the whole quick add back.
    page.get_by_role("button", name="Cofnij").click()
    saved(page)
    expect(page.locator("#bar-verdict")).to_contain_text("0/")


def test_the_search_box_offers_card_names(screen):
    page = screen
    box = page.get_by_label("Nazwa lub tekst")
    box.fill("czlowiek")
    options = page.locator("#card-names option")
    expect(options).to_have_count(4)
    values = options.evaluate_all("(options) => options.map((o) => o.value)")
    assert all(value.startswith("Człowiek") for value in values)


def test_a_change_that_breaks_a_rule_is_shown_where_it_was_tapped(screen):
    page = screen
    intervention = Card.objects.filter(kind="intervention").order_by("name").first()
    page.get_by_label("Nazwa lub tekst").fill(intervention.name)
    page.get_by_role("button", name="Szukaj", exact=True).click()
    row = page.locator(f'#card-results .result-line[data-card="{intervention.pk}"]')
    plus = row.locator('button[data-delta="1"]')
    for _ in range(3):
        plus.click()
    saved(page)

    # The third copy breaks the copy limit: the row tapped says so, in the rule's words.
    badge = row.locator(".tap-fault")
    expect(badge).to_be_visible()
    expect(badge).to_contain_text(intervention.name)
    expect(page.locator("#bar-verdict")).to_contain_text("błęd")
    no_sideways_scroll(page)
    row.locator('button[data-delta="-1"]').click()
    saved(page)
    expect(badge).to_have_count(0)


def test_a_fault_from_a_tap_in_the_deck_shows_on_its_line_and_undo_takes_it_back(screen):
    page = screen
    intervention = Card.objects.filter(kind="intervention").order_by("name").first()
    page.get_by_label("Szybkie dodawanie").fill(f"2 {intervention.name}")
    page.get_by_role("button", name="Dodaj", exact=True).click()
    saved(page)
    show_deck(page)
    line = page.locator(f'#deck-panel .deck-line[data-card="{intervention.pk}"]')
    line.locator('button[data-delta="1"]').click()
    saved(page)
    expect(line.locator(".tap-fault")).to_contain_text(intervention.name)
    no_sideways_scroll(page)

    page.get_by_role("button", name="Cofnij").click()
    saved(page)
    expect(line.locator(".line-count")).to_contain_text("2")
    expect(page.locator(".tap-fault")).to_have_count(0)
    assert Deck.objects.get(pk=page.deck.pk).card_total == 2


def test_a_facet_applies_at_once_and_the_other_facets_recount_in_place(screen):
    page = screen
    humans = Card.objects.filter(kind="human").count()
    angels = Card.objects.filter(kind="angel").count()
    if page.is_phone:
        page.get_by_role("button", name="Filtry").click()
    kinds = page.locator('#builder-facets [data-facet="kind"]')
    page.locator("#builder-facets summary", has_text="Rodzaj").click()
    human = kinds.locator('label[data-value="human"]')
    expect(human.locator(".facet-count")).to_have_text(f"({humans})")
    human.locator("input").check()
    # No button pressed: the list shows the humans alone, and the other values keep their counts.
    expect(page.locator("#card-results .result-count")).to_have_text(re.compile(rf"^{humans} kar"))
    expect(kinds.locator('label[data-value="angel"] .facet-count')).to_have_text(f"({angels})")
    expect(human.locator("input")).to_be_focused()
    # A query recounts every value in place: one human answers to this name, no angel does.
    named = Card.objects.filter(kind="human").order_by("name").first()
    if page.is_phone:
        page.get_by_role("button", name="Gotowe").click()
    page.get_by_label("Nazwa lub tekst").fill(f'"{named.name}"')
    page.get_by_label("Nazwa lub tekst").press("Enter")
    expect(kinds.locator('label[data-value="angel"] .facet-count')).to_have_text("(0)")
    expect(human.locator(".facet-count")).to_have_text("(1)")
    expect(kinds.locator('label[data-value="angel"]')).to_have_class(re.compile("facet-empty"))
    no_sideways_scroll(page)


def test_the_hint_speaks_of_taps_on_a_phone_and_of_keys_on_a_laptop(screen):
    page = screen
    keyboard = page.get_by_text("naciśnij klawisz + lub −")
    touch = page.get_by_text("Dotknij + lub −, aby dodać albo odjąć egzemplarz karty.")
    if page.is_phone:
        expect(touch).to_be_visible()
        expect(keyboard).to_be_hidden()
    else:
        expect(keyboard).to_be_visible()
        expect(touch).to_be_hidden()
