"""Forms of a player's collection: a pasted list, a CSV file, one card's copies."""

from django import forms
from django.utils.translation import gettext_lazy as _

from decks import textformat
from decks.transfer.collection_csv import MAX_CSV_BYTES
from decks.transfer.read_card_list import MAX_COPIES

ADD, REPLACE = "add", "replace"
MODES = [
    (ADD, _("dodaj do kart, które już mam")),
    (REPLACE, _("zastąp nimi moje karty tej gry")),
]


class CollectionPasteForm(forms.Form):
    text = forms.CharField(
        label=_("Lista kart"),
        max_length=textformat.MAX_TEXT_CHARS,
        widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false"}),
    )
    mode = forms.ChoiceField(
        label=_("Co zrobić z listą"), choices=MODES, initial=ADD, widget=forms.RadioSelect
    )


class CollectionFileForm(forms.Form):
    file = forms.FileField(label=_("Plik CSV"))
    mode = forms.ChoiceField(
        label=_("Co zrobić z plikiem"), choices=MODES, initial=ADD, widget=forms.RadioSelect
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_CSV_BYTES:
            raise forms.ValidationError(
                _("Plik jest za duży: najwyżej %(max)d kB.") % {"max": MAX_CSV_BYTES // 1000}
            )
        return upload


class OwnedCountForm(forms.Form):
    """One card's copies: a count to set, or a change (+1, -1) to make."""

    count = forms.IntegerField(min_value=0, max_value=MAX_COPIES, required=False)
    change = forms.IntegerField(min_value=-MAX_COPIES, max_value=MAX_COPIES, required=False)

    def clean(self):
        data = super().clean()
        if self.errors:  # a value was given, and what is wrong with it is said already
            return data
        if data.get("count") is None and data.get("change") is None:
            raise forms.ValidationError(_("Podaj liczbę kopii albo zmianę (+1, -1)."))
        return data
