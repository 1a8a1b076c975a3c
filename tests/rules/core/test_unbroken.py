"""`unbroken` joins a word a card editor broke over two lines, and nothing else."""

import pytest

from rules.core.verdict import unbroken


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("BŁOGOSŁA- WIEŃSTWO", "BŁOGOSŁAWIEŃSTWO"),
        ("CZASZKA POŁUDNIOWO- AMERYKAŃSKA", "CZASZKA POŁUDNIOWOAMERYKAŃSKA"),
        ("blogosla-  wienstwo", "blogoslawienstwo"),
        ("19-Y CICHY", "19-Y CICHY"),
        ("Wojna - Pokój", "Wojna - Pokój"),
        ("Koniec-", "Koniec-"),
    ],
)
def test_only_a_hyphen_ending_a_broken_word_goes(name, expected):
    assert unbroken(name) == expected
