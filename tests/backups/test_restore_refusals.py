"""Restore refuses, with a message naming the fault, to overwrite players' data or to read a
damaged backup; a refused restore leaves the database as it was."""

import hashlib
import io
import json
import zipfile
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.core.management.base import CommandError

from cardbase.models import Card
from decks.models import Deck
from tests.factories import AngelFactory, UserFactory

pytestmark = pytest.mark.django_db


def back_up(path: Path) -> Path:
    call_command("backup", str(path), stdout=io.StringIO(), stderr=io.StringIO())
    return path


def restore(path: Path, *args: str) -> str:
    out = io.StringIO()
    call_command("restore", str(path), *args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def refusal(path: Path, *args: str) -> str:
    with pytest.raises(CommandError) as refused:
        restore(path, *args)
    return str(refused.value)


def rewritten(source: Path, target: Path, *, manifest=None, members=None, keep_sums=True) -> Path:
    """Copy a backup, changing members (name: bytes) and the manifest (a function on it);
    with `keep_sums`, the manifest's checksums are not updated for the changed members."""
    members = members or {}
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w") as new:
        document = json.loads(old.read("manifest.json"))
        for info in old.infolist():
            if info.filename == "manifest.json":
                continue
            data = members.get(info.filename, old.read(info.filename))
            new.writestr(info.filename, data)
            if not keep_sums:
                document["members"][info.filename] = hashlib.sha256(data).hexdigest()
        new.writestr("manifest.json", json.dumps(manifest(document) if manifest else document))
    return target


@pytest.fixture
def backup(site, tmp_path) -> Path:
    return back_up(tmp_path / "site.zip")


def test_refuses_a_database_holding_users_or_decks(backup, tmp_path):
    UserFactory(username="nowy-gracz")

    message = refusal(backup)

    assert "already holds" in message and "--replace" in message
    assert "3 auth.user" in message and "3 decks.deck" in message
    assert get_user_model().objects.filter(username="nowy-gracz").exists()


def test_replace_puts_the_backup_in_place_of_what_was_there(backup):
    UserFactory(username="nowy-gracz")
    Deck.objects.filter(name="Upadli").update(name="Zmieniona")

    out = restore(backup, "--replace")

    assert "replaced 3 auth.user rows that were here" in out
    assert not get_user_model().objects.filter(username="nowy-gracz").exists()
    assert Deck.objects.filter(name="Upadli").count() == 1


def test_a_catalogue_alone_is_replaced_without_asking(backup):
    restore(backup, "--replace")
    get_user_model().objects.all().delete()  # decks, tokens, likes and the admin's log go too
    Group.objects.all().delete()
    AngelFactory(name="Tylko w bazie", slug="tylko-w-bazie")

    out = restore(backup)

    assert "cardbase.card rows that were here" in out
    assert not Card.objects.filter(slug="tylko-w-bazie").exists()
    assert get_user_model().objects.filter(username="wlasciciel").exists()


def test_a_bad_row_undoes_the_whole_restore(backup, tmp_path):
    with zipfile.ZipFile(backup) as archive:
        versions = archive.read("data/decks.deckversion.jsonl").decode().splitlines()
    row = json.loads(versions[-1])
    row["fields"]["created"] = "wczoraj"
    versions[-1] = json.dumps(row)
    bad = rewritten(
        backup,
        tmp_path / "bad.zip",
        members={"data/decks.deckversion.jsonl": "\n".join(versions).encode() + b"\n"},
        keep_sums=False,
    )
    UserFactory(username="nowy-gracz")

    message = refusal(bad, "--replace")

    assert message.startswith(f"decks.deckversion line {len(versions)}: ")
    assert "wczoraj" in message
    assert get_user_model().objects.filter(username="nowy-gracz").exists()
    assert Deck.objects.count() == 3


@pytest.mark.parametrize("keep", [0.0, 0.5, 0.99])
def test_refuses_a_file_cut_short(backup, tmp_path, keep):
    data = backup.read_bytes()
    cut = tmp_path / "cut.zip"
    cut.write_bytes(data[: int(len(data) * keep)])

    assert "not a complete backup archive" in refusal(cut, "--replace")


def test_refuses_what_is_not_a_backup(tmp_path):
    text = tmp_path / "notes.zip"
    text.write_text("to nie jest kopia")
    other = tmp_path / "other.zip"
    with zipfile.ZipFile(other, "w") as archive:
        archive.writestr("readme.txt", "hello")

    assert "not a complete backup archive" in refusal(text)
    assert "no manifest.json" in refusal(other)
    assert "no such file" in refusal(tmp_path / "missing.zip")


def test_refuses_a_damaged_member(backup, tmp_path):
    with zipfile.ZipFile(backup) as archive:
        users = archive.read("data/auth.user.jsonl")
    damaged = rewritten(
        backup,
        tmp_path / "damaged.zip",
        members={"data/auth.user.jsonl": users.replace(b"fan", b"fun")},
    )

    message = refusal(damaged, "--replace")

    assert "data/auth.user.jsonl is damaged: its checksum differs" in message


def test_refuses_a_newer_format(backup, tmp_path):
    newer = rewritten(backup, tmp_path / "newer.zip", manifest=lambda m: {**m, "version": 2})

    assert "format version 2; this site reads version 1" in refusal(newer, "--replace")


def test_refuses_a_backup_made_at_other_migrations(backup, tmp_path):
    def later(manifest):
        manifest["migrations"]["decks"].append("9999_from_the_future")
        return manifest

    message = refusal(rewritten(backup, tmp_path / "later.zip", manifest=later), "--replace")

    assert "only in the backup: decks.9999_from_the_future; only in this database: none" in message
    assert "manage.py migrate" in message


def test_refuses_a_media_file_outside_media_root(backup, tmp_path, settings):
    def escape(manifest):
        manifest["members"]["media/../../escaped.png"] = manifest["members"].pop(
            "media/cards/drukowany.png"
        )
        return manifest

    message = refusal(rewritten(backup, tmp_path / "escape.zip", manifest=escape), "--replace")

    assert "would lie outside its folder" in message
    assert not (Path(settings.MEDIA_ROOT).parent / "escaped.png").exists()


@pytest.mark.django_db(transaction=True)
def test_a_row_referring_to_a_missing_row_undoes_the_whole_restore(backup, tmp_path):
    with zipfile.ZipFile(backup) as archive:
        entries = archive.read("data/decks.deckcard.jsonl").decode().splitlines()
    row = json.loads(entries[0])
    row["fields"]["card"] = 999_999
    dangling = rewritten(
        backup,
        tmp_path / "dangling.zip",
        members={"data/decks.deckcard.jsonl": "\n".join([json.dumps(row), *entries[1:]]).encode()},
        keep_sums=False,
    )
    UserFactory(username="nowy-gracz")

    message = refusal(dangling, "--replace")

    assert "the rows do not fit together" in message
    assert get_user_model().objects.filter(username="nowy-gracz").exists()
    assert Deck.objects.count() == 3


def test_replace_ends_every_login(backup, client):
    client.force_login(get_user_model().objects.get(username="fan"))

    restore(backup, "--replace")

    assert not Session.objects.exists()
    assert client.get("/decks/mine/").status_code == 302


def test_refuses_a_backup_lacking_a_model(backup, tmp_path):
    def without_likes(manifest):
        del manifest["counts"]["decks.decklike"]
        del manifest["members"]["data/decks.decklike.jsonl"]
        return manifest

    message = refusal(rewritten(backup, tmp_path / "less.zip", manifest=without_likes))

    assert "the backup's models differ from this site's (missing: decks.decklike" in message
