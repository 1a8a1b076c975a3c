"""The catalogue in a real browser: filters, the card page, faces, the language switch."""

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def catalogue():
    call_command("load_catalogue", verbosity=0)


def test_find_gaap_among_the_powers_and_open_its_page(page, catalogue):
    page.goto("/")
    page.get_by_role("link", name="Otwórz katalog").click()
    # A click waits for the next page to arrive, not for its scripts: a box ticked before the
    # facets' script runs submits nothing (CI once ticked it that early).
    page.wait_for_load_state("load")
    page.locator("details.facet", has_text="Zakon").locator("summary").click()
    page.get_by_label("Potęgi").check()  # applies at once
    expect(page).to_have_url(re.compile(r"order=powers"))
    tiles = page.locator(".card-tile .card-name")
    assert "Gaap" in tiles.all_inner_texts()
    page.get_by_role("link", name="Gaap").first.click()
    assert page.locator("h1").inner_text() == "Gaap"
    facts = page.locator("dl.facts").inner_text()
    assert "Potęgi" in facts and "07" in facts
    assert "s. 12" in page.locator(".sources").inner_text()


def test_every_card_in_the_grid_has_a_face(page, catalogue):
    page.goto("/cards/?page_size=96")
    images = page.locator(".card-grid img")
    count = images.count()
    assert count > 40
    for index in range(count):
        images.nth(index).scroll_into_view_if_needed()
    page.wait_for_load_state("networkidle")
    widths = page.eval_on_selector_all(".card-grid img", "imgs => imgs.map(i => i.naturalWidth)")
    assert all(width > 0 for width in widths), widths


def test_fallen_powers_offer_the_powers_whose_faction_the_rulebook_omits(page, catalogue):
    # The rulebook names GAAP a Power (p. 12) but never its faction: the Fallen filter alone
    # finds nothing, and the page offers the Powers of unknown faction instead of hiding them.
    page.goto("/cards/")
    page.locator("details.facet", has_text="Frakcja").locator("summary").click()
    page.get_by_label("Upadli").check()
    expect(page).to_have_url(re.compile(r"faction=fallen"))
    page.locator("details.facet", has_text="Zakon").locator("summary").click()
    page.get_by_label("Potęgi").check()
    expect(page).to_have_url(re.compile(r"order=powers"))
    expect(page.locator(".result-count")).to_have_text(re.compile(r"^0"))
    offer = page.locator(".unknown-also")
    assert "frakcja" in offer.inner_text()
    offer.get_by_role("link", name="Pokaż je też").click()
    names = page.locator(".card-tile .card-name").all_inner_texts()
    assert sorted(names) == ["Bylet", "Gaap", "Muriel", "Uval", "Warel"]


def test_lords_angels_of_choir_three(page, catalogue):
    page.goto("/cards/?faction=lord&choir=III&kind=angel")
    assert page.locator(".result-count").inner_text().startswith("0")
    page.get_by_role("link", name="Pokaż je też").click()
    names = page.locator(".card-tile .card-name").all_inner_texts()
    assert sorted(names) == ["Ejszet", "Enael", "Nisroch", "Verrier"]
    page.goto("/cards/?faction=lord")
    names = page.locator(".card-tile .card-name").all_inner_texts()
    assert sorted(names) == ["Cidkiel", "Teliel"]


def test_language_switch_to_english_and_back(page, catalogue):
    page.goto("/cards/")
    page.get_by_role("button", name="EN").click()
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator("h1").inner_text() == "Card catalogue"
    page.get_by_role("button", name="PL").click()
    assert page.locator("h1").inner_text() == "Katalog kart"


def test_catalogue_works_on_a_phone(mobile_page, catalogue):
    mobile_page.goto("/cards/")
    overflow = mobile_page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0
    mobile_page.get_by_label("Nazwa lub tekst").fill("SWIETA")
    mobile_page.get_by_role("button", name="Szukaj").click()
    expect(mobile_page).to_have_url(re.compile(r"q=SWIETA"))
    assert "Święta" in mobile_page.locator(".card-tile .card-name").all_inner_texts()


def test_a_facet_click_updates_the_list_and_its_counts_without_a_page_load(page, catalogue):
    page.goto("/cards/")
    page.evaluate("window.loadedOnce = true")  # a full page load would forget it
    everything = page.locator(".result-count").inner_text()
    assert page.get_by_role("button", name="Filtruj").count() == 0  # only without JavaScript
    page.locator("details.facet", has_text="Zakon").locator("summary").click()
    powers = page.locator("[data-facet=order] label", has_text="Potęgi")
    count = re.search(r"\((\d+)\)", powers.inner_text()).group(1)
    powers.locator("input").check()
    expect(page).to_have_url(re.compile(r"order=powers"))
    expect(page.locator(".result-count")).not_to_have_text(everything)
    assert page.locator(".result-count").inner_text().startswith(count)
    assert page.evaluate("window.loadedOnce") is True
    # The other facets now count within the Powers; the one checked stays checked and open.
    assert page.locator("[data-facet=order] input[value=powers]").is_checked()
    page.go_back()
    expect(page.locator(".result-count")).to_have_text(everything)


def test_without_javascript_the_form_still_filters(
    browser, live_server, settings, tmp_path, catalogue
):
    settings.MEDIA_ROOT = tmp_path / "media"
    context = browser.new_context(
        base_url=live_server.url, locale="pl-PL", java_script_enabled=False
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto("/cards/")
    page.locator("details.facet", has_text="Zakon").locator("summary").click()
    page.get_by_label("Potęgi").check()
    page.get_by_role("button", name="Filtruj").click()
    assert "order=powers" in page.url
    names = page.locator(".card-tile .card-name").all_inner_texts()
    assert "Gaap" in names and len(names) < 24
    page.goto("/cards/?order=powers&faction=unknown")  # a plain GET with the params
    assert page.locator(".result-count").inner_text().startswith("5")
    context.close()
