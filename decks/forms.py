"""Forms for decks."""

from django import forms
from django.utils.translation import gettext_lazy as _

from decks.models import DeckFaction, Visibility


class NewDeckForm(forms.Form):
    name = forms.CharField(label=_("Nazwa talii"), max_length=100)
    faction = forms.ChoiceField(
        label=_("Frakcja"), choices=DeckFaction.choices, widget=forms.RadioSelect
    )


class DeckSettingsForm(forms.Form):
    name = forms.CharField(label=_("Nazwa talii"), max_length=100)
    faction = forms.ChoiceField(label=_("Frakcja"), choices=DeckFaction.choices)
    visibility = forms.ChoiceField(label=_("Widoczność"), choices=Visibility.choices)
    description = forms.CharField(
        label=_("Opis"), required=False, max_length=10_000, widget=forms.Textarea(attrs={"rows": 3})
    )
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
