"""The Aniołowie deck-building rules, case by case (rulebook ch. VII p. 40-41, 6.1 p. 28).

Each case lists the exact violations expected as (code, severity, cards at fault), sorted.
"""

import pytest
from rules_factories import (
    angel,
    check,
    deck,
    four_humans,
    human,
    intervention,
    ladder,
    legal_deck,
    padding,
    replaced,
    size,
    summary,
    with_cards,
    without,
)

from rules.aniolowie.codes import CODES

E, W = "error", "warning"
FULL_LADDER = ladder("lord")


def marcin_angels() -> list:
    """Return the angels of Marcin's deck, the rulebook's example on p. 41 (27 angel cards)."""
    return [
        angel("M Angel", "angels"),
        *(angel(f"M Archangel {i}", "archangels") for i in range(1, 7)),
        angel("M Principality 1", "principalities", count=2),
        angel("M Principality 2", "principalities"),
        *(angel(f"M Virtue {i}", "virtues") for i in range(1, 11)),
        angel("M Power 1", "powers", count=2),
        angel("M Power 2", "powers"),
        *(angel(f"M Dominion {i}", "dominions") for i in range(1, 4)),
        angel("M Cherub", "cherubim"),
    ]


def humans_of(*alignments: str) -> list:
    """Return one human per alignment, named "<Alignment> <position>"."""
    return [human(f"{a.capitalize()} {i}", a) for i, a in enumerate(alignments, 1)]


def with_humans(*cards) -> dict:
    """Return a Lord deck of these humans, a full ladder and interventions up to 45 cards."""
    return deck([*cards, *FULL_LADDER])


def powers(*entries) -> dict:
    """Return the legal Lord deck with its three Powers replaced by `entries`."""
    data = without(legal_deck(), "Lord powers 2", "Lord powers 3")
    return replaced(data, "Lord powers 1", *entries)


def angels_only(*angels, faction="lord") -> dict:
    """Return a deck of four humans and just these angels, padded to 45 with interventions."""
    return deck([*four_humans(), *angels], faction)


def no_faction_key(data: dict) -> dict:
    """Return the deck without its "faction" key."""
    return {key: value for key, value in data.items() if key != "faction"}


SIZE = [
    pytest.param(legal_deck("lord"), [], id="legal-lord-exactly-45"),
    pytest.param(legal_deck("fallen"), [], id="legal-fallen-up-to-seraphim"),
    pytest.param(without(legal_deck(), "Pad 1"), [("deck-size", E, ())], id="44-fails"),
    pytest.param(with_cards(legal_deck(), *padding(1, prefix="More")), [], id="46-is-fine"),
    pytest.param(with_cards(legal_deck(), *padding(200, prefix="More")), [], id="no-maximum"),
    pytest.param(
        without(legal_deck(), "Saint"),
        [("deck-size", E, ()), ("human-count", E, ("Pilgrim", "Sinner", "Thief"))],
        id="the-humans-count-toward-45",
    ),
]

HUMANS = [
    pytest.param(deck(FULL_LADDER), [("human-count", E, ())], id="no-humans"),
    pytest.param(
        with_humans(*humans_of("good", "good", "evil")),
        [("human-count", E, ("Good 1", "Good 2", "Evil 3"))],
        id="three-humans-one-more-evil-would-do",
    ),
    pytest.param(
        with_humans(*humans_of("good", "good", "evil", "evil", "evil")),
        [("human-count", E, ("Good 1", "Good 2", "Evil 3", "Evil 4", "Evil 5"))],
        id="five-humans-one-fewer-evil-would-do",
    ),
    pytest.param(
        with_humans(*humans_of("good", "good", "good", "evil")),
        [("human-balance", E, ("Good 1", "Good 2", "Good 3"))],
        id="three-good-one-evil",
    ),
    pytest.param(
        with_humans(*humans_of("evil", "evil", "evil", "evil")),
        [("human-balance", E, ("Evil 1", "Evil 2", "Evil 3", "Evil 4"))],
        id="four-evil",
    ),
    pytest.param(
        with_humans(*humans_of("good", "good", "good")),
        [
            ("human-balance", E, ("Good 1", "Good 2", "Good 3")),
            ("human-count", E, ("Good 1", "Good 2", "Good 3")),
        ],
        id="three-good-no-fourth-can-balance",
    ),
    pytest.param(
        with_humans(*humans_of("good", "good", "good", "good", "evil")),
        [
            ("human-balance", E, ("Good 1", "Good 2", "Good 3", "Good 4")),
            ("human-count", E, ("Good 1", "Good 2", "Good 3", "Good 4", "Evil 5")),
        ],
        id="four-good-one-evil-removing-cannot-balance",
    ),
    pytest.param(
        with_humans(*humans_of("good", "good", "evil", "neutral")), [], id="neutral-for-evil"
    ),
    pytest.param(
        with_humans(*humans_of("good", "evil", "evil", "neutral")), [], id="neutral-for-good"
    ),
    pytest.param(
        with_humans(*humans_of("good", "good", "good", "neutral")),
        [("human-balance", E, ("Good 1", "Good 2", "Good 3"))],
        id="a-neutral-cannot-fix-three-good",
    ),
    pytest.param(
        with_humans(*humans_of("good", "evil", "neutral", "neutral")),
        [("neutral-human-limit", E, ("Neutral 3", "Neutral 4"))],
        id="two-neutrals",
    ),
    pytest.param(
        with_humans(human("Saint"), human("Pilgrim"), human("Wanderer", "neutral", count=2)),
        [("neutral-human-limit", E, ("Wanderer",))],
        id="two-copies-of-a-neutral",
    ),
]

