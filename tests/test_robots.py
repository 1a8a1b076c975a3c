"""robots.txt: crawlers read the catalogue and public decks, not forms, copies or private pages.

Read as search engines read it (RFC 9309): the longest rule matching a path decides, `*` is any
run of characters, and Allow wins a tie.
"""

import re

import pytest

pytestmark = pytest.mark.django_db

DECK = "3f0c2a57-6b1e-4a8e-9d7e-0a1b2c3d4e5f"


def rules(text: str) -> list[tuple[str, str]]:
    """Return the (Allow|Disallow, pattern) lines of robots.txt."""
    return [
        (field, value.strip())
        for field, value in re.findall(r"^(Allow|Disallow):(.*)$", text, re.MULTILINE)
    ]


def allowed(text: str, path: str) -> bool:
    """Say whether a crawler may read `path`, as RFC 9309 decides it."""
    matches = [
        (len(pattern), field == "Allow")
        for field, pattern in rules(text)
        if re.match(".*".join(map(re.escape, pattern.split("*"))), path)
    ]
    return max(matches, default=(0, True))[1]


@pytest.fixture
def robots(client) -> str:
    response = client.get("/robots.txt")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    return response.content.decode()


def test_it_speaks_to_every_crawler_and_names_the_sitemap(client, settings):
    settings.ALLOWED_HOSTS = ["karty.example"]
    text = client.get("/robots.txt", HTTP_HOST="karty.example", secure=True).content.decode()
    assert text.startswith("User-agent: *\n")
    assert text.endswith("\nSitemap: https://karty.example/sitemap.xml\n")


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/cards/",
        "/cards/?game=aniolowie&faction=lord",
        "/cards/aniolowie/gaap/",
        "/cards/aniolowie/gaap/face.png",
        "/decks/",
        f"/decks/{DECK}/",
        f"/decks/{DECK}/image.png",  # link previews fetch it
        f"/decks/{DECK}/versions/3/image.png",
        f"/decks/{DECK}/stats/",
        f"/decks/{DECK}/history/",
        "/api/docs/",
        "/sitemap.xml",
    ],
)
def test_the_catalogue_and_public_pages_are_open(robots, path):
    assert allowed(robots, path)


@pytest.mark.parametrize(
    "path",
    [
        f"/decks/{DECK}/print/",
        f"/decks/{DECK}/export.txt",
        f"/decks/{DECK}/export.json",
        f"/decks/{DECK}/export.dek",
        f"/decks/{DECK}/export.bbcode.txt",  # any export, whatever its format
        f"/decks/{DECK}/export.md",
        f"/decks/{DECK}/export.plain.txt",
        f"/decks/{DECK}/code/",
        "/decks/code/ABC123/",
        f"/decks/{DECK}/edit/",
        f"/decks/{DECK}/names/",
        f"/decks/{DECK}/embed/",
        f"/decks/{DECK}/embed/?lang=fr",
        f"/decks/{DECK}/hand/?seed=7",
        "/decks/new/",
        "/decks/mine/",
        "/decks/import/",
        "/decks/compare/?a=1&b=2",
        "/accounts/login/",
        "/accounts/signup/",
        "/collection/",
        "/collection/aniolowie/",
        "/collection/shared/abc/aniolowie/",
        "/cards/aniolowie/gaap/propose/",
        "/cards/aniolowie/propose/",
        "/proposals/",
        "/moderation/",
        "/api/v1/cards/",
        "/api/v1/decks/",
        "/admin/",
        "/admin/cardbase/card/",
        "/i18n/setlang/",
    ],
)
def test_forms_copies_and_private_pages_are_closed(robots, path):
    assert not allowed(robots, path)


def test_no_rule_closes_the_whole_site(robots):
    assert ("Disallow", "/") not in rules(robots) and ("Disallow", "") not in rules(robots)
