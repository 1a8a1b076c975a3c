"""The links the catalogue builds carry what the player chose, never the filters left blank."""

import pytest
from django.http import QueryDict

from tests.factories import AngelFactory

pytestmark = pytest.mark.django_db

# What a form sent without JavaScript holds: every field, most of them blank.
BLANKS = "q=&game=&level_min=&level_max=&edition=&sort=&view=grid&page_size=24"


def test_the_pages_links_leave_out_the_blank_filters(client):
    for n in range(30):
        AngelFactory(name=f"Anioł {n:02d}", order="powers", level=7)
    response = client.get(f"/cards/?{BLANKS}&order=powers")
    body = response.content.decode()
    assert 'href="?view=grid&amp;page_size=24&amp;order=powers&amp;page=2"' in body
    assert 'href="?q=' not in body


def test_the_offer_of_the_unknown_values_leaves_out_the_blank_filters(client):
    AngelFactory(name="Znany", faction="lord", order="powers", level=7)
    AngelFactory(name="Nieznany", faction="", order="powers", level=7)
    response = client.get(f"/cards/?{BLANKS}&faction=lord")
    (offer,) = response.context["unknown_also"]
    assert offer.params == QueryDict("view=grid&page_size=24&faction=lord&faction=unknown")
