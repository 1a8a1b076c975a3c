"""Choosing a game in the catalogue narrows its sorts and facets to that game's at once; every
game's catalogue names the game of each facet."""

import pytest
from playwright.sync_api import expect

from tests.factories import AngelFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 900}}
SET = {"pl": "Zestaw – Dark Eden", "en": "Set – Dark Eden"}


@pytest.mark.parametrize("lang", ["pl", "en"])
@pytest.mark.parametrize("screen", ["phone", "laptop"])
def test_choosing_a_game_offers_its_sorts_only(
    browser, live_server, settings, tmp_path, lang, screen
):
    AngelFactory(name="Gaap", order="powers", level=7)
    settings.MEDIA_ROOT = tmp_path / "media"
    viewport = VIEWPORTS[screen]
    context = browser.new_context(
        base_url=live_server.url, viewport=viewport, is_mobile=screen == "phone"
    )
    context.add_cookies([{"name": "django_language", "value": lang, "url": live_server.url}])
    page = context.new_page()
    page.goto("/cards/")
    if screen == "phone":
        page.locator(".catalogue-filters > summary").click()
    sorts = page.locator("#id_sort option")
    expect(page.locator("details.facet > summary", has_text=SET[lang])).to_have_count(1)
    assert "power" in [option.get_attribute("value") for option in sorts.all()]
    page.locator("#id_game").select_option("aniolowie")
    expect(page.locator("#id_sort option[value=power]")).to_have_count(0)
    expect(page.locator("#id_sort option[value=level]")).to_have_count(1)
    expect(page.locator("#id_level_min")).to_have_count(1)
    expect(page.locator("#id_power_min")).to_have_count(0)
    summaries = page.locator("details.facet > summary").all_inner_texts()
    assert summaries and not [text for text in summaries if "Dark Eden" in text]
    page.wait_for_load_state("networkidle")
    context.close()
