"""The deck builder in a real browser: sign up, build a legal deck by clicking, faults, reloads."""

import re

import pytest
from playwright.sync_api import expect

from cardbase.models import Card
from decks.models import Deck
from tests.factories import GameFactory, UserFactory, legal_deck_cards

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Serafin-z-ognia-9"


@pytest.fixture
def fallen_cards():
    GameFactory()
    return legal_deck_cards("fallen")


def sign_up(page, username="nowy_gracz"):
    page.goto("/")
    page.get_by_role("navigation", name="Konto").get_by_role("link", name="Załóż konto").click()
    page.locator("#id_username").fill(username)
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    page.get_by_role("button", name="Załóż konto").click()
    expect(page.get_by_role("heading", name="Moje talie")).to_be_visible()


def new_deck(page, name, faction_label):
    page.get_by_role("link", name="Nowa talia").first.click()
    page.get_by_label("Nazwa talii").fill(name)
    page.get_by_label(faction_label).check()
    page.get_by_role("button", name="Utwórz i zacznij budować").click()
    expect(page.locator("#builder")).to_be_visible()


def plus(page, card_id):
    page.locator(f'#card-results [data-card="{card_id}"] button[data-delta="1"]').click()


def saved(page):
    expect(page.locator("#save-status")).to_have_text("Zapisano.")


def log_in(page, username):
    page.goto("/accounts/login/")
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill(PASSWORD)
    page.get_by_role("button", name="Zaloguj").click()


def test_sign_up_and_build_a_legal_fallen_deck_by_clicking(page, fallen_cards):
    sign_up(page)
    new_deck(page, "Upadli z otchłani", "Upadli")
    verdict = page.locator("#verdict-panel")
    expect(verdict.locator('[data-code="deck-size"]')).to_be_visible()

    for card_id, count in fallen_cards.items():
        for _ in range(count):
            plus(page, card_id)
    saved(page)
    expect(verdict).to_contain_text("Talia jest zgodna z zasadami budowania talii.")
    expect(page.locator('#totals-panel [data-total="all"]')).to_contain_text("46")
    expect(page.locator('#totals-panel [data-total="zastep"]')).to_have_text("42")

    # A third copy of an intervention breaks the copy limit, and the card is marked at fault.
    extra = Card.objects.filter(kind="intervention").first()
    plus(page, extra.pk)
    saved(page)
    fault = verdict.locator('[data-code="copy-limit"]')
    expect(fault).to_contain_text(extra.name)
    line = page.locator(f'#deck-panel .deck-line[data-card="{extra.pk}"]')
    expect(line).to_have_class(re.compile("at-fault"))

    # The minus key on the focused row takes it back; the fault goes away.
    line.focus()
    page.keyboard.press("-")
    saved(page)
    expect(fault).to_have_count(0)
    expect(verdict).to_contain_text("Talia jest zgodna")

    page.reload()
    expect(page.locator("#verdict-panel")).to_contain_text("Talia jest zgodna")
    expect(page.locator('#totals-panel [data-total="all"]')).to_contain_text("46")
    deck = Deck.objects.get(name="Upadli z otchłani")
    assert deck.is_valid and deck.card_total == 46 and deck.owner.username == "nowy_gracz"


def test_a_gap_in_the_ladder_appears_and_disappears(page, fallen_cards):
    UserFactory(username="drabina", password=PASSWORD)
    log_in(page, "drabina")
    new_deck(page, "Drabina", "Upadli")
    power = Card.objects.get(slug="powers-fallen-0")
    plus(page, power.pk)
    saved(page)
    ladder = page.locator('#verdict-panel [data-code="hierarchy-ladder"]')
    # One error names every missing rung: Angels, Archangels, Principalities and Virtues.
    expect(ladder).to_have_count(1)
    for rung in ("Aniołowie (03)", "Archaniołowie (04)", "Księstwa (05)", "Cnoty (06)"):
        expect(ladder).to_contain_text(rung)
    expect(page.locator("#deck-panel .rung.gap")).to_have_count(4)
    for order in ("angels", "archangels", "principalities", "virtues"):
        plus(page, Card.objects.get(slug=f"{order}-fallen-0").pk)
    saved(page)
    expect(ladder).to_have_count(0)
    expect(page.locator("#deck-panel .rung.gap")).to_have_count(0)


def test_changes_made_offline_survive_closing_the_tab(browser, live_server, fallen_cards):
    UserFactory(username="offline", password=PASSWORD)
    context = browser.new_context(base_url=live_server.url, locale="pl-PL")
    page = context.new_page()
    page.set_default_timeout(10_000)
    log_in(page, "offline")
    new_deck(page, "Bez sieci", "Upadli")
    builder_url = page.url
    human = Card.objects.filter(kind="human").first()
    page.route("**/save/", lambda route: route.abort("internetdisconnected"))
    plus(page, human.pk)
    expect(page.locator("#save-status")).to_contain_text("zachowane w tej przeglądarce")
    page.close()

    page = context.new_page()
    page.goto(builder_url)
    saved(page)
    expect(page.locator(f'#deck-panel .deck-line[data-card="{human.pk}"]')).to_be_visible()
    deck = Deck.objects.get(name="Bez sieci")
    assert deck.card_total == 1
    context.close()


