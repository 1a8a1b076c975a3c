"""The comparison page's input: two decks, each by its address or id, and a version of each."""

import re
from uuid import UUID

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy

from decks.limits import MAX_VERSION

# A deck's id as its addresses spell it (hyphens optional), anywhere in a pasted address.
_DECK_ID = re.compile(
    r"[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}", re.IGNORECASE
)
# Room for a whole address of a deck's page, with its query string; a longer text is none.
MAX_REFERENCE = 2000


class DeckReferenceField(forms.CharField):
    """A deck named by the address of one of its pages, or by its id; cleaned to the id."""

    default_error_messages = {
        "required": gettext_lazy("Podaj adres talii albo jej identyfikator."),
        "invalid": gettext_lazy(
            "To nie jest adres ani identyfikator talii: wklej link do strony talii."
        ),
    }

    def __init__(self, **kwargs):
        super().__init__(max_length=MAX_REFERENCE, **kwargs)

    def clean(self, value) -> UUID | None:
        text = super().clean(value)
        if not text:
            return None
        found = _DECK_ID.search(text)
        if found is None:
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return UUID(found.group())


class CompareForm(forms.Form):
    """Two decks to compare and, for either, the number of a version from its history."""

    a = DeckReferenceField(label=gettext_lazy("Talia A"))
    b = DeckReferenceField(label=gettext_lazy("Talia B"))
    av = forms.IntegerField(
        label=gettext_lazy("Wersja talii A"), min_value=1, max_value=MAX_VERSION, required=False
    )
    bv = forms.IntegerField(
        label=gettext_lazy("Wersja talii B"), min_value=1, max_value=MAX_VERSION, required=False
    )

    def asks(self) -> bool:
        """Tell whether anything was asked for (an empty form is the page's own start)."""
        return any(self.data.get(name) for name in self.fields)

    def faults(self) -> list[str]:
        """Return every fault of the input, each with its field's label, in the fields' order."""
        return [
            f"{self.fields[name].label}: {message}"
            for name in self.fields
            for message in self.errors.get(name, [])
        ]
