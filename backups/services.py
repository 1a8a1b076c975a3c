"""Back the site up into one file, and restore it from one."""

import contextlib
import itertools
import os
import tempfile
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import django
from django.apps import apps
from django.core.cache import cache
from django.core.exceptions import SuspiciousFileOperation
from django.core.management.color import no_style
from django.core.serializers import base, python
from django.db import DatabaseError, IntegrityError, connection, models, transaction
from django.db.migrations.recorder import MigrationRecorder
from django.utils import timezone

from backups.archive import ArchiveReader, ArchiveWriter, BackupError
from backups.contents import (
    backed_up_models,
    by_natural_key,
    field_key,
    file_fields,
    storage_of,
)

BATCH = 1000
# Apps whose rows a database may hold before a restore without `--replace`: the catalogue, which
# `make setup` loads on a new site (anything an operator corrected in it comes with a user).
REPLACEABLE_APPS = {"cardbase"}


@dataclass
class Summary:
    """What a backup or restore carried: rows per model, and media files."""

    counts: dict[str, int] = field(default_factory=dict)
    files: int = 0
    missing_files: list[str] = field(default_factory=list)
    replaced: dict[str, int] = field(default_factory=dict)


class _RowSerializer(python.Serializer):
    """Django's Python serializer, naming by natural key only rows the backup leaves out
    (permissions, content types), whose ids differ between databases."""

    def handle_fk_field(self, obj, field):
        self.use_natural_foreign_keys = by_natural_key(field.related_model)
        super().handle_fk_field(obj, field)

    def handle_m2m_field(self, obj, field):
        self.use_natural_foreign_keys = by_natural_key(field.related_model)
        super().handle_m2m_field(obj, field)


def back_up(*, path: Path) -> Summary:
    """Write every backed-up row and the media files they name into `path`, atomically."""
    path = Path(path)
    if path.is_dir():
        raise BackupError(f"{path} is a folder; name the backup file to write")
    if not path.parent.is_dir():
        raise BackupError(f"{path.parent}: no such folder")
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zip_file:
                summary = _write(ArchiveWriter(zip_file))
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)  # a reader of `path` sees the old backup or the whole new one
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return summary


def _write(writer: ArchiveWriter) -> Summary:
    summary, media = Summary(), set()
    with _snapshot():
        for model in backed_up_models():
            label = model._meta.label_lower
            summary.counts[label] = writer.add_rows(label, _rows(model, media))
        migrations = _applied_migrations()
        for kept_by, name in sorted(media, key=lambda kept: (kept[0] or "", kept[1])):
            try:
                with storage_of(kept_by).open(name, "rb") as source:
                    writer.add_media(name, source, field=kept_by)
            except FileNotFoundError:
                summary.missing_files.append(name)
                continue
            except OSError as error:
                raise BackupError(f"media file {name}: cannot read it: {error}") from error
            summary.files += 1
    writer.finish(
        {
            "created": timezone.now().isoformat(),
            "django": django.get_version(),
            "database": connection.vendor,
            "migrations": migrations,
            "counts": summary.counts,
            "missing_files": summary.missing_files,
        }
    )
    return summary


@contextlib.contextmanager
def _snapshot() -> Iterator[None]:
    """Read inside one transaction: on PostgreSQL a REPEATABLE READ one, so every table is read
    as of one moment while the site keeps writing; SQLite's read transaction is one already."""
    outermost = not connection.in_atomic_block
    connection.ensure_connection()
    with transaction.atomic():
        if outermost and connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        yield


def _rows(model: type[models.Model], media: set[tuple[str | None, str]]) -> Iterator[dict]:
    queryset = model._base_manager.order_by("pk")
    natural = [
        f.name
        for f in model._meta.concrete_fields
        if f.is_relation and by_natural_key(f.related_model)
    ]
    if natural:
        queryset = queryset.select_related(*natural)
    files = file_fields(model)
    objects = queryset.iterator(chunk_size=BATCH)
    while batch := list(itertools.islice(objects, BATCH)):
        for obj in batch:
            media.update(
                (field_key(f), name) for f in files if (name := getattr(obj, f.attname).name)
            )
        yield from _RowSerializer().serialize(batch)


def _applied_migrations() -> dict[str, list[str]]:
    applied: dict[str, list[str]] = {}
    for app, name in sorted(MigrationRecorder(connection).applied_migrations()):
        applied.setdefault(app, []).append(name)
    return applied


def restore(*, path: Path, replace: bool = False) -> Summary:
    """Replace the database's rows and add the media files with the backup's, in one transaction.

    Refuse a damaged archive, one made at another migration state, and (unless `replace`) a
    database that holds more than a catalogue.
    """
    with ArchiveReader.open(path) as archive:
        chosen = backed_up_models()
        _check_models(archive, chosen)
        _check_migrations(archive)
        summary = Summary()
        try:
            with transaction.atomic():
                summary.replaced = _clear(chosen, replace=replace)
                for model in chosen:
                    label = model._meta.label_lower
                    summary.counts[label] = _load(archive, model)
                _reset_sequences(chosen)
                summary.files = _restore_media(archive)
        except IntegrityError as error:
            raise BackupError(f"{path}: the rows do not fit together: {error}") from error
        except DatabaseError as error:
            raise BackupError(f"{path}: the database refused a row: {error}") from error
    # Sessions read through Redis (cached_db) and anything cached describe the rows replaced:
    # empty the cache, or the old logins would live on.
    cache.clear()
    return summary


