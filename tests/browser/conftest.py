"""Playwright driving Debian's Chromium against Django's live server; no browser is downloaded."""

import os
import shutil

import pytest
from playwright.sync_api import sync_playwright

CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

# Playwright's sync API runs an event loop in this thread; the ORM calls the tests make between
# browser steps are still plain synchronous code.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="session")
def browser():
    executable = shutil.which("chromium")
    if executable is None:
        pytest.fail(
            "Debian's chromium is not installed: run `make browser-deps` (apt-get install chromium)"
        )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


def _open_page(browser, live_server, settings, tmp_path, **context_options):
    settings.MEDIA_ROOT = tmp_path / "media"
    context = browser.new_context(base_url=live_server.url, locale="pl-PL", **context_options)
    page = context.new_page()
    page.set_default_timeout(10_000)
    return context, page


def _close(context, page):
    # A request still in flight when the test's database is torn down fails the teardown.
    page.wait_for_load_state("networkidle")
    context.close()


@pytest.fixture
def page(browser, live_server, settings, tmp_path):
    context, page = _open_page(browser, live_server, settings, tmp_path)
    yield page
    _close(context, page)


@pytest.fixture
def mobile_page(browser, live_server, settings, tmp_path):
    context, page = _open_page(
        browser,
        live_server,
        settings,
        tmp_path,
        viewport={"width": 375, "height": 740},
        is_mobile=True,
    )
    yield page
    _close(context, page)


@pytest.fixture
def clipboard_page(browser, live_server, settings, tmp_path):
    """A phone-sized page that may read and write the clipboard, as a copy button needs."""
    context, page = _open_page(
        browser, live_server, settings, tmp_path, viewport={"width": 390, "height": 844}
    )
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    yield page
    _close(context, page)