FACTIONS = [
    pytest.param(
        with_cards(legal_deck(), angel("Fallen Stray", "angels", "fallen")),
        [("faction-mix", E, ("Fallen Stray",))],
        id="fallen-angel-in-lord-deck",
    ),
    pytest.param(
        with_cards(legal_deck("fallen"), intervention("Lord Grace", "lord")),
        [("faction-mix", E, ("Lord Grace",))],
        id="lord-intervention-in-fallen-deck",
    ),
    pytest.param(
        with_cards(legal_deck("fallen"), intervention("Either", "any")), [], id="any-fits-fallen"
    ),
    pytest.param(
        with_cards(legal_deck("lord"), intervention("Either", "any")), [], id="any-fits-lord"
    ),
    pytest.param(legal_deck("fallen") | {"faction": None}, [], id="null-faction-inferred"),
    pytest.param(no_faction_key(legal_deck("lord")), [], id="missing-faction-inferred"),
    pytest.param(
        with_cards(no_faction_key(legal_deck()), angel("Fallen Stray", "angels", "fallen")),
        [("faction-mix", E, ("Fallen Stray",))],
        id="no-faction-and-cards-disagree-blames-smaller-side",
    ),
    pytest.param(
        with_cards(legal_deck("fallen"), angel("Throne X", "thrones", faction=None)),
        [("faction-mix", E, ("Throne X",))],
        id="a-throne-of-unknown-faction-is-the-lords",
    ),
    pytest.param(
        with_cards(legal_deck("lord"), angel("Throne X", "thrones", faction=None)),
        [],
        id="a-throne-of-unknown-faction-fits-lord",
    ),
    pytest.param(
        with_cards(legal_deck(), intervention("Mystery", faction=None)),
        [("unverified", W, ("Mystery",))],
        id="unknown-faction-warns",
    ),
    pytest.param(
        deck([*four_humans(), angel("A", "angels", None)], None, pad_to=0),
        [("deck-size", E, ())],
        id="one-card-of-unknown-faction-cannot-mix",
    ),
    pytest.param(
        deck([*four_humans(), angel("A", "angels", None), angel("B", "angels", None)], None, 0),
        [("deck-size", E, ()), ("unverified", W, ("A",)), ("unverified", W, ("B",))],
        id="two-cards-of-unknown-faction-could-mix",
    ),
]

