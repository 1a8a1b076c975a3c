"""Every page fits a 390 px phone without scrolling sideways, and a laptop too; the phone header
stays small."""

import pytest
from django.test import Client

import rules
from decks import codes, services
from tests.dark_eden_factories import LeaderFactory
from tests.factories import AngelFactory, UserFactory, legal_deck_cards
from tests.inwo_factories import GroupFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 900}
LONG_WORD = "Najprzenajświętszywszechmocnoskrzydlatyarchanioł"
LONG_USER = "gracz_o_bardzo_dlugim_nicku_ktory_nie_ma_spacji_wcale"


def _every_attribute(game_id: str, kind: str) -> dict:
    """Give a card of `kind` a value for every attribute its game declares for it, the longest."""
    values = {}
    for attribute in rules.get_game(game_id).schema.attributes_of(kind):
        if attribute.derive is not None:
            continue
        if attribute.type == "choice":
            ids = [value.id for value in attribute.values]
            values[attribute.id] = ids if attribute.multi else ids[-1]
        elif attribute.type == "int":
            values[attribute.id] = attribute.maximum if attribute.maximum is not None else 10
        elif attribute.type == "bool":
            values[attribute.id] = True
        elif attribute.type == "text":
            values[attribute.id] = f"{LONG_WORD} " * 6
    return values


@pytest.fixture
def world():
    """Decks and cards with long names in every game, and a signed-in player."""
    player = UserFactory(username=LONG_USER)
    cards = legal_deck_cards("fallen")
    deck = services.deck_create(
        owner=player,
        name=f"Talia {LONG_WORD} i jeszcze dłuższa nazwa talii",
        options={"faction": "fallen"},
        visibility="public",
        description=f"Opis z długim słowem {LONG_WORD}{LONG_WORD}.",
        cards=cards,
    )
    services.deck_update(
        deck=deck, expected_version=deck.version, cards={**cards, next(iter(cards)): 2}
    )
    AngelFactory(name=f"{LONG_WORD} Serafin", slug="dlugi-serafin")
    inwo = GroupFactory(
        name=f"The {LONG_WORD} Conspiracy of Everything",
        slug="every-attribute",
        **_every_attribute("inwo", "organization"),
    )
    leader = LeaderFactory(name=f"{LONG_WORD} Wódz", slug="dlugi-wodz")
    client = Client()
    client.force_login(player)
    return {
        "deck": deck,
        "code": codes.deck_code(deck),
        "inwo": inwo,
        "leader": leader,
        "session": client.cookies["sessionid"].value,
    }


def _pages(world) -> dict[str, str]:
    deck = world["deck"]
    return {
        "home": "/",
        "catalogue grid": "/cards/",
        "catalogue table": "/cards/?view=table",
        **dict(CATALOGUE_VIEWS),
        "card aniolowie": "/cards/aniolowie/dlugi-serafin/",
        "card inwo": world["inwo"].get_absolute_url(),
        "card dark eden": world["leader"].get_absolute_url(),
        "syntax": "/cards/syntax/",
        "public decks": "/decks/",
        "my decks": "/decks/mine/",
        "deck": deck.get_absolute_url(),
        "deck stats": f"/decks/{deck.pk}/stats/",
        "hand": f"/decks/{deck.pk}/hand/",
        "history": f"/decks/{deck.pk}/history/",
        "print": f"/decks/{deck.pk}/print/",
        "code": f"/decks/code/{world['code']}/",
        "import": "/decks/import/",
        "password change": "/accounts/password/",
    }


CATALOGUE_VIEWS = [
    (f"catalogue {view} {game}", f"/cards/?game={game}&view={view}")
    for game in ("aniolowie", "inwo", "dark-eden")
    for view in ("grid", "table")
]
PAGE_NAMES = [
    "home",
    "catalogue grid",
    "catalogue table",
    *dict(CATALOGUE_VIEWS),
    "card aniolowie",
    "card inwo",
    "card dark eden",
    "syntax",
    "public decks",
    "my decks",
    "deck",
    "deck stats",
    "hand",
    "history",
    "print",
    "code",
    "import",
    "password change",
]


def _context(browser, live_server, settings, tmp_path, viewport, session=None):
    settings.MEDIA_ROOT = tmp_path / "media"
    context = browser.new_context(
        base_url=live_server.url,
        locale="pl-PL",
        viewport=viewport,
        is_mobile=viewport is PHONE,
        has_touch=viewport is PHONE,
    )
    if session:
        context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(10_000)
    return context, page


