"""`manage.py backup PATH` writes one file whole or not at all, and says what it left out."""

import io
import json
import stat
import zipfile
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError

pytestmark = pytest.mark.django_db


def back_up(path: Path) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command("backup", str(path), stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_the_manifest_names_format_migrations_counts_and_checksums(site, tmp_path):
    back_up(tmp_path / "site.zip")

    with zipfile.ZipFile(tmp_path / "site.zip") as archive:
        manifest = json.loads(archive.read("manifest.json"))
        names = set(archive.namelist())

    assert (manifest["format"], manifest["version"]) == ("aniolowie-cardbase-backup", 1)
    assert "0001_initial" in manifest["migrations"]["decks"]
    assert manifest["counts"]["decks.deck"] == 3 and manifest["counts"]["auth.user"] == 2
    assert set(manifest["members"]) == names - {"manifest.json"}
    assert {"media/cards/drukowany.png", "media/cards/thumbs/drukowany-mini.png"} <= names
    assert all(len(digest) == 64 for digest in manifest["members"].values())
    # It holds password hashes and API tokens: for its owner's eyes only.
    assert stat.S_IMODE((tmp_path / "site.zip").stat().st_mode) == 0o600


def test_generated_faces_are_left_out(site, tmp_path):
    face = Path(settings.MEDIA_ROOT) / "faces" / "drukowany-0123.png"
    face.parent.mkdir(parents=True)
    face.write_bytes(b"png")

    back_up(tmp_path / "site.zip")

    with zipfile.ZipFile(tmp_path / "site.zip") as archive:
        assert not [name for name in archive.namelist() if "faces/" in name]


def test_a_scan_missing_from_disk_is_named_and_the_rest_backed_up(site, tmp_path):
    (Path(settings.MEDIA_ROOT) / "cards" / "drukowany.png").unlink()

    out, err = back_up(tmp_path / "site.zip")

    assert "missing from MEDIA_ROOT, not in the backup: cards/drukowany.png" in err
    assert "Backup written to" in out
    with zipfile.ZipFile(tmp_path / "site.zip") as archive:
        assert "media/cards/thumbs/drukowany-mini.png" in archive.namelist()


def test_a_failed_backup_leaves_the_previous_file_whole(site, tmp_path):
    (tmp_path / "backups").mkdir()
    previous = tmp_path / "backups" / "site.zip"
    previous.write_bytes(b"the previous backup")
    # A scan that cannot be read (a folder where the file should be) stops the backup midway.
    scan = Path(settings.MEDIA_ROOT) / "cards" / "drukowany.png"
    scan.unlink()
    scan.mkdir()

    with pytest.raises(CommandError, match="media file cards/drukowany.png: cannot read it"):
        back_up(previous)

    assert previous.read_bytes() == b"the previous backup"
    assert [p.name for p in previous.parent.iterdir()] == ["site.zip"]


def test_a_path_that_cannot_be_written_is_named(tmp_path):
    with pytest.raises(CommandError, match="no such folder"):
        back_up(tmp_path / "nowhere" / "site.zip")
    with pytest.raises(CommandError, match="is a folder"):
        back_up(tmp_path)
