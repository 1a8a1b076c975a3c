"""Forms for decks: the fields every deck has, and one choice per option its game declares."""

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from cardbase.language import page_lang
from decks.limits import DESCRIPTION_MAX, NAME_MAX
from decks.models import Visibility
from rules.core.schema import Game as GameRules


class DeckOptionsMixin:
    """Add a field per deck option of `game`, named by the option's id (e.g. "faction")."""

    option_widget: type[forms.Widget] = forms.Select

    def add_option_fields(self, game: GameRules) -> None:
        lang = page_lang()
        self.option_ids = [option.id for option in game.options]
        for option in game.options:
            self.fields[option.id] = forms.ChoiceField(  # type: ignore[attr-defined]
                label=capfirst(option.label(lang)),
                choices=[(value.id, value.label(lang)) for value in option.values],
                required=option.required,
                widget=self.option_widget,
            )

    def options_data(self) -> dict[str, str | None]:
        """Return the options the form holds, {option id: value id}; an empty choice is None."""
        data = self.cleaned_data  # type: ignore[attr-defined]
        return {key: data.get(key) or None for key in self.option_ids}


class NewDeckForm(DeckOptionsMixin, forms.Form):
    option_widget = forms.RadioSelect
    name = forms.CharField(label=_("Nazwa talii"), max_length=NAME_MAX)

    def __init__(self, *args, game: GameRules, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.add_option_fields(game)


class DeckSettingsForm(DeckOptionsMixin, forms.Form):
    name = forms.CharField(label=_("Nazwa talii"), max_length=NAME_MAX)
    visibility = forms.ChoiceField(label=_("Widoczność"), choices=Visibility.choices)
    description = forms.CharField(
        label=_("Opis"),
        required=False,
        max_length=DESCRIPTION_MAX,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=1)

    def __init__(self, *args, game: GameRules, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.add_option_fields(game)
        # The options sit after the name, where the faction always was.
        self.order_fields(["name", *self.option_ids])
