"""In a real browser, the API docs and the site's pages ask no other host for anything."""

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _asked_elsewhere(page, own: str, url: str) -> list[str]:
    """Open `url`; return the addresses on hosts other than `own` the browser tried to reach."""
    tried: list[str] = []

    def failed(request):
        # A request the page's Content-Security-Policy blocks never leaves the browser.
        if request.failure != "csp":
            tried.append(request.url)

    def answered(request):
        tried.append(request.url)

    def foreign(request) -> bool:
        return urlsplit(request.url).netloc not in {"", own}

    page.on("requestfailed", lambda r: foreign(r) and failed(r))
    page.on("requestfinished", lambda r: foreign(r) and answered(r))
    page.goto(url)
    page.wait_for_load_state("networkidle")
    return tried


@pytest.mark.parametrize("url", ["/api/redoc/", "/api/docs/", "/", "/accounts/login/"])
def test_a_page_asks_no_other_host(page, live_server, url):
    assert _asked_elsewhere(page, urlsplit(live_server.url).netloc, url) == []


def test_redoc_draws_the_api_without_its_makers_logo(page):
    page.goto("/api/redoc/")
    # The schema is generated on its first request, which may take a while on a busy machine.
    expect(page.get_by_role("heading", name="Get an API token")).to_be_visible(timeout=30_000)
    expect(page.get_by_text("API docs by Redocly")).to_be_visible()
    expect(page.locator("img[src^='http']")).to_have_count(0)
