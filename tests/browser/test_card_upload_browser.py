"""An operator uploads an edited card table in the admin, reads the preview and applies it."""

import re

import pytest
from django.test import Client
from playwright.sync_api import expect

from cardbase.exports import export_cards
from cardbase.models import Card, Changeset
from tests.factories import AngelFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(params=[(1366, 900), (390, 844)], ids=["laptop", "phone"])
def operator_page(request, browser, live_server, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.IMPORT_UPLOADS_DIR = tmp_path / "imports"
    operator = UserFactory(username="operatorka", is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(operator)
    width, height = request.param
    context = browser.new_context(
        base_url=live_server.url, locale="pl-PL", viewport={"width": width, "height": height}
    )
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    page.wait_for_load_state("networkidle")
    context.close()


def test_the_preview_shows_the_changed_fact_and_applying_writes_it(operator_page, tmp_path):
    page = operator_page
    AngelFactory(slug="gammon", name="Gammon", faction="fallen", order="powers", level=7)
    edited = export_cards(game_slug="aniolowie", fmt="csv").replace(
        "fallen,powers,7,", "fallen,powers,8,"
    )
    path = tmp_path / "karty.csv"
    path.write_bytes(edited.encode("utf-8"))

    page.goto("/admin/cardbase/card/")
    page.get_by_role("link", name="Wczytaj plik z kartami").click()
    page.locator("#id_file").set_input_files(str(path))
    page.locator("#id_comment").fill("Poziom ze skanu")
    page.get_by_role("button", name="Pokaż zmiany").click()

    expect(page.locator("#import-totals")).to_contain_text("zmienionych: 1")
    row = page.locator("#import-facts tbody tr")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("Gammon")
    expect(row.locator("td").nth(3)).to_have_text("7")
    expect(row.locator("td").nth(4)).to_have_text("8")
    page.screenshot(path=str(tmp_path / "preview.png"), full_page=True)
    assert Card.objects.get().attribute("level") == 7

    page.get_by_role("button", name="Zapisz zmiany").click()
    expect(page.get_by_role("heading", name="Zapisano: karty.csv")).to_be_visible()
    expect(page.locator("#import-totals")).to_contain_text("zmienionych: 1")
    changeset = Changeset.objects.get()
    page.screenshot(path=str(tmp_path / "applied.png"), full_page=True)
    page.get_by_role("link", name=f"Zestaw zmian nr {changeset.pk}").click()
    expect(page).to_have_url(re.compile(rf"/admin/cardbase/changeset/{changeset.pk}/change/$"))
    assert changeset.comment == "Poziom ze skanu"
    assert Card.objects.get().attribute("level") == 8
