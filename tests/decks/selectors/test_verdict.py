"""The verdict panel's lines: errors one by one, warnings alike but for their card told as one."""

from decks.selectors.verdict import verdict_lines


def test_alike_warnings_are_one_line_listing_the_cards_and_errors_stay_apart():
    def unverified(name, card_id, pl, en):
        return {
            "code": "unverified",
            "severity": "warning",
            "message_pl": f"{name}: {pl}",
            "message_en": f"{name}: {en}",
            "cards": [name],
            "card_ids": [card_id],
        }

    faction = ("nieznana frakcja, sprawdź.", "faction unknown, check.")
    stored = {
        "valid": False,
        "violations": [
            {
                "code": "copy-limit",
                "severity": "error",
                "message_pl": "A: za dużo",
                "message_en": "A: too many",
                "cards": ["A"],
                "card_ids": [1],
            },
            {**unverified("A", 1, *faction)},
            {**unverified("B", 2, "nieznany zakon.", "order unknown.")},
            {**unverified("C", 3, *faction)},
            {
                "code": "copy-limit",
                "severity": "error",
                "message_pl": "C: za dużo",
                "message_en": "C: too many",
                "cards": ["C"],
                "card_ids": [3],
            },
            {**unverified("D", 4, *faction)},
            # Worded differently by the rules: never merged by guesswork.
            {**unverified("E", 5, *faction), "message_pl": "inaczej", "message_en": "otherwise"},
        ],
    }
    lines = verdict_lines(stored, "en")
    assert [(v.code, v.message, v.cards, v.card_ids, v.grouped) for v in lines] == [
        ("copy-limit", "A: too many", ["A"], [1], False),
        # Grouped, the shared words head the line that the cards' count follows.
        ("unverified", "Faction unknown, check", ["A", "C", "D"], [1, 3, 4], True),
        ("unverified", "B: order unknown.", ["B"], [2], False),
        ("copy-limit", "C: too many", ["C"], [3], False),
        ("unverified", "otherwise", ["E"], [5], False),
    ]
    assert verdict_lines(stored, "pl")[1].message == "Nieznana frakcja, sprawdź"
