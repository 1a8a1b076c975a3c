"""The import page's form: the game (or "tell from the file"), name, format, options, text, file."""

from __future__ import annotations

from collections.abc import Sequence

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from cardbase.language import page_lang
from decks.limits import NAME_MAX
from decks.transfer.problems import MAX_IMPORT_CHARS, example_card
from rules.core.schema import Game as GameRules

# The game and format left to the import: told from the file or text.
DETECT = ""
AUTO_FORMAT = "auto"
MAX_UPLOAD_BYTES = MAX_IMPORT_CHARS


class ImportForm(forms.Form):
    """A deck for one of `games` in one of the formats, its game, options and name settled or not.

    Each game's options are fields of their own, so choosing another game loses no choice; a
    field is named by its option's id, and by game and id where two games share an id.
    """

    game = forms.ChoiceField(
        label=gettext_lazy("Gra"), required=False, widget=forms.RadioSelect, initial=DETECT
    )
    name = forms.CharField(
        label=gettext_lazy("Nazwa talii"),
        max_length=NAME_MAX,
        required=False,
        help_text=gettext_lazy("Puste: nazwa zapisana w pliku albo nazwa samego pliku."),
    )
    format = forms.ChoiceField(
        label=gettext_lazy("Format"),
        choices=[
            (AUTO_FORMAT, gettext_lazy("rozpoznaj z pliku lub tekstu")),
            ("text", gettext_lazy("tekst: karta w wierszu")),
            ("json", gettext_lazy("JSON (kontrakt reguł albo lista nazw i liczb kart)")),
            ("code", gettext_lazy("kod talii lub link do niego")),
        ],
        initial=AUTO_FORMAT,
        widget=forms.RadioSelect,
    )
    text = forms.CharField(
        label=gettext_lazy("Talia"),
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 16, "spellcheck": "false"}),
    )
    file = forms.FileField(label=gettext_lazy("albo plik (do 100 kB)"), required=False)
    # The name of a file read before an error: its text stays in the field above, and its name
    # still names the deck and tells its format.
    file_name = forms.CharField(required=False, max_length=255, widget=forms.HiddenInput)

    def __init__(self, *args, games: Sequence[GameRules], game: GameRules | None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        lang = page_lang()
        self.games = list(games)
        # The card the page's hint shows in its example lines ("2 Gaap").
        self.example_card = example_card(game.id if game else None)
        if len(self.games) > 1:
            self.fields["game"].choices = [
                (DETECT, _("rozpoznaj z pliku lub tekstu")),
                *((g.id, g.name(lang)) for g in self.games),
            ]
        else:
            self.fields["game"].choices = [(g.id, g.name(lang)) for g in self.games]
            self.fields["game"].widget = forms.HiddenInput()
        if any(g.deck_zones is not None for g in self.games):
            self.fields["format"].choices = [
                *self.fields["format"].choices,
                ("lackey", _("LackeyCCG (plik .dek)")),
            ]
        self.option_fields: dict[str, dict[str, str]] = {}
        self.field_game: dict[str, str] = {}
        for declared in self.games:
            for option in declared.options:
                field_name = (
                    option.id if option.id not in self.fields else f"{declared.id}-{option.id}"
                )
                label = capfirst(option.label(lang))
                if len(self.games) > 1:
                    label = f"{label} ({declared.name(lang)})"
                self.fields[field_name] = forms.ChoiceField(
                    label=label,
                    # Unchosen, an option is the one the import states or its cards agree on.
                    choices=[
                        ("", _("ustal z importu")),
                        *((value.id, value.label(lang)) for value in option.values),
                    ],
                    required=False,
                )
                self.option_fields.setdefault(declared.id, {})[option.id] = field_name
                self.field_game[field_name] = declared.id
        self.order_fields(["game", "name", *self.field_game])

    def option_bound_fields(self):
        """Return each option's field with the id of the game that declares it."""
        return [(self[name], game_id) for name, game_id in self.field_game.items()]

    def options_for(self, game_id: str | None) -> dict[str, str]:
        """Return the options chosen for the game `game_id`, {option id: value id}."""
        data = self.cleaned_data
        chosen = self.option_fields.get(game_id or "", {})
        return {option: data[field] for option, field in chosen.items() if data.get(field)}

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload:
            if upload.size > MAX_UPLOAD_BYTES:
                raise forms.ValidationError(
                    _("Plik jest za duży: najwyżej 100 kB."), code="too_large"
                )
            try:
                data["text"] = upload.read(MAX_UPLOAD_BYTES + 1).decode("utf-8-sig")
            except UnicodeDecodeError:
                raise forms.ValidationError(
                    _("Plik nie jest tekstem w UTF-8."), code="encoding"
                ) from None
            data["file_name"] = upload.name or ""
        if not (data.get("text") or "").strip():
            raise forms.ValidationError(_("Wklej talię albo wybierz plik."), code="empty")
        return data
