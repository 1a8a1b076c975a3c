"""A card's long name gets soft hyphens where its language breaks words, and nowhere else."""

from cardbase.hyphens import SOFT_HYPHEN, hyphenated


def test_long_polish_and_english_words_break_at_syllables():
    assert hyphenated("BŁOGOSŁAWIEŃSTWO", "pl") == SOFT_HYPHEN.join(
        ["BŁO", "GO", "SŁA", "WIEŃ", "STWO"]
    )
    assert hyphenated("Counterintelligence", "en") == SOFT_HYPHEN.join(
        ["Coun", "ter", "in", "tel", "li", "gence"]
    )


def test_short_words_and_names_without_a_language_stay_whole():
    assert hyphenated("Gun Lobby", "en") == "Gun Lobby"
    assert hyphenated("Jawna Łaska", "pl") == "Jawna Łaska"
    assert hyphenated("BŁOGOSŁAWIEŃSTWO", None) == "BŁOGOSŁAWIEŃSTWO"
    assert hyphenated("BŁOGOSŁAWIEŃSTWO", "xx") == "BŁOGOSŁAWIEŃSTWO"


def test_the_name_reads_the_same_without_its_soft_hyphens():
    name = "18 1/2-Minute Gap Counterintelligence  Personalities"
    assert hyphenated(name, "en").replace(SOFT_HYPHEN, "") == name
