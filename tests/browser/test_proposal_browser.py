"""A player proposes GAAP's faction with a photo on a phone; a moderator approves it on a
laptop; the card page then shows the fact with where it comes from."""

import pytest
from django.contrib.auth.models import Permission
from playwright.sync_api import expect

from cardbase.models import Card
from proposals.models import Proposal
from tests.browser.sessions import signed_in
from tests.factories import AngelFactory, UserFactory
from tests.proposal_steps import keep_photos_in, photo_bytes

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_photo_proposed_on_a_phone_is_approved_on_a_laptop(
    browser, live_server, settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path / "media"
    keep_photos_in(settings, tmp_path / "private")
    gaap = AngelFactory(name="Gaap", slug="gaap", order="powers", level=7, faction=None)
    player = UserFactory(username="gracz")
    moderator = UserFactory(username="moderatorka")
    moderator.user_permissions.add(Permission.objects.get(codename="moderate_proposal"))
    photo = tmp_path / "gaap.jpg"
    photo.write_bytes(photo_bytes(size=(300, 420), fmt="JPEG"))

    context, phone = signed_in(browser, live_server, player, width=390, height=844, phone=True)
    phone.goto(gaap.get_absolute_url())
    phone.get_by_role("link", name="Uzupełnij lub popraw fakty tej karty").click()
    phone.locator("#id_attr__faction").select_option("fallen")
    phone.locator("#id_source_image").set_input_files(str(photo))
    phone.locator("#id_comment").fill("Zdjęcie mojej karty.")
    phone.screenshot(path=str(tmp_path / "propose-phone.png"), full_page=True)
    # Nothing on the phone's form lies past the screen's edge.
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.get_by_role("button", name="Wyślij propozycję").click()
    expect(phone.locator(".messages")).to_contain_text("czeka na moderatora")
    expect(phone.locator(".proposal").first).to_contain_text("czeka na decyzję")
    phone.wait_for_load_state("networkidle")
    context.close()

    context, laptop = signed_in(browser, live_server, moderator, width=1366, height=900)
    laptop.goto("/moderation/")
    laptop.get_by_role("link", name="Gaap").click()
    expect(laptop.locator(".fact-changes tbody tr")).to_contain_text("Upadli")
    shown = laptop.locator("img.proposal-photo")
    expect(shown).to_be_visible()
    assert laptop.evaluate("document.querySelector('img.proposal-photo').naturalWidth") == 300
    laptop.screenshot(path=str(tmp_path / "review-laptop.png"), full_page=True)
    laptop.get_by_role("button", name="Przyjmij zaznaczone fakty").click()
    expect(laptop.locator(".messages")).to_contain_text("Przyjęto propozycję")

    laptop.goto(gaap.get_absolute_url())
    laptop.locator(".provenance summary").click()
    expect(laptop.locator(".fact-sources")).to_contain_text(
        "zaproponował(a) gracz, przyjął(a) moderatorka"
    )
    laptop.wait_for_load_state("networkidle")
    context.close()

    assert Card.objects.get(pk=gaap.pk).attributes["faction"] == "fallen"
    assert Proposal.objects.get().state == Proposal.State.APPROVED
