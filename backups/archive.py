"""The backup file: a zip holding a manifest, one JSON Lines file of rows per model, and media.

`manifest.json` names the format and its version, when and from which database the backup was
made, the migrations applied, and for each model its row count, and for each member its SHA-256,
so a damaged or truncated file is refused before anything is written.
"""

import datetime
import decimal
import hashlib
import io
import json
import uuid
import zipfile
import zlib
from collections.abc import Iterable, Iterator
from pathlib import PurePosixPath
from typing import IO, Any

FORMAT = "aniolowie-cardbase-backup"
VERSION = 1
MANIFEST = "manifest.json"
MEDIA_PREFIX = "media/"
# Files kept by a storage of their own (a field's, not the default one), by the field's key.
FIELD_FILES_PREFIX = "files/"
_CHUNK = 1 << 20


class BackupError(Exception):
    """A backup cannot be made or restored; the message says what is wrong and where."""


def rows_member(label: str) -> str:
    """Return the archive member holding a model's rows."""
    return f"data/{label}.jsonl"


def _encode(value: Any) -> str:
    # Full ISO 8601: Django's own JSON encoder cuts datetimes to the millisecond.
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, decimal.Decimal | uuid.UUID):
        return str(value)
    raise TypeError(f"cannot write {type(value).__name__} to a backup")


class ArchiveWriter:
    """Write the members of a backup into an open zip file, keeping their checksums."""

    def __init__(self, zip_file: zipfile.ZipFile) -> None:
        self._zip = zip_file
        self.members: dict[str, str] = {}

    def add_rows(self, label: str, rows: Iterable[dict]) -> int:
        """Write a model's serialized rows, one JSON object a line; return how many."""
        name, digest, count = rows_member(label), hashlib.sha256(), 0
        with self._zip.open(name, "w") as out:
            for row in rows:
                line = json.dumps(row, default=_encode, ensure_ascii=False) + "\n"
                data = line.encode()
                digest.update(data)
                out.write(data)
                count += 1
        self.members[name] = digest.hexdigest()
        return count

    def add_media(self, name: str, source: IO[bytes], *, field: str | None = None) -> None:
        """Copy a media file (a scan: already compressed, so stored as is) into the backup;
        `field` names the field whose own storage keeps it, None for the default storage."""
        member = MEDIA_PREFIX + name if field is None else f"{FIELD_FILES_PREFIX}{field}/{name}"
        digest = hashlib.sha256()
        info = zipfile.ZipInfo(member, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_STORED
        with self._zip.open(info, "w") as out:
            while chunk := source.read(_CHUNK):
                digest.update(chunk)
                out.write(chunk)
        self.members[member] = digest.hexdigest()

    def finish(self, manifest: dict) -> None:
        """Write the manifest, naming every member written with its checksum."""
        document = {"format": FORMAT, "version": VERSION, **manifest, "members": self.members}
        self._zip.writestr(MANIFEST, json.dumps(document, indent=1, ensure_ascii=False))


class ArchiveReader:
    """Read a backup after checking it whole: structure, format version and every checksum."""

    def __init__(self, zip_file: zipfile.ZipFile, where: str) -> None:
        self._zip = zip_file
        self._where = where
        self.manifest = self._read_manifest()
        self._check_members()

    @classmethod
    def open(cls, path) -> "ArchiveReader":
        """Open and check the backup at `path`; raise BackupError naming what is wrong."""
        try:
            zip_file = zipfile.ZipFile(path)
        except FileNotFoundError as error:
            raise BackupError(f"{path}: no such file") from error
        except (zipfile.BadZipFile, OSError) as error:
            raise BackupError(
                f"{path}: not a complete backup archive (a zip file), perhaps cut short: {error}"
            ) from error
        try:
            return cls(zip_file, str(path))
        except BaseException:
            zip_file.close()
            raise

    def close(self) -> None:
        self._zip.close()

    def __enter__(self) -> "ArchiveReader":
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    @property
    def counts(self) -> dict[str, int]:
        """Return the row count of each model, as the manifest states it."""
        return self.manifest["counts"]

    def rows(self, label: str) -> Iterator[tuple[int, dict]]:
        """Yield (line number, row) of a model's rows."""
        name = rows_member(label)
        with self._zip.open(name) as raw:
            for number, line in enumerate(io.TextIOWrapper(raw, encoding="utf-8"), start=1):
                try:
                    row = json.loads(line)
                except ValueError as error:
                    raise BackupError(f"{self._where}: {name} line {number}: {error}") from error
                if not isinstance(row, dict):
                    raise BackupError(f"{self._where}: {name} line {number}: not a row")
                yield number, row

    def media(self) -> Iterator[tuple[str | None, str, IO[bytes]]]:
        """Yield (the field whose storage keeps it or None for the default storage, its name
        in that storage, open file) of each media file."""
        for member in sorted(self.manifest["members"]):
            if member.startswith(MEDIA_PREFIX):
                field, name = None, member.removeprefix(MEDIA_PREFIX)
            elif member.startswith(FIELD_FILES_PREFIX):
                field, _slash, name = member.removeprefix(FIELD_FILES_PREFIX).partition("/")
            else:
                continue
            with self._zip.open(member) as source:
                yield field, name, source

    def _fail(self, message: str) -> BackupError:
        return BackupError(f"{self._where}: {message}")

    def _read_manifest(self) -> dict:
        try:
            manifest = json.loads(self._read(MANIFEST))
        except KeyError as error:
            raise self._fail(f"no {MANIFEST}: not a backup made by `manage.py backup`") from error
        except ValueError as error:
            raise self._fail(f"{MANIFEST} is not JSON: {error}") from error
        if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
            raise self._fail(f"{MANIFEST} does not name the format {FORMAT!r}")
        version = manifest.get("version")
        if version != VERSION:
            raise self._fail(
                f"format version {version!r}; this site reads version {VERSION} "
                "(a backup made by a newer site needs that site's code to restore)"
            )
        shapes = {
            "counts": (dict, int),
            "members": (dict, str),
            "migrations": (dict, list),
        }
        for key, (outer, inner) in shapes.items():
            value = manifest.get(key)
            if not isinstance(value, outer) or not all(
                isinstance(v, inner) for v in value.values()
            ):
                raise self._fail(f"{MANIFEST}: {key!r} is missing or malformed")
        for name in manifest["members"]:
            path = PurePosixPath(name)
            if path.is_absolute() or ".." in path.parts:
                raise self._fail(f"{MANIFEST}: member {name!r} would lie outside its folder")
        for label in manifest["counts"]:
            if rows_member(label) not in manifest["members"]:
                raise self._fail(f"{MANIFEST}: no rows file for {label}")
        return manifest

    def _check_members(self) -> None:
        for name, expected in self.manifest["members"].items():
            digest = hashlib.sha256()
            try:
                with self._zip.open(name) as member:
                    while chunk := member.read(_CHUNK):
                        digest.update(chunk)
            except KeyError as error:
                raise self._fail(f"{name} is missing from the archive") from error
            except (zipfile.BadZipFile, OSError, EOFError, zlib.error) as error:
                raise self._fail(f"{name} is damaged: {error}") from error
            if digest.hexdigest() != expected:
                raise self._fail(f"{name} is damaged: its checksum differs from the manifest's")

    def _read(self, name: str) -> bytes:
        try:
            return self._zip.read(name)
        except (zipfile.BadZipFile, OSError, EOFError, zlib.error) as error:
            raise self._fail(f"{name} is damaged: {error}") from error
