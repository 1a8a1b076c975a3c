"""The site speaks French: every message the English catalogue translates, the French one does
too, with the same placeholders and French plural forms; a page asked for in French is French."""

import re

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import ngettext

from tests.config.test_plural_forms import catalogue

PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\w*\}")


def test_every_message_translated_into_english_is_translated_into_french():
    english = {key for key in catalogue("en")._catalog if key}
    french = catalogue("fr")._catalog
    missing = sorted(str(key) for key in english if not french.get(key))
    assert english and missing == []


def test_each_french_message_keeps_the_placeholders_of_its_source():
    for key, text in catalogue("fr")._catalog.items():
        source = key[0] if isinstance(key, tuple) else key
        if source:
            assert sorted(PLACEHOLDER.findall(text)) == sorted(PLACEHOLDER.findall(source)), key


@pytest.mark.parametrize(("n", "form"), [(0, 0), (1, 0), (2, 1), (5, 1)])
def test_french_takes_the_singular_for_zero_and_one(n, form):
    assert catalogue("fr").plural(n) == form


@pytest.mark.parametrize(
    ("n", "cards", "decks"), [(1, "1 carte", "1 deck"), (2, "2 cartes", "2 decks")]
)
def test_cards_and_decks_are_counted_in_french(n, cards, decks):
    with translation.override("fr"):
        assert ngettext("%(counter)s karta", "%(counter)s kart", n) % {"counter": n} == cards
        assert ngettext("%(counter)s talia", "%(counter)s talii", n) % {"counter": n} == decks


@pytest.mark.django_db
def test_a_page_asked_for_in_french_is_french_and_offers_the_three_languages(client):
    client.cookies["django_language"] = "fr"
    body = client.get(reverse("card-list")).content.decode()
    assert '<html lang="fr">' in body
    assert "Catalogue" in body
    assert all(f'value="{code}"' in body for code in ("pl", "en", "fr"))
