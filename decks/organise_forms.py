"""Forms for filing one's own decks: a folder's name, a deck's folder and tags, the shelf shown."""

from collections.abc import Sequence

from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from decks import organise_inputs
from decks.errors import DeckInputError, unknown_folder
from decks.limits import FOLDER_NAME_MAX, MAX_TAGS_PER_DECK, TAG_MAX_CHARS
from decks.models import DeckFolder
from decks.selectors.organising import DeckShelf

# The "folder" of the decks in none, in the address of "my decks" (?folder=none).
UNFILED = "none"
# Ten tags at their longest with their commas and spaces fit; a pasted megabyte does not.
_TAGS_TEXT_MAX = MAX_TAGS_PER_DECK * (TAG_MAX_CHARS + 2) + 50


def _checked(check, value):
    """Run an organise_inputs check, its refusal a form error in the same words."""
    try:
        return check(value)
    except DeckInputError as error:
        raise forms.ValidationError(error.message) from None


class FolderNameForm(forms.Form):
    name = forms.CharField(
        label=_("Nazwa folderu"),
        error_messages={"required": _("Podaj nazwę folderu.")},
        # The length is checked by organise_inputs, after trimming, in its own words.
        widget=forms.TextInput(attrs={"maxlength": FOLDER_NAME_MAX, "autocomplete": "off"}),
    )

    def clean_name(self) -> str:
        return _checked(organise_inputs.folder_name, self.cleaned_data["name"])


class DeckFolderForm(forms.Form):
    """Choose one of the player's folders for a deck; empty: none."""

    folder = forms.ModelChoiceField(queryset=DeckFolder.objects.none(), required=False)

    def __init__(self, *args, folders: QuerySet[DeckFolder], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["folder"]
        field.queryset = folders
        # Another player's folder is as unknown as a deleted one.
        field.error_messages["invalid_choice"] = unknown_folder().message


class DeckTagsForm(forms.Form):
    tags = forms.CharField(
        label=_("Tagi"),
        required=False,
        max_length=_TAGS_TEXT_MAX,
        help_text=_("Oddziel je przecinkami, np. „agresywna, na turniej”."),
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )

    def clean_tags(self) -> list[str]:
        return _checked(organise_inputs.tags_from_text, self.cleaned_data["tags"])


class DeckShelfForm(forms.Form):
    """Read which of their decks a player asked "my decks" for: ?folder=, ?tag=, ?archived=1."""

    folder = forms.CharField(required=False)
    tag = forms.CharField(required=False, max_length=_TAGS_TEXT_MAX)
    archived = forms.ChoiceField(choices=[("", ""), ("0", "0"), ("1", "1")], required=False)

    def __init__(self, *args, folders: Sequence[DeckFolder], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.folders = {str(folder.pk): folder for folder in folders}

    def clean_folder(self) -> DeckFolder | str | None:
        raw = self.cleaned_data["folder"]
        if not raw:
            return None
        if raw == UNFILED:
            return UNFILED
        if raw not in self.folders:
            raise forms.ValidationError(unknown_folder().message)
        return self.folders[raw]

    def clean_tag(self) -> str:
        return organise_inputs.searched_tag(self.cleaned_data["tag"])

    def shelf(self) -> DeckShelf:
        """Return the shelf asked for; a value that is no good (a folder deleted) is left out."""
        self.is_valid()
        data = self.cleaned_data
        folder = data.get("folder")
        return DeckShelf(
            folder=folder if isinstance(folder, DeckFolder) else None,
            unfiled=folder == UNFILED,
            tag=data.get("tag") or "",
            archived=data.get("archived") == "1",
        )
