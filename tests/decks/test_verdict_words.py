"""The verdict in words a player reads: errors to fix, and one calm note for what went unchecked."""

import re
from types import SimpleNamespace

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from cardbase.models import Card
from decks import services
from decks.selectors.verdict import VerdictLine
from tests.factories import InterventionFactory, legal_deck_cards

pytestmark = pytest.mark.django_db


def deck_with_unknown_factions(owner, n: int, *, extra: dict[int, int] | None = None):
    """A legal Fallen deck plus `n` interventions whose faction the catalogue does not know."""
    cards = legal_deck_cards("fallen")
    for i in range(n):
        card = InterventionFactory(name=f"Bez frakcji {i:02}", edition_symbol="empty")
        cards[card.pk] = 1
    cards.update(extra or {})
    return services.deck_create(
        owner=owner, name="Talia", options={"faction": "fallen"}, cards=cards, visibility="public"
    )


def text(client, url: str, lang: str) -> str:
    """Return a page's visible text, tags dropped and spaces folded."""
    client.cookies["django_language"] = lang
    html = client.get(url).content.decode()
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def verdict_html(client, url: str, lang: str) -> str:
    client.cookies["django_language"] = lang
    html = client.get(url).content.decode()
    start = html.index('<div class="verdict ')
    end = (
        html.index("</div>", html.index('class="verdict-note"')) if "verdict-note" in html else None
    )
    return html[start:end]


def test_unknown_factions_are_one_calm_note_apart_from_the_tick(client, owner):
    deck = deck_with_unknown_factions(owner, 21)
    url = deck.get_absolute_url()
    html = verdict_html(client, url, "pl")
    # The note follows the verdict's box, not inside its green ✔.
    assert html.index("</div>") < html.index('class="verdict-note"')
    assert len(re.findall(r'<li class="violation warning', html)) == 1
    page = text(client, url, "pl")
    # With a note left the tick does not say the deck is done.
    assert "✔ Talia nie łamie żadnej zasady budowania talii, ale zostały uwagi poniżej." in page
    assert "zgodna z zasadami" not in page
    assert "1 uwaga: Nieznana frakcja, więc nie sprawdzono zasady jednej frakcji: 21 kart (" in (
        page
    )
    # The 21 cards at fault link to their propose forms, where the player may supply the fact.
    assert "Znasz brakujący fakt? Wybierz kartę, by go uzupełnić." in page
    assert len(re.findall(r'href="/cards/[^"]+/propose/"', html)) == 21

    page = text(client, url, "en")
    assert "✔ The deck breaks no deck-building rule, but the notes below remain." in page
    assert "1 note: Faction unknown, so the one-faction rule was not checked: 21 cards (" in page
    assert "Fill in" not in page


def test_one_unknown_card_is_said_with_its_name_and_the_fact_that_would_settle_it(client, owner):
    deck = deck_with_unknown_factions(owner, 1)
    page = text(client, deck.get_absolute_url(), "pl")
    assert (
        "1 uwaga: Bez frakcji 00: nieznana frakcja, więc nie sprawdzono zasady jednej frakcji. "
        "Znasz? Uzupełnij: frakcja" in page
    )
    card = Card.objects.get(name="Bez frakcji 00")
    html = verdict_html(client, deck.get_absolute_url(), "pl")
    assert f'<a href="/cards/aniolowie/{card.slug}/propose/">' in html
    (stored,) = deck.verdict["violations"]
    assert stored["unknown"] == ["faction"]


@pytest.mark.parametrize(
    ("n", "pl", "en"),
    [
        (2, "2 karty", "2 cards"),
        (5, "5 kart", "5 cards"),
        (12, "12 kart", "12 cards"),
        (22, "22 karty", "22 cards"),
        (25, "25 kart", "25 cards"),
    ],
)
def test_the_cards_a_note_counts_take_the_polish_plural(client, owner, n, pl, en):
    deck = deck_with_unknown_factions(owner, n)
    url = deck.get_absolute_url()
    assert f"zasady jednej frakcji: {pl} (" in text(client, url, "pl")
    assert f"the one-faction rule was not checked: {en} (" in text(client, url, "en")


def test_an_error_names_the_card_at_fault_and_hides_the_rule_code(client, owner):
    over = InterventionFactory(name="Za Dużo", faction="fallen", edition_symbol="empty")
    deck = deck_with_unknown_factions(owner, 3, extra={over.pk: 3})
    stored = {(v["code"], v["severity"]) for v in deck.verdict["violations"]}
    assert stored == {("copy-limit", "error"), ("unverified", "warning")}
    url = deck.get_absolute_url()
    page = text(client, url, "pl")
    assert "✘ Talia łamie zasady budowania talii: 1 błąd." in page
    assert re.search(r"błąd [^.]*Za Dużo", page)
    assert "1 uwaga: Nieznana frakcja" in page
    assert "The deck breaks the deck-building rules: 1 error." in text(client, url, "en")
    html = verdict_html(client, url, "pl")
    # The codes stay for scripts and tests (data-code), never as words on the page.
    assert 'data-code="copy-limit"' in html and 'data-code="unverified"' in html
    assert "copy-limit" not in page and "unverified" not in page and "<code" not in html


def stub_sheet(errors: int, warnings: int) -> SimpleNamespace:
    def line(i: int, severity: str) -> VerdictLine:
        return VerdictLine(f"rule-{i}", severity, f"Wiadomość {i}.", [f"Karta {i}"], [i])

    return SimpleNamespace(
        verdict={"valid": not errors},
        verdict_errors=[line(i, "error") for i in range(errors)],
        verdict_warnings=[line(i, "warning") for i in range(warnings)],
    )


@pytest.mark.parametrize(
    ("n", "errors", "notes"),
    [
        (1, "1 błąd.", "1 uwaga:"),
        (2, "2 błędy.", "2 uwagi:"),
        (5, "5 błędów.", "5 uwag:"),
        (12, "12 błędów.", "12 uwag:"),
        (22, "22 błędy.", "22 uwagi:"),
        (25, "25 błędów.", "25 uwag:"),
    ],
)
def test_errors_and_notes_are_counted_with_polish_plurals(n, errors, notes):
    with translation.override("pl"):
        html = render_to_string("decks/_verdict.html", {"sheet": stub_sheet(n, n)})
    assert f"Talia łamie zasady budowania talii: {errors}" in html
    assert notes in html


@pytest.mark.parametrize(
    ("n", "errors", "notes"), [(1, "1 error.", "1 note:"), (2, "2 errors.", "2 notes:")]
)
def test_errors_and_notes_are_counted_in_english(n, errors, notes):
    with translation.override("en"):
        html = render_to_string("decks/_verdict.html", {"sheet": stub_sheet(n, n)})
    assert f"The deck breaks the deck-building rules: {errors}" in html
    assert notes in html


def test_a_deck_without_notes_is_said_to_follow_the_rules(client, owner):
    deck = services.deck_create(
        owner=owner,
        name="Talia",
        options={"faction": "fallen"},
        cards=legal_deck_cards("fallen"),
        visibility="public",
    )
    page = text(client, deck.get_absolute_url(), "pl")
    assert "uwag" not in page.split("✔", 1)[1][:200]
    assert "✔ Talia jest zgodna z zasadami budowania talii." in page
    assert "✔ The deck follows the deck-building rules." in text(
        client, deck.get_absolute_url(), "en"
    )
