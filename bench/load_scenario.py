"""The load benchmark's locust scenario: one user class per endpoint group.

bench/load.py runs locust on this file once per group (the class named on the command line),
with LOAD_FIXTURES naming the JSON that bench/load_setup.py printed. Every request of a group
carries the group's name, so locust's statistics are per group.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re

from locust import constant, task
from locust.contrib.fasthttp import FastHttpUser
from requests.cookies import create_cookie

with open(os.environ["LOAD_FIXTURES"], encoding="utf-8") as _file:
    FIXTURES = json.load(_file)
_players = itertools.count()
CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


# Each visitor closes its connection every RECONNECT_EVERY requests, as browsers' connections come
# and go. Kept alive for a whole phase, the 8 users' 8 connections stayed wherever they were
# accepted: often 8 on one gunicorn worker and none on the other (seen with `ss`), and that
# placement, not the server's work, set the phase's rate (half of it, when one worker took all).
# Reconnected now and then, they spread over the workers; a reconnection is a fiftieth of the
# requests.
RECONNECT_EVERY = 50


class _Group(FastHttpUser):
    """A visitor who requests one group's pages back to back (a closed loop: no think time)."""

    abstract = True
    wait_time = constant(0)
    _sent = 0

    def headers(self, **extra: str) -> dict[str, str]:
        """Return the next request's headers: `extra`, and now and then a reconnection."""
        self._sent += 1
        if self._sent % RECONNECT_EVERY == 0:
            extra["Connection"] = "close"
        return extra


class Livez(_Group):
    @task
    def livez(self):
        self.client.get("/livez", headers=self.headers(), name="livez")


class Healthz(_Group):
    @task
    def healthz(self):
        self.client.get("/healthz", headers=self.headers(), name="healthz")


class Catalogue(_Group):
    @task(3)
    def page(self):
        self.client.get(
            random.choice(FIXTURES["catalogue"]), headers=self.headers(), name="catalogue"
        )

    @task(1)
    def facet_change(self):
        # What htmx asks for when a facet changes: the results fragment, not the whole page.
        self.client.get(
            random.choice(FIXTURES["catalogue"]),
            headers=self.headers(**{"HX-Request": "true"}),
            name="catalogue",
        )


class Search(_Group):
    @task
    def search(self):
        self.client.get(random.choice(FIXTURES["search"]), headers=self.headers(), name="search")


class CardPage(_Group):
    @task
    def card(self):
        self.client.get(random.choice(FIXTURES["cards"]), headers=self.headers(), name="card page")


class PublicDeck(_Group):
    @task
    def deck(self):
        self.client.get(
            random.choice(FIXTURES["decks"]), headers=self.headers(), name="public deck"
        )


class ValidateApi(_Group):
    @task
    def validate(self):
        self.client.post(
            "/api/v1/validate/?lang=en",
            json=random.choice(FIXTURES["validate"]),
            headers=self.headers(),
            name="validate API",
        )


class BuilderSave(_Group):
    """A signed-in player who opens the builder of a deck of their own and keeps saving it."""

    def on_start(self):
        # Each user its own player and deck, so that saves never conflict with one another.
        player = FIXTURES["players"][next(_players) % len(FIXTURES["players"])]
        host = self.host.split("://", 1)[1].split(":")[0]
        self.client.cookiejar.set_cookie(create_cookie("sessionid", player["session"], domain=host))
        self.deck = player["deck"]
        self.counts = player["counts"]
        page = self.client.get(f"/decks/{self.deck}/edit/", name="builder open")
        self.csrf = CSRF_INPUT.search(page.text).group(1)
        self.version = player["version"]

    @task
    def save(self):
        # What one click in the builder sends: every count, one of them one copy up or down.
        card = random.choice(list(self.counts))
        self.counts[card] = 3 - self.counts[card]
        with self.client.post(
            f"/decks/{self.deck}/save/",
            json={"version": self.version, "cards": self.counts},
            headers=self.headers(**{"X-CSRFToken": self.csrf}),
            name="builder save",
            catch_response=True,
        ) as response:
            if response.status_code == 200:
                self.version = response.json()["version"]
            elif response.status_code == 409:
                self.version = response.json()["current_version"]
                response.failure("409 conflict")