def _overflow(page, viewport) -> dict:
    """Return the page's width against the screen's, and the elements past the screen's edge."""
    # A phone browser widens its window to a page too wide for it: measure against the screen.
    return page.evaluate(
        """(width) => {
          const wide = [...document.body.querySelectorAll('*')]
            .filter(e => e.getBoundingClientRect().right > width + 1)
            .map(e => e.tagName.toLowerCase() + (e.className ? '.' + e.className : ''));
          return {scroll: document.documentElement.scrollWidth, window: window.innerWidth,
                  screen: width, wide: wide.slice(0, 5)};
        }""",
        viewport["width"],
    )


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
@pytest.mark.parametrize("name", PAGE_NAMES)
def test_no_page_scrolls_sideways(browser, live_server, settings, tmp_path, world, name, viewport):
    context, page = _context(browser, live_server, settings, tmp_path, viewport, world["session"])
    response = page.goto(_pages(world)[name])
    assert response.status == 200
    page.wait_for_load_state("networkidle")
    measured = _overflow(page, viewport)
    context.close()
    assert measured["scroll"] <= measured["screen"] == measured["window"], measured


@pytest.mark.parametrize("path", ["/accounts/login/", "/accounts/signup/"])
@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_account_pages_fit(browser, live_server, settings, tmp_path, path, viewport):
    context, page = _context(browser, live_server, settings, tmp_path, viewport)
    page.goto(path)
    measured = _overflow(page, viewport)
    context.close()
    assert measured["scroll"] <= measured["screen"] == measured["window"], measured


def test_the_phone_header_is_one_short_line_with_a_menu(
    browser, live_server, settings, tmp_path, world
):
    context, page = _context(browser, live_server, settings, tmp_path, PHONE, world["session"])
    page.goto("/decks/")
    header = page.locator(".site-header")
    closed = header.bounding_box()["height"]
    nav = page.get_by_role("navigation", name="Nawigacja")
    assert not nav.is_visible()
    page.get_by_text("Menu").click()
    assert nav.get_by_role("link", name="Moje talie").is_visible()
    menu = page.locator(".site-menu-body").bounding_box()
    measured = _overflow(page, PHONE)
    context.close()
    assert closed <= 64, closed
    assert menu["x"] >= 0 and menu["x"] + menu["width"] <= PHONE["width"], menu
    assert menu["y"] + menu["height"] < PHONE["height"] / 2, menu
    assert measured["scroll"] <= PHONE["width"], measured


def test_the_laptop_header_shows_the_nav_without_a_menu_button(
    browser, live_server, settings, tmp_path, world
):
    context, page = _context(browser, live_server, settings, tmp_path, LAPTOP, world["session"])
    page.goto("/")
    nav = page.get_by_role("navigation", name="Nawigacja")
    assert nav.get_by_role("link", name="Moje talie").is_visible()
    assert not page.locator(".site-menu > summary").is_visible()
    height = page.locator(".site-header").bounding_box()["height"]
    context.close()
    assert height <= 64, height


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_the_deck_filters_fold_away_on_a_phone(
    browser, live_server, settings, tmp_path, world, viewport
):
    context, page = _context(browser, live_server, settings, tmp_path, viewport)
    page.goto("/decks/")
    author = page.get_by_label("Autor")
    folded = not author.is_visible()
    if folded:
        page.get_by_text("Filtry", exact=True).click()
    author.fill("gracz")
    page.get_by_role("button", name="Filtruj").click()
    page.wait_for_url("**/decks/?*author=gracz*")
    context.close()
    assert folded is (viewport is PHONE)


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_the_catalogue_shows_cards_first_and_its_filters_fold_on_a_phone(
    browser, live_server, settings, tmp_path, world, viewport
):
    context, page = _context(browser, live_server, settings, tmp_path, viewport)
    page.goto("/cards/")
    first_card = page.locator(".card-grid a").first.bounding_box()
    game = page.get_by_label("Gra", exact=True)
    folded = not game.is_visible()
    if folded:
        page.locator(".catalogue-filters > summary").click()
    game.select_option(label="Illuminati: New World Order")
    page.wait_for_url("**/cards/?*game=inwo*")
    # Soft hyphens mark where long names may break (cardbase/hyphens.py); the text reads without.
    names = page.locator(".card-grid").inner_text().replace("\u00ad", "")
    context.close()
    assert folded is (viewport is PHONE)
    assert first_card["y"] < viewport["height"], first_card
    assert "Conspiracy of Everything" in names
