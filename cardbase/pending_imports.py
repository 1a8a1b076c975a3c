"""Card files uploaded in the admin, kept privately between their preview and being applied."""

import re
import secrets
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from django.conf import settings
from django.core.files.uploadedfile import UploadedFile

_TOKEN = re.compile(r"[A-Za-z0-9_-]{22}")
SESSION_KEY = "card_imports"


@dataclass(frozen=True)
class PendingImport:
    """An uploaded file waiting to be applied: what it is for and the catalogue it was previewed
    against (applying it to another first previews it again)."""

    token: str
    game: str
    fmt: str
    name: str
    comment: str
    version: str | None

    @property
    def path(self) -> Path:
        return Path(settings.IMPORT_UPLOADS_DIR) / f"{self.token}.txt"


def keep_upload(session, *, upload: UploadedFile, game: str, fmt: str, comment: str, version):
    """Copy the upload, chunk by chunk, where only the site reads it; remember it in the session."""
    pending = PendingImport(secrets.token_urlsafe(16), game, fmt, upload.name, comment, version)
    pending.path.parent.mkdir(parents=True, exist_ok=True)
    with pending.path.open("wb") as kept:
        for chunk in upload.chunks():
            kept.write(chunk)
    _remember(session, pending)
    return pending


def renew_upload(session, pending: PendingImport, *, version) -> PendingImport:
    """Remember that the upload was previewed again, against the catalogue at `version`."""
    renewed = replace(pending, version=version)
    _remember(session, renewed)
    return renewed


def _remember(session, pending: PendingImport) -> None:
    kept = asdict(pending)
    del kept["token"]
    session[SESSION_KEY] = {**session.get(SESSION_KEY, {}), pending.token: kept}


def pending_upload(session, token: str) -> PendingImport | None:
    """Return the session's upload under `token`, None if it has none such (or it is gone)."""
    if not _TOKEN.fullmatch(token or ""):
        return None
    kept = session.get(SESSION_KEY, {}).get(token)
    if kept is None:
        return None
    pending = PendingImport(token, **kept)
    return pending if pending.path.is_file() else None


def drop_upload(session, pending: PendingImport) -> None:
    """Forget the upload and remove its file."""
    pending.path.unlink(missing_ok=True)
    forget_upload(session, pending)


def forget_upload(session, pending: PendingImport) -> None:
    """Forget the upload, leaving its file to the run that applies it."""
    kept = dict(session.get(SESSION_KEY, {}))
    kept.pop(pending.token, None)
    session[SESSION_KEY] = kept
