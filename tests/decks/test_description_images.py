"""A deck description shows only this site's images: another host's is a link, never loaded."""

import pytest

from decks import services
from decks.description import is_own_address, render_description
from tests.factories import UserFactory


@pytest.mark.parametrize(
    "url",
    [
        "https://tracker.example/pixel.gif",
        "HTTP://tracker.example/pixel.gif",
        "//tracker.example/pixel.gif",
        "///tracker.example/pixel.gif",
        "/\\tracker.example/pixel.gif",
        "\\\\tracker.example/pixel.gif",
        " //tracker.example/pixel.gif",
        "/\t/tracker.example/pixel.gif",
        "/\n/tracker.example/pixel.gif",
        "data:image/gif;base64,R0lGODlhAQABAAAAACw=",
        "javascript:alert(1)",
        "pixel.gif",
        "",
    ],
)
def test_an_address_with_a_scheme_or_a_host_is_not_the_sites_own(url):
    assert not is_own_address(url)


@pytest.mark.parametrize("url", ["/media/faces/gaap.png", "/static/favicon.svg", "/%09/x.png"])
def test_a_path_on_the_site_is_its_own(url):
    assert is_own_address(url)


def test_a_markdown_image_of_another_host_becomes_a_link_named_by_its_alt_text():
    html = render_description('Zobacz ![Gaap na stole](https://tracker.example/p.gif "Stół") tu')
    assert "<img" not in html
    assert html == (
        '<p>Zobacz <a href="https://tracker.example/p.gif" title="Stół" '
        'rel="noopener noreferrer">Gaap na stole</a> tu</p>'
    )


def test_a_protocol_relative_image_without_alt_text_is_a_link_named_by_its_address():
    html = render_description("![](//tracker.example/p.gif)")
    assert html == (
        '<p><a href="//tracker.example/p.gif" rel="noopener noreferrer">'
        "//tracker.example/p.gif</a></p>"
    )


def test_a_data_image_is_only_its_alt_text():
    html = render_description("![kropka](data:image/gif;base64,R0lGODlhAQABAAAAACw=) koniec")
    assert html == "<p><span>kropka</span> koniec</p>"


def test_an_image_of_another_host_inside_a_link_is_its_alt_text_in_that_link():
    html = render_description("[![logo](https://tracker.example/l.png)](https://example.org/)")
    assert html == (
        '<p><a href="https://example.org/" rel="noopener noreferrer"><span>logo</span></a></p>'
    )


@pytest.mark.parametrize(
    "raw",
    [
        '<img src="https://tracker.example/p.gif" alt="raw">',
        '<img src="&#x2F;&#x2F;tracker.example/p.gif" alt="raw">',
        '<img src="/\\tracker.example/p.gif" alt="raw">',
        '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="raw">',
    ],
)
def test_a_raw_html_image_of_another_host_loses_its_source_and_keeps_its_alt_text(raw):
    assert render_description(raw) == '<p><img alt="raw"></p>'


def test_the_sites_own_images_stay():
    html = render_description('![Gaap](/media/faces/gaap.png) <img src="/static/x.svg" alt="x">')
    assert (
        html
        == '<p><img alt="Gaap" src="/media/faces/gaap.png"> <img src="/static/x.svg" alt="x"></p>'
    )


@pytest.mark.django_db
def test_the_deck_page_loads_no_image_from_another_host(client):
    deck = services.deck_create(
        owner=UserFactory(),
        name="Z obrazkami",
        options={"faction": "lord"},
        visibility="public",
        description=(
            "![śledzik](https://tracker.example/p.gif)\n\n"
            '<img src="//tracker.example/q.gif" alt="surowy">\n\n'
            "![nasz](/media/faces/gaap.png)"
        ),
    )
    page = client.get(deck.get_absolute_url()).content.decode()
    description = page.split('<div class="deck-description">', 1)[1].split("</div>", 1)[0]
    assert '<a href="https://tracker.example/p.gif" rel="noopener noreferrer">śledzik</a>' in (
        description
    )
    assert "q.gif" not in description
    assert '<img alt="surowy">' in description
    assert '<img alt="nasz" src="/media/faces/gaap.png">' in description
