"""A backup restored into an emptied database gives back every row, field by field."""

import datetime
import io
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command

from cardbase.models import Card
from cardbase.search import fts_sqlite
from cardbase.search.cards import search_cards
from decks.models import Deck
from tests.backups.conftest import PASSWORD, snapshot
from tests.factories import AngelFactory, UserFactory


def media_files() -> dict[str, bytes]:
    """Return the files under MEDIA_ROOT and the private ones (players' photos), by name."""
    private = Path(settings.STORAGES["proposal_sources"]["OPTIONS"]["location"])
    return {
        f"{root.name}/{p.relative_to(root)}": p.read_bytes()
        for root in (Path(settings.MEDIA_ROOT), private)
        for p in root.rglob("*")
        if p.is_file()
    }


def run(*args) -> dict[str, int]:
    """Run a command; return the counts its report gives, by model label ("media files")."""
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return {
        match["label"]: int(match["count"])
        for match in re.finditer(r"^(?P<label>\S.*?) +(?P<count>\d+)$", out.getvalue(), re.M)
    }


# Transactional: the backup's REPEATABLE READ snapshot, the restore's own transaction and
# PostgreSQL's sequences are the real ones, not a test's savepoint.
@pytest.mark.django_db(transaction=True)
def test_every_row_comes_back_to_the_microsecond(site, tmp_path, client, monkeypatch):
    owner, deck, token = site
    before, files = snapshot(), media_files()
    assert all(before.values()), [label for label, rows in before.items() if not rows]
    stamps = [
        value
        for rows in before.values()
        for row in rows
        for value in row.values()
        if isinstance(value, datetime.datetime)
    ]
    assert stamps and all(stamp.microsecond for stamp in stamps)
    (photo,) = [name for name in files if name.startswith("private/")]
    assert sorted(files) == [
        "media/cards/drukowany.png",
        "media/cards/thumbs/drukowany-mini.png",
        photo,
    ]

    counts = {label: len(rows) for label, rows in before.items()}
    assert run("backup", str(tmp_path / "site.zip")) == {**counts, "media files": 3}
    call_command("flush", "--no-input")
    for path in tmp_path.rglob("*.*g"):
        if path.name != "site.zip":
            path.unlink()
    assert media_files() == {}
    assert get_user_model().objects.count() == 0

    reported = run("restore", str(tmp_path / "site.zip"))

    assert snapshot() == before
    # The liked deck's stored count comes back with the like it counts.
    shown = Deck.objects.get(name="Pokazowa")
    assert (shown.like_count, shown.likes.count()) == (1, 1)
    assert media_files() == files
    assert reported == {**counts, "media files": 3}
    # SQLite's search mirror (fed by triggers) holds the restored cards: search takes it here.
    monkeypatch.setattr(fts_sqlite, "FTS_COMMON", 10**9)
    assert [card.name for card in search_cards(query="drukowan").queryset] == ["Drukowany"]
    signed_in = client.post("/accounts/login/", {"username": owner.username, "password": PASSWORD})
    assert signed_in.status_code == 302 and client.session["_auth_user_id"] == str(owner.pk)
    client.logout()
    api = client.get(f"/api/v1/decks/{deck.pk}/", HTTP_AUTHORIZATION=f"Token {token}")
    assert api.status_code == 200 and api.json()["name"] == "Upadli"


@pytest.mark.django_db(transaction=True)
def test_rows_added_after_a_restore_get_fresh_ids(site, tmp_path):
    run("backup", str(tmp_path / "site.zip"))
    highest_user = get_user_model().objects.order_by("-pk").first().pk
    highest_card = Card.objects.order_by("-pk").first().pk
    call_command("flush", "--no-input")
    run("restore", str(tmp_path / "site.zip"))

    assert UserFactory(username="nowy").pk > highest_user
    assert AngelFactory(name="Nowy", slug="nowy").pk > highest_card
