"""What a backup holds: every model's rows but those left out here (each with its reason), and
the files those rows name."""

from graphlib import TopologicalSorter

from django.apps import apps
from django.core.files.storage import Storage, default_storage
from django.db import models

from backups.archive import BackupError

# Models whose rows a backup leaves out, and why. Any other model of any installed app is backed
# up, so a model added later is in the next backup without a change here.
LEFT_OUT = {
    "contenttypes.contenttype": "made by migrate; rows name them by app label and model",
    "auth.permission": "made by migrate; users and groups name them by codename",
    "sessions.session": "logins are not carried over: users sign in again (passwords and API "
    "tokens are carried over)",
    # Guessing protection is about the moment, not the site's data: a restore starts it afresh.
    "axes.accessattempt": "failed-login counts and lockouts in force: transient",
    "axes.accessattemptexpiration": "when a lockout in force ends: transient",
    "axes.accessfailurelog": "a log of failed logins, kept for the operator, not site data",
    "axes.accesslog": "a log of logins, kept for the operator, not site data",
    # Drawn anew by the catalogue's triggers as the restore writes the cards: caches start afresh.
    "cardbase.catalogueversion": "the catalogue's cache version: a token, not site data",
    # Background work waiting or done: what it did is in the rows it wrote.
    "django_tasks_database.dbtaskresult": "the background task queue and its results: transient",
    "cardbase.cardimportrun": "card files previewed or applied in the admin (their files are not "
    "backed up either; what one wrote is its changeset): transient",
}


def backed_up_models() -> list[type[models.Model]]:
    """Return the models a backup holds, each after every model it refers to."""
    chosen = {
        model._meta.label_lower: model
        for model in apps.get_models()
        if not model._meta.proxy and model._meta.managed and model._meta.label_lower not in LEFT_OUT
    }
    graph = TopologicalSorter()
    for label, model in sorted(chosen.items()):
        graph.add(label, *sorted(_references(model) & chosen.keys() - {label}))
    return [chosen[label] for label in graph.static_order()]


def by_natural_key(model: type[models.Model]) -> bool:
    """Tell whether rows refer to `model`'s rows by natural key: those the backup leaves out,
    whose ids differ from one database to the next."""
    return model._meta.label_lower in LEFT_OUT


def file_fields(model: type[models.Model]) -> list[models.FileField]:
    """Return the model's file fields: the files they name go into the backup.

    Only files a row names are backed up: the generated faces in MEDIA_ROOT/faces/, which no
    row names, are drawn again from the cards (`manage.py render_faces`).
    """
    return [field for field in model._meta.concrete_fields if isinstance(field, models.FileField)]


def field_key(field: models.FileField) -> str | None:
    """Name a file field whose own storage keeps its files ("app.model.field"); None for a
    field whose files the default storage keeps."""
    if field.storage is default_storage:
        return None
    return f"{field.model._meta.label_lower}.{field.name}"


def storage_of(key: str | None) -> Storage:
    """Return the storage that keeps the files of the field `key` names (field_key)."""
    if key is None:
        return default_storage
    label, _dot, name = key.rpartition(".")
    try:
        return apps.get_model(label)._meta.get_field(name).storage
    except (LookupError, ValueError) as error:
        raise BackupError(f"files of {key!r}: no such file field on this site") from error


def _references(model: type[models.Model]) -> set[str]:
    return {
        field.related_model._meta.label_lower
        for field in model._meta.get_fields()
        if field.is_relation and not field.auto_created and field.related_model is not None
    }
