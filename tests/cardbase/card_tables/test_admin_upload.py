"""An operator uploads a card file in the admin, sees what it would change, then applies it.

The suite runs background tasks at once (TASKS_BACKEND=immediate): the upload's redirect leads
to the run's finished page. The queue itself is tested in test_admin_upload_queued.py.
"""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from cardbase.exports import export_cards
from cardbase.models import Card, Changeset
from tests.factories import AngelFactory, UserFactory

pytestmark = pytest.mark.django_db

URL = "admin:cardbase_card_import"


@pytest.fixture
def gammon():
    return AngelFactory(slug="gammon", name="Gammon", faction="fallen", order="powers", level=7)


def upload(client, text: str, name: str = "karty.csv", **fields):
    data = {"game": "aniolowie", "fmt": "csv", "comment": "", **fields}
    data["file"] = SimpleUploadedFile(name, text.encode("utf-8"), content_type="text/csv")
    return client.post(reverse(URL), data, follow=True)


def edited(old: str, new: str) -> str:
    text = export_cards(game_slug="aniolowie", fmt="csv")
    assert old in text
    return text.replace(old, new, 1)


def test_the_preview_shows_each_fact_old_and_new_and_writes_nothing(
    admin_client, operator_upload_dir, gammon
):
    response = upload(admin_client, edited("fallen,powers,7,", "fallen,powers,8,"))
    assert response.status_code == 200
    assert response.redirect_chain[0][0].startswith(reverse(URL))
    page = response.content.decode()
    assert "Dodanych kart: 0 · zmienionych: 1 · bez zmian: 0" in page
    facts = response.context["facts"]
    assert facts == [(2, "Gammon", "Poziom", 7, 8)]
    assert Card.objects.get().attribute("level") == 7
    assert Changeset.objects.count() == 0
    assert len(list(operator_upload_dir.iterdir())) == 1


def test_applying_writes_one_changeset_with_the_author_the_file_and_the_reason(
    admin_client, admin_user, operator_upload_dir, gammon
):
    preview = upload(
        admin_client,
        edited("fallen,powers,7,", "fallen,powers,8,"),
        comment="Poziomy ze skanów",
    )
    token = preview.context["pending"].token
    response = admin_client.post(reverse(URL), {"token": token, "apply": "1"}, follow=True)

    changeset = Changeset.objects.get()
    page = response.content.decode()
    assert "Dodanych kart: 0 · zmienionych: 1 · bez zmian: 0" in page
    assert f'href="{reverse("admin:cardbase_changeset_change", args=[changeset.pk])}"' in page
    assert (changeset.author, changeset.comment) == (admin_user, "Poziomy ze skanów")
    assert (changeset.source_kind, changeset.source_document) == ("file", "karty.csv")
    assert [(c.fact, c.old, c.new, c.row) for c in changeset.changes.all()] == [("level", 7, 8, 2)]
    assert list(operator_upload_dir.iterdir()) == []
    # The preview is gone once applied: applying it again writes nothing.
    again = admin_client.post(reverse(URL), {"token": token, "apply": "1"}, follow=True)
    assert "Tego podglądu już nie ma" in again.content.decode()
    assert Changeset.objects.count() == 1


def test_discarding_writes_nothing_and_removes_the_file(admin_client, operator_upload_dir, gammon):
    preview = upload(admin_client, edited("fallen,powers,7,", "fallen,powers,8,"))
    token = preview.context["pending"].token
    response = admin_client.post(reverse(URL), {"token": token, "discard": "1"}, follow=True)
    assert "Odrzucono plik karty.csv: nic nie zapisano." in response.content.decode()
    assert Card.objects.get().attribute("level") == 7
    assert list(operator_upload_dir.iterdir()) == []


def test_a_catalogue_changed_since_the_preview_is_previewed_again(
    admin_client, operator_upload_dir, gammon
):
    preview = upload(admin_client, edited("fallen,powers,7,", "fallen,powers,8,"))
    card = Card.objects.get()
    card.text = "Tekst dopisany w międzyczasie."
    card.save()
    response = admin_client.post(
        reverse(URL), {"token": preview.context["pending"].token, "apply": "1"}, follow=True
    )
    assert response.status_code == 200
    assert "Katalog zmienił się od podglądu" in response.content.decode()
    # Shown against the catalogue as it is now: the file would also take the new text away.
    assert response.context["facts"] == [
        (2, "Gammon", "Tekst karty", "Tekst dopisany w międzyczasie.", None),
        (2, "Gammon", "Poziom", 7, 8),
    ]
    assert Changeset.objects.count() == 0
    assert Card.objects.get().attribute("level") == 7


def test_bad_files_are_refused_in_the_form_naming_the_fault(
    admin_client, operator_upload_dir, settings, gammon
):
    not_utf8 = admin_client.post(
        reverse(URL),
        {
            "game": "aniolowie",
            "fmt": "csv",
            "file": SimpleUploadedFile("k.csv", "Żmij".encode("cp1250")),
        },
    )
    assert "To nie jest tekst UTF-8 (bajt 0)" in not_utf8.content.decode()

    wrong_columns = upload(admin_client, "name,kind,strength\nA,angel,1\n")
    assert "Nie wczytano pliku karty.csv" in wrong_columns.content.decode()
    assert "wiersz 1 (nagłówek): nieznane kolumny: strength" in wrong_columns.content.decode()
    assert list(operator_upload_dir.iterdir()) == []

    settings.MAX_IMPORT_BYTES = 2**20
    too_big = upload(admin_client, "name,kind\n" + "A,angel\n" * 200_000)
    assert "Plik ma 1.5 MB; największy dozwolony to 1 MB." in too_big.content.decode()
    assert list(operator_upload_dir.iterdir()) == []


def test_a_player_without_the_card_permissions_cannot_upload(client, operator_upload_dir):
    client.force_login(UserFactory(is_staff=True))
    assert client.get(reverse(URL)).status_code == 403


def test_the_card_list_links_to_the_upload(admin_client):
    page = admin_client.get(reverse("admin:cardbase_card_changelist")).content.decode()
    assert f'href="{reverse(URL)}"' in page
