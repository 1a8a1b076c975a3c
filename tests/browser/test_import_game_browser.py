"""Importing a real INWO .dek from "My decks", at 390 px and 1366 px, in Polish and English.

The page asks for the game first or tells it from the file, names the deck after the file, and
after an error keeps the file's text so that the fix needs no new upload. The .dek files and the
card list are third-party and read from the configured data directory (skipped when absent).
"""

from collections import Counter

import pytest
from playwright.sync_api import expect

from decks.models import Deck
from rules import card_key
from rules.core import lackey
from tests.data import card_data_file
from tests.decks.transfer.lackey_data import build_catalogue
from tests.factories import AngelFactory, GameFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Serafin-z-ognia-9"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1366, "height": 900}}
WORDS = {
    "pl": {
        "my decks": "Moje talie",
        "import": "Importuj talię",
        "detect": "rozpoznaj z pliku lub tekstu",
        "submit": "Importuj i otwórz w kreatorze",
        "file": "albo plik (do 100 kB)",
        "faction": "Frakcja (Aniołowie)",
        "nothing saved": "Nic nie zapisano: 1 problem do poprawienia",
        "kept": "Treść pliku „Alien_Nation.dek” jest w polu „Talia” poniżej",
        "unknown": "Nie ma w katalogu karty „UFOz”. Czy chodziło o: UFOs?",
    },
    "en": {
        "my decks": "My decks",
        "import": "Import a deck",
        "detect": "tell from the file or text",
        "submit": "Import and open in the deck builder",
        "file": "or a file (up to 100 kB)",
        "faction": "Faction (Aniołowie)",
        "nothing saved": "Nothing was saved: 1 problem to fix",
        "kept": "The content of the file “Alien_Nation.dek” is in the “Deck” field below",
        "unknown": "There is no card “UFOz” in the catalogue. Did you mean: UFOs?",
    },
}


@pytest.fixture(
    params=[("phone", "pl"), ("laptop", "en"), ("phone", "en"), ("laptop", "pl")],
    ids=["phone-pl", "laptop-en", "phone-en", "laptop-pl"],
)
def player_page(request, browser, live_server, settings, tmp_path):
    """A signed-in player's page at the size and in the language asked for, beside two games."""
    settings.MEDIA_ROOT = tmp_path / "media"
    GameFactory()
    AngelFactory(name="Gaap", slug="gaap", faction="fallen", order="powers", level=7)
    build_catalogue()
    UserFactory(username="iluminat", password=PASSWORD)
    screen, lang = request.param
    context = browser.new_context(
        base_url=live_server.url, locale="pl-PL", **(PHONE if screen == "phone" else LAPTOP)
    )
    context.add_cookies([{"name": "django_language", "value": lang, "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto("/accounts/login/")
    page.locator("#id_username").fill("iluminat")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("#id_password").press("Enter")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    page.screen, page.lang, page.words = screen, lang, WORDS[lang]
    yield page
    page.wait_for_load_state("networkidle")
    context.close()


def open_import_from_my_decks(page):
    """Go to "My decks" by the site's menu and follow its import link."""
    if page.screen == "phone":
        page.locator(".site-menu summary").click()
    page.get_by_role("navigation").get_by_role("link", name=page.words["my decks"]).click()
    page.get_by_role("link", name=page.words["import"]).click()
    expect(page.locator("html")).to_have_attribute("lang", page.lang)


def no_sideways_scroll(page):
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page is {width[0]} px wide in a {width[1]} px window"


def file_counts(path):
    parsed = lackey.parse(path.read_text(encoding="utf-8"))
    return Counter(card_key(card.name) for zone in parsed.zones for card in zone.cards)


def deck_counts(deck):
    counts = Counter()
    for entry in deck.entries.select_related("card"):
        counts[card_key(entry.card.name)] += entry.count
    return counts


def test_a_real_dek_from_my_decks_is_told_as_inwo_and_named_after_its_file(player_page):
    page, words = player_page, player_page.words
    path = card_data_file("inwo/decks/Alien_Nation.dek")
    open_import_from_my_decks(page)
    no_sideways_scroll(page)
    detect = page.get_by_role("radio", name=words["detect"]).first
    expect(detect).to_be_checked()
    if page.screen == "laptop":
        # The player picks the game: only its options stay in view (INWO has none).
        page.get_by_role("radio", name="Illuminati: New World Order").check()
        expect(page.get_by_label(words["faction"])).to_be_hidden()
    page.get_by_label(words["file"]).set_input_files(path)
    page.get_by_role("button", name=words["submit"]).click()

    expect(page.locator("#builder")).to_be_visible()
    deck = Deck.objects.get()
    assert (deck.game.slug, deck.name, deck.format) == ("inwo", "Alien Nation", "standard")
    assert deck_counts(deck) == file_counts(path) and deck.card_total == 45


def test_after_an_error_the_file_need_not_be_chosen_again(player_page, tmp_path):
    page, words = player_page, player_page.words
    real = card_data_file("inwo/decks/Alien_Nation.dek")
    spoiled = tmp_path / "Alien_Nation.dek"
    spoiled.write_text(real.read_text(encoding="utf-8").replace(">UFOs<", ">UFOz<"), "utf-8")
    open_import_from_my_decks(page)
    page.get_by_label(words["file"]).set_input_files(spoiled)
    page.get_by_role("button", name=words["submit"]).click()

    expect(page.locator("#problems-title")).to_have_text(words["nothing saved"])
    expect(page.locator("#import-problems")).to_contain_text(words["unknown"])
    expect(page.locator("#import-kept")).to_contain_text(words["kept"])
    # What the import told stays chosen: the game, the LackeyCCG format, the file's name.
    expect(page.get_by_role("radio", name="Illuminati: New World Order")).to_be_checked()
    expect(page.locator("input[name=format][value=lackey]")).to_be_checked()
    expect(page.locator("#id_name")).to_have_value("Alien Nation")
    no_sideways_scroll(page)
    assert not Deck.objects.exists()

    area = page.locator("#id_text")
    area.fill(area.input_value().replace(">UFOz<", ">UFOs<"))
    page.get_by_role("button", name=words["submit"]).click()
    expect(page.locator("#builder")).to_be_visible()
    deck = Deck.objects.get()
    assert (deck.game.slug, deck.name) == ("inwo", "Alien Nation")
    assert deck_counts(deck) == file_counts(real)