COPIES = [
    pytest.param(with_cards(legal_deck(), intervention("Twice", count=2)), [], id="empty-x2"),
    pytest.param(
        with_cards(legal_deck(), intervention("Thrice", count=3)),
        [("copy-limit", E, ("Thrice",))],
        id="empty-x3",
    ),
    pytest.param(
        with_cards(legal_deck(), intervention("Unique", edition_symbol="filled")),
        [],
        id="filled-x1",
    ),
    pytest.param(
        with_cards(legal_deck(), intervention("Unique", count=2, edition_symbol="filled")),
        [("copy-limit", E, ("Unique",))],
        id="filled-x2",
    ),
    pytest.param(
        with_cards(legal_deck(), human("Matka", "good", count=2, edition_symbol="filled")),
        [
            ("copy-limit", E, ("Matka",)),
            ("human-count", E, ("Saint", "Pilgrim", "Sinner", "Thief", "Matka")),
        ],
        id="humans-have-copy-limits-too",
    ),
    pytest.param(
        with_cards(legal_deck(), intervention("Gaap", count=2), intervention("GAAP")),
        [("copy-limit", E, ("Gaap", "GAAP"))],
        id="same-name-in-any-case-adds-up",
    ),
    pytest.param(
        with_cards(legal_deck(), intervention("Jawna Łaska"), intervention("JAWNA LASKA")),
        [],
        id="diacritics-folded-two-is-fine",
    ),
    pytest.param(
        with_cards(
            legal_deck(),
            intervention("Jawna Łaska"),
            intervention("JAWNA  LASKA"),
            intervention("jawna łaska"),
        ),
        [("copy-limit", E, ("Jawna Łaska", "JAWNA  LASKA", "jawna łaska"))],
        id="diacritics-folded-three-fails",
    ),
    pytest.param(
        with_cards(legal_deck(), intervention("Gaap", count=2), intervention("Gaap")),
        [("copy-limit", E, ("Gaap",))],
        id="same-name-twice-is-named-once",
    ),
    pytest.param(
        with_cards(legal_deck(), intervention("Mystery", edition_symbol=None)),
        [],
        id="unknown-symbol-one-copy-is-fine",
    ),
    pytest.param(
        with_cards(legal_deck(), intervention("Mystery", edition_symbol=None, count=2)),
        [("unverified", W, ("Mystery",))],
        id="unknown-symbol-two-copies-warns",
    ),
    pytest.param(
        with_cards(legal_deck(), intervention("Mystery", edition_symbol=None, count=3)),
        [("copy-limit", E, ("Mystery",))],
        id="unknown-symbol-three-copies-fails-anyway",
    ),
    pytest.param(
        with_cards(
            legal_deck(),
            intervention("Mystery"),
            intervention("MYSTERY", drop=("edition_symbol",)),
        ),
        [],
        id="unknown-symbol-taken-from-another-entry",
    ),
    pytest.param(
        with_cards(
            legal_deck(),
            intervention("MYSTERY", drop=("edition_symbol",)),
            intervention("Mystery", edition_symbol="filled"),
        ),
        [("copy-limit", E, ("MYSTERY", "Mystery"))],
        id="filled-symbol-taken-from-a-later-entry",
    ),
    pytest.param(
        with_cards(
            legal_deck(),
            intervention("Mystery", edition_symbol=None),
            intervention("MYSTERY", drop=("edition_symbol",)),
        ),
        [("unverified", W, ("Mystery", "MYSTERY"))],
        id="symbol-unknown-in-every-entry-warns-once",
    ),
]

ORDER_COPIES = [
    pytest.param(
        powers(angel("Power A", "powers", count=2), angel("Power B", "powers")),
        [],
        id="two-copies-plus-one-other-is-fine",
    ),
    pytest.param(
        powers(
            angel("Power A", "powers", count=2),
            angel("Power B", "powers"),
            angel("Power C", "powers"),
        ),
        [("order-duplicate-limit", E, ("Power A", "Power B", "Power C"))],
        id="two-copies-plus-two-others-fails",
    ),
    pytest.param(
        powers(angel("Power A", "powers"), angel("POWER A", "powers"), angel("Power B", "powers")),
        [],
        id="copies-across-entries-three-is-fine",
    ),
    pytest.param(
        powers(
            angel("Power A", "powers"),
            angel("POWER A", "powers"),
            angel("Power B", "powers"),
            angel("Power C", "powers"),
        ),
        [("order-duplicate-limit", E, ("Power A", "POWER A", "Power B", "Power C"))],
        id="copies-across-entries-four-fails",
    ),
    pytest.param(
        powers(*(angel(f"Power {i}", "powers") for i in range(1, 9))),
        [],
        id="without-a-copy-any-number",
    ),
    pytest.param(
        powers(angel("Power A", "powers", count=3)),
        [("copy-limit", E, ("Power A",))],
        id="three-copies-alone-is-only-a-copy-fault",
    ),
    pytest.param(
        powers(angel("Power A", "powers", count=4)),
        [("copy-limit", E, ("Power A",)), ("order-duplicate-limit", E, ("Power A",))],
        id="four-copies-in-one-entry-also-overfill-the-order",
    ),
    pytest.param(
        powers(angel("Power A", "powers", count=3), angel("power a", "powers")),
        [
            ("copy-limit", E, ("Power A", "power a")),
            ("order-duplicate-limit", E, ("Power A", "power a")),
        ],
        id="four-copies-split-give-the-same-verdict",
    ),
    pytest.param(
        with_cards(legal_deck(), angel("Nowhere", order=None)),
        [],
        id="unknown-order-single-cannot-matter-on-a-full-ladder",
    ),
    pytest.param(
        with_cards(legal_deck(), angel("Nowhere", order=None, count=2)),
        [("unverified", W, ("Nowhere",))],
        id="unknown-order-copied-could-break-an-order",
    ),
]

