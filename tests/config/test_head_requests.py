"""Monitors and load balancers that ask with HEAD get the page's status, not 405."""

import pytest

from tests.factories import AngelFactory


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/cards/", "/cards/syntax/", "/decks/"])
def test_pages_answer_head_like_get(client, path):
    AngelFactory()
    response = client.head(path)
    assert response.status_code == 200
    assert response.content == b""
    assert response["Content-Type"].startswith("text/html")
