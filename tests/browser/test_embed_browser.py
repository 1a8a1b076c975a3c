"""A deck embedded in a page of another site: its list shows and previews faces; its page does not.

The other site is a page Playwright answers itself (`page.route`), so nothing leaves the machine;
its frames load the deck's addresses from the live server, another origin.
"""

import shutil

import pytest
from playwright.sync_api import expect

from cardbase.models import Card
from decks import services
from tests.browser.conftest import CHROMIUM_FLAGS
from tests.factories import GameFactory, UserFactory, legal_deck_cards

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

OTHER_SITE = "http://other-origin.test/"
# Chromium keeps a public page's frames off the machine's own addresses (Local Network Access):
# on the web both sites are public, here the deck's site is the loopback's live server.
FRAMING_FLAGS = ["--disable-features=LocalNetworkAccessChecks"]


@pytest.fixture(scope="module")
def framing_browser(browser):
    """Chromium as the suite's, allowed to frame the loopback in a page of another origin."""
    framing = browser.browser_type.launch(
        executable_path=shutil.which("chromium"), args=[*CHROMIUM_FLAGS, *FRAMING_FLAGS]
    )
    yield framing
    framing.close()


@pytest.fixture
def page(framing_browser, live_server, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    context = framing_browser.new_context(base_url=live_server.url, locale="pl-PL")
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    page.wait_for_load_state("networkidle")
    context.close()


@pytest.fixture
def deck():
    GameFactory()
    return services.deck_create(
        owner=UserFactory(username="blogerka"),
        name="Zastępy na blogu",
        options={"faction": "lord"},
        visibility="public",
        cards=legal_deck_cards("lord"),
    )


def open_other_site(page, *frames: tuple[str, str]) -> None:
    """Open a page of another origin holding an iframe of each (id, address) given."""
    html = "".join(
        f'<iframe id="{name}" name="{name}" src="{src}" width="700" height="500"></iframe>'
        for name, src in frames
    )
    page.route(
        f"{OTHER_SITE}**",
        lambda route: route.fulfill(
            status=200,
            content_type="text/html",
            body=f"<!DOCTYPE html><html><body><h1>Mój blog</h1>{html}</body></html>",
        ),
    )
    page.goto(OTHER_SITE)


def test_a_deck_embeds_in_another_sites_page_and_its_page_is_refused(page, live_server, deck):
    refused: list[str] = []
    page.on("console", lambda message: "frame" in message.text and refused.append(message.text))
    open_other_site(
        page,
        ("embed", f"{live_server.url}/decks/{deck.pk}/embed/"),
        ("deck-page", f"{live_server.url}{deck.get_absolute_url()}"),
    )
    embed = page.frame_locator("#embed")
    expect(embed.get_by_role("heading", level=1)).to_have_text("Zastępy na blogu")
    human = Card.objects.filter(kind="human").order_by("name").first()
    link = embed.get_by_role("link", name=human.name, exact=True)
    expect(link).to_be_visible()
    expect(link).to_have_attribute("target", "_blank")
    expect(embed.locator(".embed-verdict")).to_contain_text("Talia jest zgodna")

    page.wait_for_load_state("networkidle")
    blocked = page.frame(name="deck-page")
    # Chromium puts its error page in place of a frame the page's policy refuses.
    assert blocked.url != f"{live_server.url}{deck.get_absolute_url()}"
    assert "Zastępy na blogu" not in blocked.content()
    assert any("frame-ancestors" in text or "X-Frame-Options" in text for text in refused)


def test_a_card_name_in_the_embed_shows_its_face_on_hover(page, live_server, deck):
    open_other_site(page, ("embed", f"{live_server.url}/decks/{deck.pk}/embed/?lang=fr"))
    embed = page.frame_locator("#embed")
    expect(embed.locator("html")).to_have_attribute("lang", "fr")
    card = Card.objects.filter(kind="human").order_by("name").first()
    embed.get_by_role("link", name=card.name, exact=True).hover()
    preview = embed.locator("#card-preview")
    expect(preview).to_be_visible()
    expect(preview.locator("img")).to_have_attribute(
        "src", f"/cards/aniolowie/{card.slug}/face.png"
    )
    # The face itself loads inside the frame: the embed's policy allows the site's own images.
    expect(preview.locator("img")).to_have_js_property("complete", True)
    assert preview.locator("img").evaluate("img => img.naturalWidth") > 0
    # Off the name, within the frame (a pointer jumping out of a frame in one synthetic move
    # tells the frame nothing).
    embed.get_by_role("heading", level=1).hover()
    expect(preview).to_be_hidden()


def test_a_private_deck_shows_nothing_in_the_frame(page, live_server):
    GameFactory()
    private = services.deck_create(
        owner=UserFactory(username="skryta"), name="Tajna talia", options={"faction": "lord"}
    )
    open_other_site(page, ("embed", f"{live_server.url}/decks/{private.pk}/embed/"))
    page.wait_for_load_state("networkidle")
    assert "Tajna talia" not in page.frame(name="embed").content()