LADDER = [
    pytest.param(deck([*four_humans(), *marcin_angels()]), [], id="marcin-up-to-cherubim"),
    pytest.param(
        deck([*four_humans(), *marcin_angels(), angel("M Throne", "thrones")]),
        [("hierarchy-ladder", E, ("M Throne",))],
        id="marcin-plus-a-throne-lacks-a-seraph",
    ),
    pytest.param(angels_only(), [("hierarchy-ladder", E, ())], id="no-angel-at-all"),
    pytest.param(angels_only(angel("A", "angels")), [], id="one-angel-suffices"),
    pytest.param(
        angels_only(angel("Arch", "archangels")),
        [("hierarchy-ladder", E, ("Arch",))],
        id="archangel-without-angel",
    ),
    pytest.param(
        angels_only(angel("A", "angels"), angel("P", "principalities")),
        [("hierarchy-ladder", E, ("P",))],
        id="principality-without-archangel",
    ),
    pytest.param(
        angels_only(angel("A", "angels"), angel("V", "virtues"), angel("T", "thrones")),
        [("hierarchy-ladder", E, ("V", "T"))],
        id="one-error-for-every-missing-order",
    ),
    pytest.param(
        angels_only(angel("A", "angels"), angel("T", "thrones")),
        [("hierarchy-ladder", E, ("T",))],
        id="a-throne-over-angels-is-one-error",
    ),
    pytest.param(
        angels_only(*ladder("fallen"), faction="fallen"), [], id="fallen-top-out-at-seraphim"
    ),
    pytest.param(
        angels_only(*ladder("lord", top="virtues"), angel("Nowhere", None)),
        [("unverified", W, ("Nowhere",))],
        id="unknown-order-could-skip-a-rung",
    ),
    pytest.param(
        angels_only(*ladder("lord", top="virtues"), angel("Nowhere", None, count=2)),
        [("unverified", W, ("Nowhere",))],
        id="one-warning-per-card-and-attribute",
    ),
    pytest.param(
        angels_only(*ladder("fallen"), angel("Nowhere", None, "fallen"), faction="fallen"),
        [],
        id="unknown-order-fallen-cannot-top-seraphim",
    ),
    pytest.param(
        angels_only(angel("A", "angels"), angel("P", "principalities"), angel("Nowhere", None)),
        [("unverified", W, ("Nowhere",))],
        id="unknown-order-could-fill-the-gap",
    ),
    pytest.param(
        angels_only(angel("A", "angels"), angel("V", "virtues"), angel("Nowhere", None)),
        [("hierarchy-ladder", E, ("V",)), ("unverified", W, ("Nowhere",))],
        id="two-gaps-one-unknown-is-a-sure-fault",
    ),
    pytest.param(
        angels_only(
            angel("A", "angels"),
            angel("V", "virtues"),
            angel("Nowhere", None),
            angel("NOWHERE", None),
        ),
        [("hierarchy-ladder", E, ("V",)), ("unverified", W, ("Nowhere", "NOWHERE"))],
        id="two-entries-of-one-unknown-card-fill-one-gap-only",
    ),
    pytest.param(
        angels_only(angel("P", "principalities"), angel("U", None)),
        [("hierarchy-ladder", E, ("P",)), ("unverified", W, ("U",))],
        id="one-unknown-could-be-the-angel-or-the-archangel",
    ),
    pytest.param(
        angels_only(
            angel("A", "angels"),
            angel("P", "principalities"),
            angel("T", "thrones"),
            angel("U", None),
        ),
        [("hierarchy-ladder", E, ("T",)), ("unverified", W, ("U",))],
        id="only-orders-surely-short-of-a-rung-are-at-fault",
    ),
]

