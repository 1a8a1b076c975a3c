"""The benchmark's synthetic catalogue never goes into a database that is not explicitly a scratch
one, and what it makes is searchable like any catalogue."""

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connections

from cardbase.models import Card
from cardbase.search.cards import search_cards
from tests.factories import AngelFactory

FORCE = "--i-know-this-is-not-the-catalogue"


@pytest.mark.django_db
def test_refuses_a_database_whose_name_does_not_say_bench(monkeypatch):
    # Named as the site's own database (a test database's name may say bench, as a scratch
    # server's do).
    monkeypatch.setitem(connections["default"].settings_dict, "NAME", "cardbase")
    with pytest.raises(CommandError, match="not a benchmark database"):
        call_command("make_synthetic_catalogue", "--cards", "5")
    assert not Card.objects.exists()


@pytest.mark.django_db
def test_refuses_a_database_holding_real_cards_even_when_forced():
    AngelFactory(name="Prawdziwy")
    with pytest.raises(CommandError, match="holds real cards"):
        call_command("make_synthetic_catalogue", "--cards", "5", FORCE)
    assert list(Card.objects.values_list("name", flat=True)) == ["Prawdziwy"]


@pytest.mark.django_db(transaction=True)  # VACUUM (PostgreSQL) runs outside a transaction
def test_makes_a_searchable_catalogue_when_told_it_is_a_scratch_database():
    call_command("make_synthetic_catalogue", "--cards", "300", FORCE)
    cards = Card.objects.filter(game__slug="synthetic")
    assert cards.count() == 300
    assert len(set(cards.values_list("search_text", flat=True))) > 250  # varied texts
    card = cards.exclude(text="").first()
    assert card.search_text and card.search_name
    word = card.search_text.split()[0].strip(".,!:")
    assert card in search_cards(query=f"tekst:{word}").queryset
    call_command("make_synthetic_catalogue", "--cards", "120", "--fresh", FORCE)
    assert Card.objects.filter(game__slug="synthetic").count() == 120
