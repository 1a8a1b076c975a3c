"""Deck codes: a saved deck's code opens on any install with the same cards; old codes still open."""

import base64

import pytest

from cardbase.models import Card
from decks import codes
from decks.selectors.entries import deck_counts
from decks.transfer.problems import ImportFailed
from decks.transfer.read_code import read_code
from rules.core import DeckCode, deckcode
from tests.factories import AngelFactory, HumanFactory

pytestmark = pytest.mark.django_db


def counts_by_slug(deck):
    return {card.slug: count for card, count in deck_counts(deck)}


def legacy_code(letter: str, counts: dict[int, int]) -> str:
    """Write a version 1 code as the site wrote them before: ids sorted, stored as gaps."""

    def varint(value: int) -> bytes:
        out = bytearray()
        while True:
            byte, value = value & 0x7F, value >> 7
            out.append(byte | 0x80 if value else byte)
            if not value:
                return bytes(out)

    head = "1" + letter
    payload = bytearray()
    previous = 0
    for card_id in sorted(counts):
        payload += varint(card_id - previous) + varint(counts[card_id])
        previous = card_id
    payload.append(codes.legacy_checksum(head, bytes(payload)))
    return head + base64.urlsafe_b64encode(bytes(payload)).decode("ascii").rstrip("=")


def test_a_deck_code_carries_the_game_options_format_and_cards_by_slug(legal):
    decoded = deckcode.decode(codes.deck_code(legal))
    assert (decoded.game, decoded.options, decoded.format) == (
        "aniolowie",
        {"faction": "fallen"},
        "standard",
    )
    assert dict(decoded.cards) == counts_by_slug(legal)


def test_a_code_opens_after_the_cards_got_other_database_ids(legal):
    """What makes a code portable: another install numbers the same cards differently."""
    code = codes.deck_code(legal)
    before = counts_by_slug(legal)
    legal.delete()
    for card in Card.objects.order_by("pk"):
        attributes, kind, name, slug, game = (
            card.attributes,
            card.kind,
            card.name,
            card.slug,
            card.game,
        )
        card.delete()
        Card.objects.create(game=game, kind=kind, name=name, slug=slug, attributes=attributes)
    opened = codes.open_code(code)
    by_id = {card.pk: card.slug for card in opened.cards_by_id.values()}
    assert {by_id[card_id]: n for (card_id, _section), n in opened.cards.items()} == before
    assert opened.options == {"faction": "fallen"}


def test_a_link_to_a_code_page_is_read_as_its_code(legal):
    code = codes.deck_code(legal)
    url = f"https://example.org/decks/code/{code}/?name=X"
    imported = read_code(url)
    assert {imported.cards_by_id[i].slug: n for i, n in imported.card_counts.items()} == (
        counts_by_slug(legal)
    )
    assert imported.options == {"faction": "fallen"}


def test_a_code_naming_cards_this_catalogue_lacks_names_them(owner):
    code = deckcode.encode(DeckCode("aniolowie", {"faction": "lord"}, None, {"nie-ma-mnie": 1}))
    with pytest.raises(ImportFailed) as caught:
        read_code(code)
    assert "nie-ma-mnie" in caught.value.problems[0].message


def test_a_code_of_a_game_without_rules_is_refused():
    code = deckcode.encode(DeckCode("szachy", {}, None, {"hetman": 1}))
    with pytest.raises(codes.CodeError) as caught:
        codes.open_code(code)
    assert caught.value.message == "Nieznana gra „szachy”."


def test_a_version_1_code_made_before_still_opens_with_its_faction():
    gaap = AngelFactory(name="Gaap", slug="gaap", faction="fallen")
    matka = HumanFactory(name="Matka", slug="matka")
    opened = codes.open_code(legacy_code("F", {matka.pk: 1, gaap.pk: 2}))
    assert (opened.game, opened.options, opened.format) == (
        "aniolowie",
        {"faction": "fallen"},
        None,
    )
    # Those codes knew no sections: each card lies in its kind's home.
    assert opened.cards == {(gaap.pk, "zastep"): 2, (matka.pk, "humans"): 1}
    assert codes.open_code(legacy_code("L", {gaap.pk: 1})).options == {"faction": "lord"}


@pytest.mark.parametrize(
    ("code", "why"),
    [
        ("", "Podaj kod talii."),
        ("9Fabc", "To nie jest poprawny kod talii"),
        ("1Qabc", "nieznana frakcja"),
        ("1F!!!!", "niedozwolone znaki"),
        ("1FAAAA", "suma kontrolna się nie zgadza"),
        ("1" + "F" * 5000, "za długi"),
        ("2" + "A" * 10, "To nie jest poprawny kod talii"),
    ],
)
def test_a_bad_code_gets_a_clear_message(code, why):
    AngelFactory(name="Gaap", slug="gaap")  # "1Qabc" must fail on its letter, not on no cards
    with pytest.raises(codes.CodeError) as caught:
        codes.open_code(legacy_code("Q", {Card.objects.get().pk: 1}) if code == "1Qabc" else code)
    assert why in caught.value.message


def test_a_mistyped_or_cut_version_1_code_is_caught_by_its_checksum():
    code = legacy_code("L", {i: 2 for i in range(1, 40)})
    for broken in (code[:-3], code[:2] + code[3:], code.replace("1L", "1F", 1)):
        with pytest.raises(codes.CodeError):
            codes.open_code(broken)
