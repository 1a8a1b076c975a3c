"""On a phone the catalogue's filters say how many cards they show and take the player there:
a "Show N cards" button in sight under the filters, its number following each tick; the same
button submits the form without JavaScript. A laptop shows the results beside the filters; the
address holds only the filters chosen."""

import re
from urllib.parse import parse_qsl, urlparse

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 900}
# The fixtures hold 53 Aniołowie cards and the 3 that 7 Fallen's guide names.
WORDS = {
    "pl": {"filters": "Filtry", "order": "Zakon", "powers": "Potęgi", "all": "Pokaż 56 kart"},
    "en": {"filters": "Filters", "order": "Order", "powers": "Powers", "all": "Show 56 cards"},
}
FIVE = {"pl": "Pokaż 5 kart", "en": "Show 5 cards"}


@pytest.fixture
def catalogue():
    call_command("load_catalogue", verbosity=0)


def _open(browser, live_server, settings, tmp_path, viewport, lang, **options):
    settings.MEDIA_ROOT = tmp_path / "media"
    context = browser.new_context(
        base_url=live_server.url, viewport=viewport, is_mobile=viewport["width"] < 760, **options
    )
    context.add_cookies([{"name": "django_language", "value": lang, "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(10_000)
    return context, page


def _in_sight(page, locator) -> bool:
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height + 1


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_on_a_phone_a_tick_updates_the_button_that_shows_the_cards(
    browser, live_server, settings, tmp_path, catalogue, lang
):
    words = WORDS[lang]
    context, page = _open(browser, live_server, settings, tmp_path, PHONE, lang)
    page.goto("/cards/")
    page.locator(".catalogue-filters > summary").click()
    show = page.locator("[data-show-results]")
    expect(show).to_have_text(words["all"])
    assert _in_sight(page, show)
    order = page.locator("details.facet:has([data-facet=order]) > summary")
    expect(order).to_contain_text(words["order"])
    order.click()
    powers = page.locator("[data-facet=order] input[value=powers]")
    powers.scroll_into_view_if_needed()
    powers.check()  # applies at once
    expect(show).to_have_text(FIVE[lang])
    expect(page.locator(".result-count")).to_have_text(re.compile(r"^5 "))
    # The results lie far below the open filters; the button stays at the screen's foot.
    assert page.locator(".result-count").bounding_box()["y"] > PHONE["height"]
    assert _in_sight(page, show)
    show.click()
    expect(page.locator(".catalogue-filters")).not_to_have_attribute("open", "")
    expect(page).to_have_url(re.compile(r"order=powers"))
    page.wait_for_function(
        "() => { const r = document.querySelector('.result-count').getBoundingClientRect();"
        " return r.top >= 0 && r.bottom <= window.innerHeight; }"
    )
    assert len(page.locator("#results .card-tile").all()) == 5
    page.wait_for_load_state("networkidle")
    context.close()


def test_without_javascript_the_button_submits_the_filters(
    browser, live_server, settings, tmp_path, catalogue
):
    context, page = _open(
        browser, live_server, settings, tmp_path, PHONE, "pl", java_script_enabled=False
    )
    page.goto("/cards/")
    page.locator(".catalogue-filters > summary").click()
    page.locator("details.facet:has([data-facet=order]) > summary").click()
    page.locator("[data-facet=order] input[value=powers]").check()
    page.locator("[data-show-results]").click()
    expect(page).to_have_url(re.compile(r"order=powers"))
    expect(page.locator("[data-show-results]")).to_have_text("Pokaż 5 kart")
    expect(page.locator(".result-count")).to_have_text(re.compile(r"^5 "))
    context.close()


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_on_a_laptop_the_results_sit_beside_the_filters_and_the_address_holds_the_choice(
    browser, live_server, settings, tmp_path, catalogue, lang
):
    context, page = _open(browser, live_server, settings, tmp_path, LAPTOP, lang)
    page.goto("/cards/")
    expect(page.locator("[data-show-results]")).to_be_hidden()
    page.locator("details.facet:has([data-facet=order]) > summary").click()
    page.locator("[data-facet=order] input[value=powers]").check()
    expect(page.locator(".result-count")).to_have_text(re.compile(r"^5 "))
    assert _in_sight(page, page.locator(".result-count"))
    # The address holds what was chosen, not every blank field of the form.
    chosen = parse_qsl(urlparse(page.url).query, keep_blank_values=True)
    assert ("order", "powers") in chosen
    assert [name for name, value in chosen if not value] == []
    page.wait_for_load_state("networkidle")
    context.close()
