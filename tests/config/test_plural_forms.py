"""Polish counts take Polish plural forms: 1 karta, 2 karty, 5 kart, 12 kart, 22 karty, 25 kart."""

import gettext
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation
from django.utils.translation import ngettext

LOCALE = Path(settings.BASE_DIR) / "locale"


def catalogue(lang: str) -> gettext.GNUTranslations:
    with open(LOCALE / lang / "LC_MESSAGES" / "django.mo", "rb") as mo:
        return gettext.GNUTranslations(mo)


def test_the_polish_catalogue_declares_three_plural_forms():
    polish = catalogue("pl")
    assert [polish.plural(n) for n in (1, 2, 4, 5, 12, 14, 21, 22, 25, 112, 122)] == [
        0,
        1,
        1,
        2,
        2,
        2,
        2,
        1,
        2,
        2,
        1,
    ]


def test_every_counted_message_has_its_three_polish_forms():
    # The Polish source holds only two forms (one, many); the third comes from the pl catalogue.
    counted = {key[0] for key in catalogue("en")._catalog if isinstance(key, tuple)}
    polish = catalogue("pl")._catalog
    missing = sorted(m for m in counted if not all(polish.get((m, i)) for i in range(3)))
    assert counted and missing == []


@pytest.mark.parametrize(
    ("n", "cards", "decks"),
    [
        (1, "1 karta", "1 talia"),
        (2, "2 karty", "2 talie"),
        (5, "5 kart", "5 talii"),
        (12, "12 kart", "12 talii"),
        (22, "22 karty", "22 talie"),
        (25, "25 kart", "25 talii"),
    ],
)
def test_cards_and_decks_are_counted_in_polish(n, cards, decks):
    with translation.override("pl"):
        assert ngettext("%(counter)s karta", "%(counter)s kart", n) % {"counter": n} == cards
        assert ngettext("%(counter)s talia", "%(counter)s talii", n) % {"counter": n} == decks


@pytest.mark.parametrize(("n", "cards"), [(1, "1 card"), (2, "2 cards")])
def test_cards_are_counted_in_english(n, cards):
    with translation.override("en"):
        assert ngettext("%(counter)s karta", "%(counter)s kart", n) % {"counter": n} == cards
