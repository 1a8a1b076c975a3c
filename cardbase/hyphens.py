"""Mark where a card's name may break across lines, in the language its cards are printed in.

Browsers hyphenate only with a dictionary for the language, and many (Chromium on Linux among
them) have none, so a long name in a narrow tile broke anywhere, without a hyphen. Soft hyphens
(U+00AD) show only where a line breaks, and copying or finding text ignores them.
"""

from functools import cache

import pyphen

SOFT_HYPHEN = "\u00ad"
# Shorter words fit any tile; hyphenating them would only clutter the text.
SHORTEST_BROKEN = 9


@cache
def _dictionary(lang: str) -> pyphen.Pyphen | None:
    """Return the hyphenation dictionary for a language, None if there is none."""
    found = pyphen.language_fallback(lang)
    return pyphen.Pyphen(lang=found) if found else None


def hyphenated(text: str, lang: str | None) -> str:
    """Return the text with soft hyphens where its long words may break; as it was without one."""
    dictionary = _dictionary(lang) if lang else None
    if dictionary is None:
        return text
    return " ".join(
        dictionary.inserted(word, hyphen=SOFT_HYPHEN) if len(word) >= SHORTEST_BROKEN else word
        for word in text.split(" ")
    )
