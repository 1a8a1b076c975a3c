"""Quick add in an INWO deck at 390 px and 1366 px, in Polish and English: real names that start
with a number (`13013`, `18 1/2-Minute Gap`), a bad line kept apart, a suggestion that adds."""

import pytest
from django.test import Client
from playwright.sync_api import expect

from cardbase.importers import import_cards
from decks import services
from decks.models import Deck
from decks.selectors.entries import deck_entries
from tests.factories import GameFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1366, "height": 900}}
WORDS = {
    "pl": {
        "added_some": "Dodano karty z poprawnych wierszy",
        "added": "Dodano karty.",
        "line": "wiersz 3 („Gunn Lobby x2”): Nie ma w katalogu karty „Gunn Lobby”.",
        "fix": "Dodaj 2 × „Gun Lobby”",
        "foreign_quote": "“",
    },
    "en": {
        "added_some": "The cards of the good lines were added",
        "added": "Cards added.",
        "line": "line 3 (“Gunn Lobby x2”): There is no card “Gunn Lobby” in the catalogue.",
        "fix": "Add 2 × “Gun Lobby”",
        "foreign_quote": "„",
    },
}


@pytest.fixture(params=["phone", "laptop"])
def screen(request):
    return request.param


@pytest.fixture(params=["pl", "en"])
def lang(request):
    return request.param


@pytest.fixture
def inwo_builder(browser, live_server, settings, tmp_path, inwo_carddata, screen, lang):
    """A signed-in player's INWO builder, with INWO's whole real card list loaded."""
    settings.MEDIA_ROOT = tmp_path / "media"
    GameFactory(slug="inwo", name="Illuminati: New World Order")
    import_cards(game_slug="inwo", fmt="lackey", text_or_path=inwo_carddata)
    owner = UserFactory(username="spiskowiec")
    deck = services.deck_create(owner=owner, name="Spisek", game="inwo")
    client = Client()
    client.force_login(owner)
    context = browser.new_context(
        base_url=live_server.url, locale="pl-PL", **(PHONE if screen == "phone" else LAPTOP)
    )
    context.add_cookies(
        [
            {
                "name": "sessionid",
                "value": client.cookies["sessionid"].value,
                "url": live_server.url,
            },
            {"name": "django_language", "value": lang, "url": live_server.url},
        ]
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"/decks/{deck.pk}/edit/")
    yield page, deck
    page.wait_for_load_state("networkidle")
    context.close()


def counts(deck):
    return {entry.card.name: entry.count for entry in deck_entries(deck)}


def test_numbered_names_are_added_and_a_suggestion_adds_its_card(inwo_builder, screen, lang):
    page, deck = inwo_builder
    words = WORDS[lang]
    box = page.locator("#quick-add-text")
    box.fill("13013\n2 18 1/2-Minute Gap\nGunn Lobby x2\n")
    page.locator("#quick-add").get_by_role("button").click()

    status = page.locator("#save-status")
    expect(status).to_contain_text(words["added_some"])
    # The good lines are saved; the bad one stays in the box, reported with its line.
    assert counts(deck) == {"13013": 1, "18 1/2-Minute Gap": 2}
    expect(box).to_have_value("Gunn Lobby x2")
    problems = page.locator("#quick-add-problems li")
    expect(problems).to_have_count(1)
    expect(problems).to_contain_text(words["line"])
    assert words["foreign_quote"] not in problems.inner_text()

    # The suggestion is a button: a tap adds that card and takes the line from the box.
    fix = problems.get_by_role("button", name=words["fix"])
    fix.click()
    expect(status).to_have_text(words["added"])
    expect(problems).to_have_count(0)
    expect(box).to_have_value("")
    assert counts(deck) == {"13013": 1, "18 1/2-Minute Gap": 2, "Gun Lobby": 2}
    if screen == "phone":
        page.locator(".bar-tab[data-pane=deck]").click()
    lines = page.locator("#deck-panel .deck-line")
    for name in ("13013", "18 1/2-Minute Gap", "Gun Lobby"):
        expect(lines.filter(has_text=name)).to_be_visible()
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1]


IMPORT_WORDS = {
    "pl": {"fix": "Zamień na „Gun Lobby”", "line": "Nie ma w katalogu karty „Gunn Lobby”."},
    "en": {"fix": "Replace with “Gun Lobby”", "line": "There is no card “Gunn Lobby”"},
}


def test_an_import_suggestion_replaces_its_line_and_the_deck_then_imports(
    inwo_builder, screen, lang
):
    page, _deck = inwo_builder
    page.goto("/decks/import/?game=inwo")
    page.locator("#id_name").fill("Z forum")
    text = page.locator("#id_text")
    text.fill("13013\n2 Gunn Lobby\n18 1/2-Minute Gap\n")
    page.locator("#import-form button[type=submit]").click()

    problem = page.locator('#import-problems [data-line="2"]')
    expect(problem).to_contain_text(IMPORT_WORDS[lang]["line"])
    # Nothing is saved until every line is right; the suggestion puts its card in the line.
    assert counts_of("Z forum") is None
    problem.get_by_role("button", name=IMPORT_WORDS[lang]["fix"]).click()
    expect(text).to_have_value("13013\n2 Gun Lobby\n18 1/2-Minute Gap\n")
    expect(problem.get_by_role("button")).to_have_count(0)
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1]
    page.locator("#import-form button[type=submit]").click()
    expect(page.locator("#builder")).to_be_visible()
    assert counts_of("Z forum") == {"13013": 1, "Gun Lobby": 2, "18 1/2-Minute Gap": 1}


def counts_of(name):
    deck = Deck.objects.filter(name=name).first()
    return None if deck is None else counts(deck)
