"""Under the site's Content-Security-Policy every page still works and the browser refuses nothing.

A refusal shows as a `securitypolicyviolation` event in the page (caught by a script that runs
before the page's own) and as a console message ("Refused to …", "… violates the following
Content Security Policy directive …"), which also tells of a worker's.
"""

import contextlib
import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import translation
from playwright.sync_api import expect

from cardbase.models import Card
from decks import services
from tests.factories import GameFactory, UserFactory, legal_deck_cards

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "anioly-i-demony-7"  # tests.factories.UserFactory's

WATCH_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.cspViolations.push(`${event.effectiveDirective} ${event.blockedURI}`);
});
"""
# The site serves Redoc without the logo its bundle draws from its maker's CDN (api/views/docs.py):
# the browser is asked for nothing off the site, and refuses nothing.
REDOC_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg"
REFUSED = re.compile(r"Refused to|Content Security Policy")

DESCRIPTION = (
    "**Szybka** talia. ![śledzik](https://tracker.example/p.gif) "
    '<img src="//tracker.example/q.gif" alt="surowy"> ![ikona](/static/favicon.svg)'
)


@pytest.fixture
def watched(page):
    """The page, recording every refusal of its policy in `page.refusals()`."""
    refused_in_console: list[str] = []
    page.add_init_script(WATCH_VIOLATIONS)
    page.on(
        "console",
        lambda message: REFUSED.search(message.text) and refused_in_console.append(message.text),
    )

    def refusals() -> list[str]:
        page.wait_for_load_state("networkidle")
        return page.evaluate("window.cspViolations") + refused_in_console

    page.refusals = refusals
    return page


@pytest.fixture
def deck():
    GameFactory()
    return services.deck_create(
        owner=UserFactory(username="autor"),
        name="Zastępy Pana",
        options={"faction": "lord"},
        visibility="public",
        description=DESCRIPTION,
        cards=legal_deck_cards("lord"),
    )


def log_in(page, username):
    page.goto("/accounts/login/")
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill(PASSWORD)
    page.get_by_role("button", name="Zaloguj").click()
    expect(page.get_by_role("navigation", name="Konto")).to_contain_text(username)


def test_every_response_carries_the_policy(watched, live_server):
    response = watched.goto("/")
    policy = response.headers["content-security-policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy


def test_the_catalogue_pages_refuse_nothing_and_a_facet_applies(watched, deck):
    page = watched
    page.goto("/")
    expect(page.locator("main")).to_be_visible()
    assert page.refusals() == []

    page.goto("/cards/")
    page.evaluate("window.loadedOnce = true")  # a full page load would forget it
    everything = page.locator(".result-count").inner_text()
    page.locator("details.facet", has_text="Zakon").locator("summary").click()
    page.locator("[data-facet=order] label", has_text="Potęgi").locator("input").check()
    expect(page).to_have_url(re.compile(r"order=powers"))
    expect(page.locator(".result-count")).not_to_have_text(everything)
    assert page.evaluate("window.loadedOnce") is True  # htmx swapped the list in
    assert page.refusals() == []

    page.goto("/cards/?view=table")
    expect(page.locator("table").first).to_be_visible()
    assert page.refusals() == []

    card = Card.objects.filter(kind="angel").first()
    page.goto(card.get_absolute_url())
    face = page.locator("main img").first
    expect(face).to_have_js_property("complete", True)
    assert face.evaluate("img => img.naturalWidth") > 0
    assert page.refusals() == []

    page.goto("/cards/syntax/")
    expect(page.locator("main h1")).to_be_visible()
    assert page.refusals() == []


def test_the_deck_pages_refuse_nothing_and_show_only_the_sites_images(watched, deck):
    page = watched
    page.goto("/decks/")
    expect(page.get_by_role("link", name="Zastępy Pana")).to_be_visible()
    assert page.refusals() == []

    page.goto(deck.get_absolute_url())
    description = page.locator(".deck-description")
    expect(description.locator("strong")).to_have_text("Szybka")
    expect(description.get_by_role("link", name="śledzik")).to_have_attribute(
        "href", "https://tracker.example/p.gif"
    )
    images = description.locator("img")
    assert images.evaluate_all("imgs => imgs.map(img => img.getAttribute('src'))") == [
        None,
        "/static/favicon.svg",
    ]
    expect(images.nth(1)).to_have_js_property("complete", True)
    assert images.nth(1).evaluate("img => img.naturalWidth") > 0
    assert page.refusals() == []

    for path in ("stats", "hand", "print"):
        page.goto(f"{deck.get_absolute_url()}{path}/")
        expect(page.locator("h1").first).to_be_visible()
        assert page.refusals() == [], path
    expect(page.locator(".sheet-group").first).to_be_visible()


def test_the_builder_searches_and_adds_a_card_under_the_policy(watched, deck):
    page = watched
    log_in(page, "autor")
    assert page.refusals() == []
    page.goto(f"{deck.get_absolute_url()}edit/")
    angel = Card.objects.filter(kind="angel").order_by("name").first()
    results = page.locator("#card-results li[data-card]")
    everything = results.count()
    page.locator("#id_q").fill(angel.name)
    page.locator("#id_q").press("Enter")
    expect(page).to_have_url(re.compile(r"\?.*q="))  # the builder shows the search's answer
    expect(results.first).to_have_attribute("data-card", str(angel.pk))
    assert results.count() < everything
    result = page.locator(f'#card-results [data-card="{angel.pk}"]')
    copies = deck.entries.get(card=angel).count
    result.locator('button[data-delta="1"]').click()
    expect(page.locator("#save-status")).to_have_text("Zapisano.")
    assert deck.entries.get(card=angel).count == copies + 1
    assert page.refusals() == []

    page.goto("/decks/import/")
    expect(page.locator("textarea").first).to_be_visible()
    assert page.refusals() == []


def test_the_admin_refuses_nothing(watched, deck):
    page = watched
    get_user_model().objects.create_superuser("operator", password=PASSWORD)
    log_in(page, "operator")
    card = Card.objects.filter(kind="angel").first()
    for url in ("/admin/", "/admin/cardbase/card/", f"/admin/cardbase/card/{card.pk}/change/"):
        page.goto(url)
        expect(page.locator("#content")).to_be_visible()
        assert page.refusals() == [], url


def test_swagger_ui_renders_under_its_policy(watched):
    page = watched
    page.goto("/api/docs/")
    # The page is Polish, so the schema it asks for is titled in Polish.
    with translation.override("pl"):
        title = str(settings.SPECTACULAR_SETTINGS["TITLE"])
    expect(page.locator(".swagger-ui .info .title")).to_contain_text(title, timeout=30_000)
    page.locator(".opblock-summary", has_text="/api/v1/games/").first.click()
    expect(page.locator(".opblock-body").first).to_be_visible()
    assert page.refusals() == []


def test_redoc_renders_and_searches_under_its_policy(watched):
    page = watched
    page.goto("/api/redoc/")
    # The schema is generated on its first request, which may take a while on a busy machine.
    expect(page.get_by_role("heading", name="Get an API token")).to_be_visible(timeout=30_000)
    # The search runs in a blob: worker, which indexes the schema after the page has drawn it: a
    # search typed before that finds nothing, so it is typed again until the index answers.
    search = page.get_by_placeholder("Search...")
    found = page.locator("[data-role='search:results'] [role=menuitem]")
    for _ in range(5):
        search.fill("")
        search.fill("token")
        with contextlib.suppress(AssertionError):
            expect(found.first).to_have_attribute("aria-label", "Get an API token")
            break
    expect(found.first).to_have_attribute("aria-label", "Get an API token")
    assert page.refusals() == []
    assert page.locator(f'img[src="{REDOC_LOGO}"]').count() == 0
    page.get_by_role("link", name="← Baza kart").click()
    expect(page).to_have_url(re.compile(r"/$"))


def test_the_browsable_api_refuses_nothing(watched, deck):
    page = watched
    page.goto("/api/v1/cards/")
    expect(page.locator(".page-header h1")).to_be_visible()
    expect(page.locator(".response-info")).to_contain_text("count")
    assert page.refusals() == []
