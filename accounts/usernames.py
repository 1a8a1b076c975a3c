"""What a player's name may be: visible, in one script, and no look-alike of another's name.

In the spirit of Unicode TR39: a name must not mix scripts (a Cyrillic "а" among Latin
letters), and two names with one skeleton (each Cyrillic or Greek look-alike of a Latin letter
replaced by that letter, case ignored) are one name. Pure Python: no Django models.
"""

import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy

# Default_Ignorable_Code_Point (Unicode's DerivedCoreProperties.txt) and the Braille blank: they
# draw nothing, so a name of them looks empty and one holding them looks like another name.
INVISIBLE_RANGES = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x2800, 0x2800),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zs", "Zl", "Zp"})

# Cyrillic and Greek letters drawn like a Latin one (from TR39's confusables.txt), one for one,
# so a skeleton has as many characters as its name.
CONFUSABLES = str.maketrans(
    {
        **dict(zip("аеорсухѕіјԁһԛԝӏёїү", "aeopcyxsijdhqwlëïy", strict=True)),
        **dict(zip("АВЕКМНОРСТХУЅІЈԚԜӀ", "ABEKMHOPCTXYSIJQWl", strict=True)),
        **dict(zip("αορνυικχγηϲϳ", "aopvuikxyncj", strict=True)),
        **dict(zip("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧϹͿ", "ABEZHIKMNOPTYXCJ", strict=True)),
    }
)

# Scripts one name may mix (TR39's "highly restrictive" level): Japanese, Chinese and Korean
# writing mix Han with their own scripts, and any of them may sit beside Latin.
MIXABLE = (
    frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"LATIN", "HAN", "BOPOMOFO"}),
    frozenset({"LATIN", "HAN", "HANGUL"}),
)
SCRIPT_ALIASES = {"CJK": "HAN", "KATAKANA-HIRAGANA": "KATAKANA"}


def is_invisible(char: str) -> bool:
    """Say whether a character draws nothing (a format character, a blank, a filler)."""
    code = ord(char)
    return unicodedata.category(char) in INVISIBLE_CATEGORIES or any(
        low <= code <= high for low, high in INVISIBLE_RANGES
    )


def script_of(char: str) -> str | None:
    """Return a letter's script (LATIN, CYRILLIC, HAN…); None for digits and punctuation."""
    if not char.isalpha() and (char.isascii() or not unicodedata.category(char).startswith("N")):
        return None
    first = unicodedata.name(char, "UNKNOWN").split(" ")[0]
    return SCRIPT_ALIASES.get(first, first)


def skeleton(name: str) -> str:
    """Return what a name looks like: look-alikes as their Latin letter, in lower case."""
    mapped = unicodedata.normalize("NFKC", name).translate(CONFUSABLES)
    # One character for one, so names of one skeleton have one length (İ lowers to two).
    return "".join(low if len(low := char.lower()) == 1 else char for char in mapped)


def _code(char: str) -> str:
    return f"U+{ord(char):04X}"


def check_username(name: str) -> None:
    """Refuse a name with an invisible character, none visible, or letters of mixed scripts."""
    name = unicodedata.normalize("NFKC", name)
    if all(is_invisible(char) or unicodedata.category(char).startswith("M") for char in name):
        raise ValidationError(
            gettext_lazy("Nazwa musi mieć co najmniej jeden widoczny znak."), code="invisible"
        )
    for position, char in enumerate(name, start=1):
        if is_invisible(char):
            raise ValidationError(
                gettext_lazy(
                    "Nazwa zawiera niewidoczny znak %(code)s na pozycji %(position)d; usuń go."
                ),
                code="invisible",
                params={"code": _code(char), "position": position},
            )
    letters: dict[str, list[tuple[int, str]]] = {}
    for position, char in enumerate(name, start=1):
        if (script := script_of(char)) is not None:
            letters.setdefault(script, []).append((position, char))
    if len(letters) > 1 and not any(set(letters) <= allowed for allowed in MIXABLE):
        # Blame the script with the fewest letters: the odd one out is the look-alike.
        by_count = sorted(letters.values(), key=len)
        odd_position, odd = by_count[0][0]
        raise ValidationError(
            gettext_lazy(
                "Nazwa łączy litery różnych pism: „%(first)s” i „%(other)s” (znak "
                "%(position)d, %(code)s). Użyj liter jednego pisma."
            ),
            code="mixed_scripts",
            params={
                "first": by_count[-1][0][1],
                "other": odd,
                "position": odd_position,
                "code": _code(odd),
            },
        )