def _check_models(archive: ArchiveReader, chosen: list[type[models.Model]]) -> None:
    expected = {model._meta.label_lower for model in chosen}
    held = set(archive.counts)
    if held != expected:
        missing = ", ".join(sorted(expected - held)) or "none"
        unknown = ", ".join(sorted(held - expected)) or "none"
        raise BackupError(
            f"the backup's models differ from this site's (missing: {missing}; unknown: {unknown})"
        )


def _check_migrations(archive: ArchiveReader) -> None:
    made_at = {
        (app, name) for app, names in archive.manifest["migrations"].items() for name in names
    }
    here = set(MigrationRecorder(connection).applied_migrations())
    if made_at == here:
        return
    only_backup = ", ".join(f"{app}.{name}" for app, name in sorted(made_at - here)) or "none"
    only_here = ", ".join(f"{app}.{name}" for app, name in sorted(here - made_at)) or "none"
    raise BackupError(
        "the backup was made at other migrations than this database is at "
        f"(only in the backup: {only_backup}; only in this database: {only_here}). "
        "Migrate this database to the backup's migrations (`manage.py migrate APP MIGRATION`; "
        "a backup from newer code needs that code), restore, then migrate forward."
    )


def _clear(chosen: list[type[models.Model]], *, replace: bool) -> dict[str, int]:
    """Delete the rows a restore replaces, refusing player data unless `replace`."""
    held = {model._meta.label_lower: model._base_manager.count() for model in chosen}
    held = {label: count for label, count in held.items() if count}
    players = {
        label: count for label, count in held.items() if label.split(".")[0] not in REPLACEABLE_APPS
    }
    if players and not replace:
        listed = ", ".join(f"{count} {label}" for label, count in players.items())
        raise BackupError(
            f"this database already holds rows a restore would delete ({listed}); "
            "run restore with --replace to replace them with the backup's"
        )
    for model in reversed(chosen):
        model._base_manager.all().delete()
    # Logins from before end: a session names its user by an id the backup may give another.
    if apps.is_installed("django.contrib.sessions"):
        apps.get_model("sessions", "Session")._base_manager.all().delete()
    return held


def _load(archive: ArchiveReader, model: type[models.Model]) -> int:
    label, count = model._meta.label_lower, 0
    rows = archive.rows(label)
    while chunk := list(itertools.islice(rows, BATCH)):
        objects = [_deserialized(label, number, row) for number, row in chunk]
        _insert(model, [obj.object for obj in objects])
        for obj in objects:
            for accessor, related in obj.m2m_data.items():
                if related:
                    getattr(obj.object, accessor).add(*related)
        count += len(objects)
    if count != archive.counts[label]:
        raise BackupError(f"{label}: {count} rows, the manifest says {archive.counts[label]}")
    return count


def _deserialized(label: str, number: int, row: dict) -> base.DeserializedObject:
    if row.get("model") != label:
        raise BackupError(f"{label} line {number}: a row of {row.get('model')!r}")
    try:
        (obj,) = python.Deserializer([row])
    except (base.DeserializationError, ValueError, TypeError) as error:
        raise BackupError(f"{label} line {number}: {error}") from error
    return obj


def _insert(model: type[models.Model], objects: list[models.Model]) -> None:
    """Insert rows as they are, many a statement.

    Raw, as `loaddata`'s one-row saves are: bulk_create would stamp auto_now fields with the
    present time and lose the backup's. No signal is sent (the one handler, decks', ignores raw
    saves anyway).
    """
    fields = [f for f in model._meta.local_concrete_fields if not f.generated]
    size = max(1, connection.ops.bulk_batch_size(fields, objects))
    for start in range(0, len(objects), size):
        model._base_manager._insert(
            objects[start : start + size], fields=fields, raw=True, using=connection.alias
        )


def _reset_sequences(chosen: list[type[models.Model]]) -> None:
    """Move PostgreSQL's id sequences past the restored ids, so new rows get fresh ones."""
    statements = connection.ops.sequence_reset_sql(no_style(), chosen)
    with connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)


def _restore_media(archive: ArchiveReader) -> int:
    count = 0
    for kept_by, name, source in archive.media():
        try:
            target = Path(storage_of(kept_by).path(name))
        except SuspiciousFileOperation as error:
            raise BackupError(f"media file {name!r} would lie outside MEDIA_ROOT") from error
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}-", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as out:
                while chunk := source.read(1 << 20):
                    out.write(chunk)
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        count += 1
    return count
