"""`manage.py revalidate_decks` rewrites verdicts stored before the rules were worded anew."""

import pytest
from django.core.management import call_command

from decks import services
from decks.models import Deck
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_a_verdict_stored_in_old_words_is_stored_again_as_the_rules_now_say_it(capsys):
    deck = services.deck_create(owner=UserFactory(), name="Stara", options={"faction": "fallen"})
    fresh = deck.verdict
    assert fresh["violations"], "an empty deck breaks the size rule"
    stale = {
        **fresh,
        "violations": [
            {**v, "message": {"pl": "Uzupełnij frakcję.", "en": "Fill in the faction."}}
            for v in fresh["violations"]
        ],
    }
    Deck.objects.filter(pk=deck.pk).update(verdict=stale)
    untouched = services.deck_create(owner=UserFactory(), name="Nowa", options={"faction": "lord"})

    call_command("revalidate_decks")

    assert "1 verdicts refreshed" in capsys.readouterr().out
    deck.refresh_from_db()
    assert deck.verdict == fresh
    assert Deck.objects.get(pk=untouched.pk).verdict == untouched.verdict
