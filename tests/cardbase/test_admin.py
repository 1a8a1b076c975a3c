"""The admin applies the catalogue's validation: no Fallen Throne, real images, one thumbnail."""

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from PIL import Image

from cardbase.models import Card, Printing
from tests.factories import AngelFactory, GameFactory

pytestmark = pytest.mark.django_db


def png_bytes(size=(600, 840)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, "navy").save(buffer, format="PNG")
    return buffer.getvalue()


# The admin form's fields: the shared columns, one `attr__<id>` per attribute, `note__<lang>`.
ATTRIBUTE_FIELDS = (
    "edition_symbol",
    "name_angelic",
    "faction",
    "order",
    "level",
    "color",
    "support",
    "alignment",
    "sex",
    "ability_lord",
    "ability_fallen",
)


def card_form(game, **fields) -> dict:
    """Return the admin change form's data for a card, with empty inlines.

    Attribute keywords (faction=, order=…) go to their `attr__` fields.
    """
    data = {
        "game": game.pk,
        "kind": "angel",
        "name": "Testiel",
        "slug": "testiel",
        "text": "",
        "attr__anielica": "unknown",
        "note__pl": "",
        "note__en": "",
        "change_comment": "",
        "change_source": "Podręcznik, s. 12",
        **{f"attr__{name}": "" for name in ATTRIBUTE_FIELDS},
    }
    for prefix in ("printings", "sources"):
        data.update(
            {
                f"{prefix}-TOTAL_FORMS": "0",
                f"{prefix}-INITIAL_FORMS": "0",
                f"{prefix}-MIN_NUM_FORMS": "0",
                f"{prefix}-MAX_NUM_FORMS": "1000",
            }
        )
    for name, value in fields.items():
        data[f"attr__{name}" if name in ATTRIBUTE_FIELDS else name] = value
    return data


def test_admin_refuses_a_fallen_throne(admin_client):
    game = GameFactory()
    response = admin_client.post(
        reverse("admin:cardbase_card_add"),
        card_form(game, faction="fallen", order="thrones", level="11"),
    )
    assert response.status_code == 200
    errors = " ".join(str(e) for e in response.context["errors"])
    assert "Tron" in errors
    assert not Card.objects.filter(slug="testiel").exists()


def test_admin_saves_a_lords_throne(admin_client):
    game = GameFactory()
    response = admin_client.post(
        reverse("admin:cardbase_card_add"),
        card_form(game, faction="lord", order="thrones", level="11"),
    )
    assert response.status_code == 302
    card = Card.objects.get(slug="testiel")
    assert (card.attribute("faction"), card.attribute("order"), card.attribute("choir")) == (
        "lord",
        "thrones",
        "I",
    )


def with_scan(data: dict, upload) -> dict:
    data.update(
        {"printings-TOTAL_FORMS": "1", "printings-0-edition": "", "printings-0-image": upload}
    )
    return data


def test_admin_refuses_a_file_that_is_not_an_image(admin_client):
    card = AngelFactory(slug="testiel", name="Testiel", faction="", order="", level=None)
    fake = SimpleUploadedFile("scan.png", b"\x89PNG\r\n\x1a\nnot really", content_type="image/png")
    response = admin_client.post(
        reverse("admin:cardbase_card_change", args=[card.pk]), with_scan(card_form(card.game), fake)
    )
    assert response.status_code == 200
    assert response.context["errors"]
    assert not Printing.objects.filter(card=card).exists()


def test_admin_makes_the_thumbnail_once(admin_client, settings):
    card = AngelFactory(slug="testiel", name="Testiel", faction="", order="", level=None)
    scan = SimpleUploadedFile("scan.png", png_bytes(), content_type="image/png")
    url = reverse("admin:cardbase_card_change", args=[card.pk])
    response = admin_client.post(url, with_scan(card_form(card.game), scan))
    assert response.status_code == 302
    printing = Printing.objects.get(card=card)
    thumb_name = printing.thumbnail.name
    assert thumb_name.startswith("cards/thumbs/")
    with Image.open(printing.thumbnail.path) as thumb:
        assert max(thumb.size) < 600

    # Saving the card again without a new scan leaves the thumbnail as it was.
    data = card_form(card.game, text="Nowy tekst")
    data.update(
        {
            "printings-TOTAL_FORMS": "1",
            "printings-INITIAL_FORMS": "1",
            "printings-0-id": printing.pk,
            "printings-0-card": card.pk,
            "printings-0-edition": "",
        }
    )
    assert admin_client.post(url, data).status_code == 302
    printing.refresh_from_db()
    assert printing.thumbnail.name == thumb_name
    assert Card.objects.get(pk=card.pk).text == "Nowy tekst"
