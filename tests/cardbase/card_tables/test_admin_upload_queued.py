"""A card file's preview and its writing run on the queue; the admin shows how far they are."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from cardbase import import_runs
from cardbase.exports import export_cards
from cardbase.import_runs import carry_out_import_run, run_progress
from cardbase.importers import import_cards
from cardbase.models import Card, CardImportRun, Changeset
from tests.factories import AngelFactory, CardImportRunFactory, UserFactory

URL = "admin:cardbase_card_import"


def work_the_queue():
    call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)


# The worker closes the connection between tasks, as a long-running process must; inside the
# transaction a plain database test runs in, that would drop the test's own data on PostgreSQL.
@pytest.mark.django_db(transaction=True)
def test_the_preview_and_the_writing_wait_for_the_worker_and_the_page_says_so(
    client, database_queue, operator_upload_dir
):
    operator = UserFactory(is_staff=True, is_superuser=True)
    client.force_login(operator)
    AngelFactory(slug="gammon", name="Gammon", faction="fallen", order="powers", level=7)
    text = export_cards(game_slug="aniolowie", fmt="csv").replace("powers,7,", "powers,8,", 1)
    file = SimpleUploadedFile("poziomy.csv", text.encode("utf-8"), content_type="text/csv")

    queued = client.post(reverse(URL), {"game": "aniolowie", "fmt": "csv", "file": file})
    run = CardImportRun.objects.get()
    assert queued.url == reverse("admin:cardbase_card_import_run", args=[run.pk])
    waiting = client.get(queued.url).content.decode()
    assert "Plik czeka w kolejce na wykonanie…" in waiting
    assert '<meta http-equiv="refresh" content="2">' in waiting

    work_the_queue()
    preview = client.get(queued.url)
    assert preview.context["facts"] == [(2, "Gammon", "Poziom", 7, 8)]
    assert '<meta http-equiv="refresh"' not in preview.content.decode()
    assert Card.objects.get().attribute("level") == 7

    applying = client.post(reverse(URL), {"token": run.token, "apply": "1"})
    writing = CardImportRun.objects.get(step=CardImportRun.Step.APPLY)
    assert applying.url == reverse("admin:cardbase_card_import_run", args=[writing.pk])
    assert "Plik czeka w kolejce" in client.get(applying.url).content.decode()
    assert Changeset.objects.count() == 0

    work_the_queue()
    done = client.get(applying.url).content.decode()
    changeset = Changeset.objects.get()
    assert (changeset.author, changeset.source_document) == (operator, "poziomy.csv")
    assert f'href="{reverse("admin:cardbase_changeset_change", args=[changeset.pk])}"' in done
    assert Card.objects.get().attribute("level") == 8
    assert list(operator_upload_dir.iterdir()) == []


@pytest.mark.django_db
def test_the_import_tells_its_progress_every_hundred_rows():
    for number in range(250):
        AngelFactory(name=f"Anioł {number}", faction="fallen", order="powers", level=7)
    text = export_cards(game_slug="aniolowie", fmt="csv").replace(",7,", ",6,")
    heard = []
    import_cards(
        game_slug="aniolowie",
        fmt="csv",
        text_or_path=text,
        progress=lambda done, total: heard.append((done, total)),
    )
    assert heard == [(0, 250), (100, 250), (200, 250), (250, 250)]


@pytest.mark.django_db
def test_a_running_run_shows_how_many_rows_are_done(admin_client, admin_user, operator_upload_dir):
    run = CardImportRunFactory(
        author=admin_user, step=CardImportRun.Step.APPLY, status=CardImportRun.Status.RUNNING
    )
    operator_upload_dir.mkdir()
    (operator_upload_dir / f"run-{run.pk}.progress").write_text("2300 5000")

    assert run_progress(run) == (2300, 5000)
    page = admin_client.get(reverse("admin:cardbase_card_import_run", args=[run.pk]))
    assert "Przeczytano 2300 z 5000 wierszy…" in page.content.decode()


@pytest.mark.django_db
def test_another_operators_run_is_not_found(admin_client):
    run = CardImportRunFactory()
    page = admin_client.get(reverse("admin:cardbase_card_import_run", args=[run.pk]))
    assert page.status_code == 404


@pytest.mark.django_db
def test_a_run_that_breaks_says_so_and_keeps_nothing(
    admin_client, admin_user, operator_upload_dir, monkeypatch
):
    run = CardImportRunFactory(game=AngelFactory().game, author=admin_user)
    operator_upload_dir.mkdir()
    upload = operator_upload_dir / f"{run.token}.txt"
    upload.write_text("name,kind\nGammon,angel\n")

    def broken(**kwargs):
        raise RuntimeError("the disk is gone")

    monkeypatch.setattr(import_runs, "import_cards", broken)
    with pytest.raises(RuntimeError):
        carry_out_import_run(run=run)

    run.refresh_from_db()
    assert run.status == CardImportRun.Status.FAILED
    assert not upload.exists()
    page = admin_client.get(reverse("admin:cardbase_card_import_run", args=[run.pk]))
    assert "błąd serwera w trakcie wczytywania; nic nie zapisano" in page.content.decode()
