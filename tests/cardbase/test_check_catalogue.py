"""`manage.py check_catalogue` finds the rows a save would have refused."""

import pytest
from django.core.management import CommandError, call_command

from cardbase.models import Card
from tests.factories import AngelFactory, HumanFactory

pytestmark = pytest.mark.django_db


def test_a_sound_catalogue_passes(capsys):
    AngelFactory(slug="gaap", faction="lord", order="thrones")
    call_command("check_catalogue")
    assert "Every card agrees" in capsys.readouterr().out


def test_rows_written_around_the_schema_are_named(capsys):
    AngelFactory(slug="tron", faction="lord", order="thrones")
    HumanFactory(slug="matka")
    # An update bypasses save(), as SQL or a bulk load would.
    Card.objects.filter(slug="tron").update(attributes={"faction": "fallen", "order": "thrones"})
    Card.objects.filter(slug="matka").update(attributes={"order": "angels"})
    with pytest.raises(CommandError, match="2 faults"):
        call_command("check_catalogue")
    assert capsys.readouterr().out.splitlines() == [
        "aniolowie/matka: order: a human has no order",
        "aniolowie/tron: order: Thrones are the Lord's angels only: a Fallen angel cannot be a"
        " Throne.",
    ]
