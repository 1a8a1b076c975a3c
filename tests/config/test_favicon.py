"""The site's icon: linked from every page, and /favicon.ico answered rather than a 404."""

import pytest
from django.contrib.staticfiles import finders
from PIL import Image


@pytest.mark.django_db
def test_every_page_links_the_svg_icon_and_its_ico(client):
    html = client.get("/").content.decode()
    assert 'rel="icon" href="/static/favicon.svg" type="image/svg+xml"' in html
    assert 'rel="icon" href="/static/favicon.ico"' in html


def test_favicon_ico_leads_to_the_served_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 302 and response["Location"] == "/static/favicon.ico"


def test_the_icons_are_static_files_a_browser_can_read():
    svg = finders.find("favicon.svg")
    with open(svg, encoding="utf-8") as file:
        assert file.read().startswith("<svg xmlns=")
    with Image.open(finders.find("favicon.ico")) as ico:
        assert ico.format == "ICO" and (32, 32) in ico.info["sizes"]
