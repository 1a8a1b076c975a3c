"""Card files uploaded in the admin, kept privately between their preview and being applied."""

import re
import secrets
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings

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

    def text(self) -> str:
        return self.path.read_text(encoding="utf-8")


def keep_upload(session, *, text: str, game: str, fmt: str, name: str, comment: str, version):
    """Write the upload's text where only the site reads it; remember it in the session."""
    token = secrets.token_urlsafe(16)
    pending = PendingImport(token, game, fmt, name, comment, version)
    pending.path.parent.mkdir(parents=True, exist_ok=True)
    pending.path.write_text(text, encoding="utf-8")
    session[SESSION_KEY] = {
        **session.get(SESSION_KEY, {}),
        token: {"game": game, "fmt": fmt, "name": name, "comment": comment, "version": version},
    }
    return pending


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
    kept = dict(session.get(SESSION_KEY, {}))
    kept.pop(pending.token, None)
    session[SESSION_KEY] = kept
