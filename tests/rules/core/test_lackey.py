"""LackeyCCG .dek files: read as written (stray "&" too), written back the same, refused if no deck."""

import pytest

from rules.core.lackey import LackeyCard, LackeyError, Zone, deck_of, parse, write

ALIEN = """<deck version="0.8">
\t<meta>
\t\t<game>INWO</game>
\t</meta>
\t<superzone name="Lead Cards">
\t\t<card><name>UFOs</name><set>Limited</set></card>
\t\t<card><name>Gun Lobby</name><set>Limited</set></card>
\t</superzone>
\t<superzone name="Plot Deck">
\t\t<card><name>Gun Control</name><set>Limited</set></card>
\t\t<card><name>Savings & Loan Scam</name><set>Limited</set></card>
\t\t<card><name>Gun Control</name><set>Limited</set></card>
\t</superzone>
</deck>
"""


def test_a_deck_reads_zone_by_zone_one_card_per_copy():
    deck = parse(ALIEN)
    assert deck.game == "INWO" and deck.format is None
    assert [zone.name for zone in deck.zones] == ["Lead Cards", "Plot Deck"]
    assert deck.zones[0].cards == (
        LackeyCard("UFOs", "Limited"),
        LackeyCard("Gun Lobby", "Limited"),
    )
    assert deck.total == 5
    assert deck.counts() == [
        ("Lead Cards", "UFOs", "Limited", 1),
        ("Lead Cards", "Gun Lobby", "Limited", 1),
        ("Plot Deck", "Gun Control", "Limited", 2),
        ("Plot Deck", "Savings & Loan Scam", "Limited", 1),
    ]


def test_a_stray_ampersand_is_read_as_one_and_entities_still_work():
    deck = parse(ALIEN.replace("Gun Lobby", "Guns &amp; Roses &#38; Co"))
    names = [card.name for card in deck.zones[0].cards]
    assert names == ["UFOs", "Guns & Roses & Co"]


def test_written_back_it_reads_the_same_and_escapes_what_it_must():
    deck = parse(ALIEN)
    text = write(deck)
    assert "<name>Savings &amp; Loan Scam</name>" in text
    assert text.startswith('<deck version="0.8">\n\t<meta>\n\t\t<game>INWO</game>\n\t</meta>\n')
    assert "\t\t<card><name>UFOs</name><set>Limited</set></card>\n" in text
    assert parse(text) == deck


def test_a_format_goes_into_a_comment_and_comes_back():
    deck = deck_of("INWO", [("Lead Cards", [("UFOs", None, 1)])], format="tournament")
    assert deck.zones == (Zone("Lead Cards", (LackeyCard("UFOs"),)),)
    text = write(deck)
    assert "<!-- format: tournament -->" in text and "<set>" not in text
    assert parse(text).format == "tournament"


@pytest.mark.parametrize(
    ("text", "message", "line"),
    [
        ("<deck><meta></deck>", "not well-formed XML", 1),
        ("2 Gun Control\n", "not well-formed XML", 1),
        ("<talia/>", "the root element is <talia>, not <deck>", None),
        ('<!DOCTYPE deck [<!ENTITY a "aaaa">]><deck/>', "no document type declaration", None),
        ('<deck><superzone name="X"><card><set>L</set></card></superzone></deck>', "no name", None),
    ],
)
def test_what_is_no_deck_is_refused_with_its_reason(text, message, line):
    with pytest.raises(LackeyError) as caught:
        parse(text)
    assert message in caught.value.message
    assert caught.value.line == line
