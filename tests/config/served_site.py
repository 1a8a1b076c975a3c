"""A real server (gunicorn, several processes and threads) on a scratch database of its own."""

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings

from tests.config.settings_process import SETTING_PREFIXES, run_django

# Make players, each with an API token and a deck, and name a few catalogue cards to save.
SETUP_SCRIPT = """
import json
from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token
from cardbase.models import Card, Game
from decks import services

game = Game.objects.get(slug="aniolowie")
cards = list(Card.objects.filter(game=game).order_by("pk").values_list("pk", flat=True)[:12])
players = []
for n in range({players}):
    user = User.objects.create_user(f"gracz{{n}}", password="anioly-i-demony-7")
    deck = services.deck_create(
        owner=user, game="aniolowie", name=f"Talia {{n}}",
        options={{"faction": "lord"}},
    )
    players.append({{"token": Token.objects.create(user=user).key, "deck": str(deck.pk)}})
print(json.dumps({{"players": players, "cards": cards}}))
"""


@dataclass
class Site:
    url: str
    players: list[dict]
    cards: list[int]

    def call(self, method: str, path: str, token: str, body: dict | None = None) -> tuple:
        """Send one API request; return (status, decoded JSON or text)."""
        request = urllib.request.Request(
            self.url + path,
            method=method,
            data=json.dumps(body).encode() if body is not None else None,
            headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode(errors="replace")


def free_port() -> int:
    """Return a TCP port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def scratch_database(tmp_path: Path) -> Iterator[str]:
    """Yield the URL of an empty database of the suite's engine, removed afterwards."""
    primary = settings.DATABASES["default"]
    if primary["ENGINE"] == "django.db.backends.sqlite3":
        yield f"sqlite:///{tmp_path / 'site.sqlite3'}"
        return
    import psycopg

    name = f"cardbase_scratch_{uuid.uuid4().hex[:10]}"
    server = dict(
        host=primary["HOST"] or "127.0.0.1",
        port=primary["PORT"] or 5432,
        user=primary["USER"],
        password=primary["PASSWORD"] or None,
        dbname="postgres",
        autocommit=True,
    )
    with psycopg.connect(**server) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        password = f":{primary['PASSWORD']}" if primary["PASSWORD"] else ""
        yield f"postgres://{primary['USER']}{password}@{server['host']}:{server['port']}/{name}"
    finally:
        with psycopg.connect(**server) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def served_site(tmp_path: Path, *, players: int, workers: int, threads: int) -> Iterator[Site]:
    """Serve the site with gunicorn on a scratch database holding the Aniołowie catalogue."""
    with scratch_database(tmp_path) as database_url:
        env = {k: v for k, v in os.environ.items() if not k.startswith(SETTING_PREFIXES)}
        env.update(
            DJANGO_DEBUG="1",
            DATABASE_URL=database_url,
            DJANGO_MEDIA_ROOT=str(tmp_path / "media"),
            # The rate limits are not what is tried here.
            API_THROTTLE_USER="100000/minute",
            API_THROTTLE_DECK_WRITE="100000/minute",
        )

        def manage(*args: str) -> str:
            done = run_django(env, *args, timeout=300)
            assert done.returncode == 0, done.stderr
            return done.stdout

        manage("migrate", "--no-input", "-v", "0")
        manage("load_catalogue")
        made = json.loads(
            manage("shell", "-c", SETUP_SCRIPT.format(players=players)).splitlines()[-1]
        )
        port = free_port()
        log = (tmp_path / "gunicorn.log").open("w")
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}"]
            + ["--workers", str(workers), "--threads", str(threads), "--log-level", "warning"],
            cwd=settings.BASE_DIR,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            site = Site(f"http://127.0.0.1:{port}", made["players"], made["cards"])
            deadline = time.monotonic() + 60
            while True:
                try:
                    urllib.request.urlopen(site.url + "/api/v1/games/", timeout=5).close()
                    break
                except OSError:
                    assert server.poll() is None, (tmp_path / "gunicorn.log").read_text()
                    assert time.monotonic() < deadline, "gunicorn did not answer within 60 s"
                    time.sleep(0.2)
            yield site
        finally:
            server.terminate()
            server.wait(timeout=30)
            log.close()
