"""How complete a game's catalogue is: known facts out of those its cards may be given."""

import pytest
from django.core.management import call_command

from cardbase.models import Game
from cardbase.selectors.completeness import Share, catalogue_completeness
from tests.factories import AngelFactory, InterventionFactory

pytestmark = pytest.mark.django_db


def test_each_kind_counts_the_facts_its_cards_may_be_given_and_not_the_derived_ones():
    AngelFactory(order="powers", level=7, faction=None)  # choir derived: not counted
    AngelFactory(order=None, level=None, faction="lord", support=2)
    InterventionFactory(faction="fallen", edition_symbol=None)
    completeness = catalogue_completeness(Game.objects.get(slug="aniolowie"))

    angels, interventions = completeness.kinds
    assert (angels.id, angels.cards, interventions.id, interventions.cards) == (
        "angel",
        2,
        "intervention",
        1,
    )
    by_id = {a.id: a.share for a in angels.attributes}
    assert "choir" not in by_id
    assert (by_id["order"], by_id["faction"], by_id["support"]) == (
        Share(1, 2),
        Share(1, 2),
        Share(1, 2),
    )
    assert interventions.share == Share(1, 2)
    assert completeness.share == Share(angels.share.known + 1, angels.share.total + 2)


def test_the_rulebooks_cards_of_aniolowie_know_38_of_332_facts():
    call_command("load_catalogue", verbosity=0)
    share = catalogue_completeness(Game.objects.get(slug="aniolowie")).share
    assert (share.known, share.total, share.percent) == (38, 332, 11)


def test_a_share_is_rounded_down_and_an_empty_one_is_whole():
    assert (Share(331, 332).percent, Share(0, 0).percent) == (99, 100)
