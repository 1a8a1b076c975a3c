"""The API docs and the site's pages load nothing from another host: no CDN, web font or logo."""

import json
import re
from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.urls import reverse

pytestmark = pytest.mark.django_db

URL_ATTRIBUTES = {"src", "href", "srcset", "poster", "data", "action", "formaction"}
# Style and script text may name a host too (`@import url(https://…)`, `fetch("https://…")`).
INLINE_URL = re.compile(r"""(?:url\(|@import\s|["'])\s*["']?((?:https?:)?//[^"')\s]+)""")


class _Addresses(HTMLParser):
    """Collect every address a page asks the browser to load or follow, with inline code."""

    def __init__(self) -> None:
        super().__init__()
        self.addresses: list[str] = []
        self.inline: list[str] = []
        self._in_code = False

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in URL_ATTRIBUTES and value:
                self.addresses += [part.split()[0] for part in value.split(",") if part.strip()]
            if name == "style" and value:
                self.inline.append(value)
        self._in_code = tag in {"script", "style"}

    def handle_endtag(self, tag):
        self._in_code = False

    def handle_data(self, data):
        if self._in_code:
            self.inline.append(data)


def _parse(html: str) -> _Addresses:
    parser = _Addresses()
    parser.feed(html)
    return parser


def _foreign(addresses) -> list[str]:
    """Return the addresses that point to a host other than the site's own."""
    return [a for a in addresses if urlsplit(a).netloc not in {"", "testserver"}]


def _page(client, url: str) -> _Addresses:
    response = client.get(url, HTTP_ACCEPT="text/html")
    assert response.status_code == 200, url
    return _parse(response.content.decode())


@pytest.mark.parametrize("url", ["/api/docs/", "/api/redoc/"])
def test_the_docs_pages_load_every_asset_from_the_site(client, url):
    page = _page(client, url)
    assert page.addresses, "the page loads its viewer"
    assert _foreign(page.addresses) == []
    inline = "\n".join(page.inline)
    assert _foreign(INLINE_URL.findall(inline)) == []
    assert "fonts.googleapis" not in inline and "fonts.gstatic" not in inline


@pytest.mark.parametrize("url", ["/api/docs/", "/api/redoc/"])
def test_the_docs_viewers_are_served_from_static_and_fetch_no_web_font(client, url):
    static_url = settings.STATIC_URL
    scripts = [a for a in _page(client, url).addresses if a.startswith(static_url)]
    assert any(a.endswith(".js") for a in scripts)
    for address in scripts:
        found = finders.find(address.removeprefix(static_url))
        assert found, f"{address} is not among the static files"
        with open(found, encoding="utf-8", errors="replace") as file:
            text = file.read()
        assert "fonts.googleapis.com" not in text and "fonts.gstatic.com" not in text


def test_swagger_ui_asks_no_online_validator(client):
    # The page loads its start-up script from `?script` (no inline script under the site's CSP).
    assert '<script src="/api/docs/?script="></script>' in client.get("/api/docs/").content.decode()
    script = client.get("/api/docs/", {"script": ""}).content.decode()
    settings_json = re.search(r"const swaggerSettings = (\{.*?\});", script, re.S).group(1)
    assert json.loads(settings_json)["validatorUrl"] is None


def test_the_schema_names_no_logo_from_another_host(client):
    schema = client.get(reverse("api:schema"), {"format": "json"}).json()
    assert "x-logo" not in schema["info"]


@pytest.mark.parametrize("url", ["/", "/cards/", "/decks/", "/accounts/login/"])
def test_the_sites_pages_load_nothing_from_another_host(client, url):
    page = _page(client, url)
    assert _foreign(page.addresses) == []
    assert _foreign(INLINE_URL.findall("\n".join(page.inline))) == []


def test_the_footer_links_to_the_api_docs(client):
    page = _page(client, "/")
    assert reverse("api:redoc") in page.addresses


def test_redoc_runs_a_bundle_that_names_no_other_host_for_its_logo(client):
    page = _page(client, "/api/redoc/")
    bundle_url = reverse("api:redoc-bundle")
    assert bundle_url in page.addresses
    response = client.get(bundle_url)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    text = response.content.decode()
    assert "Redoc" in text and len(text) > 500_000  # the whole viewer, not a stub
    assert "cdn.redoc.ly" not in text
    assert "fonts.googleapis.com" not in text and "fonts.gstatic.com" not in text
    # Cached by the browser, and not sent again while unchanged.
    assert "max-age=86400" in response["Cache-Control"]
    again = client.get(bundle_url, HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304
    zipped = client.get(bundle_url, HTTP_ACCEPT_ENCODING="gzip")
    assert zipped["Content-Encoding"] == "gzip"
    assert len(zipped.content) < len(response.content) / 3


@pytest.mark.parametrize("url", ["/api/docs/", "/api/redoc/"])
def test_the_docs_pages_lead_back_to_the_site(client, url):
    client.cookies["django_language"] = "en"
    html = client.get(url, HTTP_ACCEPT="text/html").content.decode()
    assert f'<a href="{reverse("home")}">← Card database</a>' in html


def test_redocs_policy_keeps_images_fonts_and_fetches_on_the_site(client):
    """Nothing Redoc draws comes from another host: images from the site or data: only."""
    response = client.get("/api/redoc/", HTTP_ACCEPT="text/html")
    policy = response["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["img-src"] == "'self' data:"
    # Fonts and fetches fall back to default-src.
    assert "font-src" not in directives and "connect-src" not in directives
    assert directives["default-src"] == "'self'"


@pytest.mark.parametrize(
    ("language", "introduction"),
    [
        ("pl", "Opis poniżej (adresy, parametry, pola i ich wartości) jest po angielsku"),
        ("en", "The reference below (addresses, parameters, fields and their values) is in"),
    ],
)
def test_redoc_introduces_the_api_in_the_pages_language(client, language, introduction):
    client.cookies["django_language"] = language
    html = client.get("/api/redoc/", HTTP_ACCEPT="text/html").content.decode()
    schema_url = re.search(r'data-schema-url="([^"]*)"', html).group(1)
    assert schema_url == f"{reverse('api:schema')}?lang={language}"
    # Another language's cookie does not change what the schema's own `lang` asks for.
    client.cookies["django_language"] = "en" if language == "pl" else "pl"
    schema = client.get(f"{schema_url}&format=json").json()
    assert introduction in schema["info"]["description"]


def test_swagger_ui_asks_for_the_schema_in_the_pages_language(client):
    client.cookies["django_language"] = "en"
    script = client.get("/api/docs/", {"script": ""}).content.decode()
    # The start-up script escapes its URL as JSON in <script> does (`=` as \u003D).
    url = re.search(r'url: (".*?"),', script).group(1)
    assert json.loads(url) == f"{reverse('api:schema')}?lang=en"