ALIGNMENTS = [
    pytest.param(
        with_humans(*humans_of("good", "good", "evil"), human("Who", None)),
        [("unverified", W, ("Who",))],
        id="unknown-alignment-could-unbalance",
    ),
    pytest.param(
        with_humans(*humans_of("good", "good", "good"), human("Who", None)),
        [("human-balance", E, ("Good 1", "Good 2", "Good 3"))],
        id="unknown-alignment-cannot-save-three-good",
    ),
    pytest.param(
        with_humans(*humans_of("good", "evil", "neutral"), human("Who", None)),
        [("unverified", W, ("Who",))],
        id="unknown-alignment-could-be-a-second-neutral",
    ),
    pytest.param(
        with_humans(*(human(f"Who {i}", None) for i in range(4))),
        [("unverified", W, (f"Who {i}",)) for i in range(4)],
        id="all-alignments-unknown",
    ),
    pytest.param(
        with_humans(*humans_of("good", "good"), human("Who", None), human("WHO", "evil")),
        [],
        id="alignment-taken-from-another-entry",
    ),
    pytest.param(
        # Each unknown count is a power of two, so no two readings of them give the same split:
        # 3 ** 14 of them unless the engine keeps only what can change the verdict.
        with_humans(*(human(f"Who {i}", None, count=2**i) for i in range(14))),
        [("human-count", E, tuple(f"Who {i}" for i in range(14)))]
        + [("copy-limit", E, (f"Who {i}",)) for i in range(2, 14)]
        + [("unverified", W, (f"Who {i}",)) for i in range(14)],
        id="many-humans-of-unknown-alignment",
    ),
]


@pytest.mark.parametrize(
    ("data", "expected"), SIZE + HUMANS + FACTIONS + COPIES + ORDER_COPIES + LADDER + ALIGNMENTS
)
def test_rule(data, expected):
    verdict = check(data)
    assert summary(verdict) == sorted(expected)
    assert verdict.valid == all(severity != E for _, severity, _ in expected)


def test_legal_deck_is_exactly_45_cards():
    assert size(legal_deck("lord")["cards"]) == 45
    assert size(legal_deck("fallen")["cards"]) == 45


def test_marcins_deck_matches_the_rulebook():
    angels = marcin_angels()
    assert size(angels) == 1 + 6 + 3 + 10 + 3 + 3 + 1
    assert len({card["name"] for card in angels if card["order"] == "archangels"}) == 6


def test_every_violation_says_how_to_fix_in_both_languages():
    decks = [param.values[0] for param in SIZE + HUMANS + FACTIONS + COPIES + ORDER_COPIES]
    decks += [param.values[0] for param in LADDER + ALIGNMENTS]
    violations = [v for data in decks for v in check(data).violations]
    assert {v.code for v in violations} == set(CODES)
    for violation in violations:
        assert violation.message_pl and violation.message_en
        assert violation.message_pl != violation.message_en
        assert violation.message("pl") == violation.message_pl
        assert violation.to_dict("en")["message"] == violation.message_en
        assert violation.message_en.endswith(".") and violation.message_pl.endswith(".")


def test_warning_names_the_card_and_the_attribute():
    verdict = check(with_cards(legal_deck(), intervention("Gaap", edition_symbol=None, count=2)))
    (warning,) = verdict.violations
    assert warning.message_en.startswith(
        "Gaap: edition symbol unknown, so the copy limit was not checked."
    )
    assert warning.message_pl.startswith("Gaap: nieznany symbol edycji")
    assert verdict.valid


def test_ladder_message_names_the_missing_order_and_who_needs_it():
    data = deck([*four_humans(), *marcin_angels(), angel("M Throne", "thrones")])
    (violation,) = check(data).violations
    assert "Seraph" in violation.message_en and "Thrones" in violation.message_en
    assert "Serafini" in violation.message_pl and "Trony" in violation.message_pl


def test_errors_come_before_warnings():
    data = with_cards(
        without(legal_deck(), "Pad 1"), intervention("Mystery", edition_symbol=None, count=2)
    )
    severities = [str(v.severity) for v in check(data).violations]
    assert severities == sorted(severities)  # "error" < "warning"


@pytest.mark.parametrize(
    ("card", "unknown"),
    [
        (intervention("Mystery", faction=None), ("faction",)),
        (intervention("Mystery", edition_symbol=None, count=2), ("edition_symbol",)),
    ],
)
def test_an_unverified_warning_names_the_unknown_fact_that_would_settle_it(card, unknown):
    (warning,) = check(with_cards(legal_deck(), card)).violations
    assert (warning.code, warning.cards, warning.unknown) == ("unverified", ("Mystery",), unknown)
    assert warning.to_dict()["unknown"] == list(unknown)


def test_a_violation_that_no_unknown_fact_settles_names_none():
    verdict = check(deck([*four_humans(), angel("A", "angels", None)], None, pad_to=0))
    (error,) = [v for v in verdict.violations if v.code == "deck-size"]
    assert error.unknown == ()
    assert "unknown" not in error.to_dict()