def test_two_tabs_never_overwrite_each_other_silently(browser, live_server, fallen_cards):
    UserFactory(username="dwie_karty", password=PASSWORD)
    context = browser.new_context(base_url=live_server.url, locale="pl-PL")
    first = context.new_page()
    first.set_default_timeout(10_000)
    log_in(first, "dwie_karty")
    new_deck(first, "Dwie karty", "Upadli")
    second = context.new_page()
    second.set_default_timeout(10_000)
    second.goto(first.url)

    angel, human = Card.objects.get(slug="angels-fallen-0"), Card.objects.filter(kind="human")[0]
    plus(first, angel.pk)
    saved(first)
    plus(second, human.pk)
    expect(second.locator("#conflict")).to_be_visible()
    expect(second.locator("#conflict")).to_contain_text("zapisana gdzie indziej")
    assert Deck.objects.get(name="Dwie karty").card_total == 1  # the first tab's save stands

    second.get_by_role("button", name="Zapisz moją wersję").click()
    saved(second)
    deck = Deck.objects.get(name="Dwie karty")
    assert {e.card_id for e in deck.entries.all()} == {human.pk}
    context.close()


def open_settings(page):
    page.locator("#deck-settings summary").click()


def test_refused_settings_are_shown_by_the_field_and_not_sent_again(page, fallen_cards):
    UserFactory(username="ustawienia", password=PASSWORD)
    log_in(page, "ustawienia")
    new_deck(page, "Dobra nazwa", "Upadli")
    bodies = []
    page.on(
        "request",
        lambda request: (
            bodies.append(request.post_data_json) if request.url.endswith("/save/") else None
        ),
    )
    open_settings(page)
    page.locator("#id_name").fill("   ")  # passes the browser's "required", not the server
    page.locator("#id_description").fill("Opis, który pisałem długo.")
    page.locator("#settings-form").get_by_role("button", name="Zapisz").click()

    error = page.locator("#settings-error-name")
    expect(error).to_have_text("Podaj nazwę talii.")
    expect(page.locator("#id_name")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#save-status")).to_contain_text("Ustawień talii nie zapisano")
    expect(page.locator(".deck-name")).to_have_text("Dobra nazwa")
    expect(page.locator("#id_description")).to_have_value("Opis, który pisałem długo.")
    assert len(bodies) == 1 and bodies[0]["name"] == "   "

    # The next change saves the cards alone: the refused settings are not sent again.
    human = Card.objects.filter(kind="human").first()
    plus(page, human.pk)
    saved(page)
    assert (
        len(bodies) == 2
        and "name" not in bodies[1]
        and bodies[1]["cards"] == {f"{human.pk}:humans": 1}
    )
    deck = Deck.objects.get(owner__username="ustawienia")
    assert (deck.name, deck.description, deck.card_total) == ("Dobra nazwa", "", 1)

    # Corrected, the settings save and the error goes away.
    page.locator("#id_name").fill("Lepsza nazwa")
    page.locator("#settings-form").get_by_role("button", name="Zapisz").click()
    saved(page)
    expect(error).to_have_count(0)
    deck.refresh_from_db()
    assert (deck.name, deck.description) == ("Lepsza nazwa", "Opis, który pisałem długo.")


@pytest.mark.parametrize("reply", ["csrf", "login"])
def test_an_ended_session_asks_to_log_in_again_and_keeps_the_changes(page, fallen_cards, reply):
    UserFactory(username="wygasla", password=PASSWORD)
    log_in(page, "wygasla")
    new_deck(page, "Sesja", "Upadli")
    deck = Deck.objects.get(owner__username="wygasla")
    sent = []

    def answer(route):
        sent.append(route.request.url)
        if reply == "csrf":
            route.fulfill(status=403, content_type="text/html", body="<h1>Forbidden (403)</h1>")
        else:  # what login_required does once the session is gone
            route.fulfill(status=302, headers={"Location": "/accounts/login/?next=/x/"})

    page.route("**/save/", answer)
    human = Card.objects.filter(kind="human").first()
    plus(page, human.pk)
    status = page.locator("#save-status")
    expect(status).to_contain_text("twoja sesja wygasła")
    expect(status.get_by_role("link", name="Zaloguj się ponownie")).to_have_attribute(
        "href", f"/accounts/login/?next=/decks/{deck.pk}/edit/"
    )
    page.wait_for_timeout(4000)  # the offline retry would have fired by now
    assert len(sent) == 1
    plus(page, human.pk)  # more changes are kept, not sent
    page.wait_for_timeout(500)
    assert len(sent) == 1
    # The tab's own draft: "deck-draft:<deck id>:<tab id>".
    drafts = page.evaluate(
        """prefix => Object.keys(localStorage)
            .filter(key => key.startsWith(prefix))
            .map(key => JSON.parse(localStorage.getItem(key)).cards)""",
        f"deck-draft:{deck.pk}:",
    )
    assert drafts == [{f"{human.pk}:humans": 2}]

    page.unroute("**/save/")
    page.reload()  # back from logging in: the draft is saved
    saved(page)
    deck.refresh_from_db()
    assert deck.card_total == 2


def test_unsaved_settings_survive_closing_the_tab(browser, live_server, fallen_cards):
    UserFactory(username="szkic", password=PASSWORD)
    context = browser.new_context(base_url=live_server.url, locale="pl-PL")
    page = context.new_page()
    page.set_default_timeout(10_000)
    log_in(page, "szkic")
    new_deck(page, "Szkic", "Upadli")
    builder_url = page.url
    page.route("**/save/", lambda route: route.abort("internetdisconnected"))
    open_settings(page)
    page.locator("#id_name").fill("Nazwa bez sieci")
    page.locator("#id_description").fill("Opis bez sieci")
    page.locator("#settings-form").get_by_role("button", name="Zapisz").click()
    expect(page.locator("#save-status")).to_contain_text("zachowane w tej przeglądarce")
    page.close()

    page = context.new_page()
    page.goto(builder_url)
    saved(page)
    expect(page.locator("#id_description")).to_have_value("Opis bez sieci")
    deck = Deck.objects.get(owner__username="szkic")
    assert (deck.name, deck.description) == ("Nazwa bez sieci", "Opis bez sieci")
    context.close()
