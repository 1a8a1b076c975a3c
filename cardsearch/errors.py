"""The one error a query can raise: where it went wrong and what was expected, in PL and EN."""

from __future__ import annotations


class SearchError(ValueError):
    """Signal a query that does not parse.

    `position` is the 0-based offset of the fault in `query`; `expected_pl`/`expected_en` say
    what should have been there; `suggestions` holds close key names for an unknown key.
    """

    def __init__(
        self,
        query: str,
        position: int,
        expected_pl: str,
        expected_en: str,
        suggestions: tuple[str, ...] = (),
    ) -> None:
        self.query = query
        self.position = max(0, min(position, len(query)))
        self.expected_pl = expected_pl
        self.expected_en = expected_en
        self.suggestions = suggestions
        super().__init__(self.message("en"))

    def message(self, lang: str = "en") -> str:
        """Return the full message in `lang` ("pl" or "en"), naming the 1-based character."""
        at = self.position + 1
        if lang == "pl":
            text = f"Znak {at}: {self.expected_pl}"
            hint = "Czy chodziło o: "
        else:
            text = f"Character {at}: {self.expected_en}"
            hint = "Did you mean: "
        if self.suggestions:
            text += f". {hint}{', '.join(f'`{s}:`' for s in self.suggestions)}?"
        return text

    def display(self) -> str:
        """Return the query and, below it, a caret under the fault (for a monospace font)."""
        line = self.query.replace("\n", " ").replace("\t", " ")
        return f"{line}\n{' ' * self.position}^"

    @property
    def before(self) -> str:
        """Return the query text before the fault (to mark the place in HTML)."""
        return self.query[: self.position]

    @property
    def after(self) -> str:
        """Return the query text from the fault on."""
        return self.query[self.position :]

    def to_dict(self, lang: str = "en") -> dict:
        """Return the JSON form the API answers with."""
        return {
            "message": self.message(lang),
            "position": self.position,
            "expected": self.expected_pl if lang == "pl" else self.expected_en,
            "suggestions": list(self.suggestions),
            "display": self.display(),
        }
