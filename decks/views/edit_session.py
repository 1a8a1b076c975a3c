"""Give a browser session the editing-session id that groups its saves in a deck's history."""

import secrets

from django.http import HttpRequest

from decks import inputs

SESSION_KEY = "deck-edit-session"


def edit_session(request: HttpRequest) -> str:
    """Return this browser session's editing-session id, which groups its saves in the history."""
    # One id serves every deck the browser edits: the grouping compares it per deck's newest version.
    token = request.session.get(SESSION_KEY)
    if not isinstance(token, str) or not token:
        token = request.session[SESSION_KEY] = secrets.token_hex(16)
    return inputs.edit_session_id(token)
