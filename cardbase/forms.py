"""The card form: one real field per attribute the card's game declares, never raw JSON."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

import rules
from cardbase import images
from cardbase.changesets.facts import facts_of
from cardbase.language import page_lang
from cardbase.models import Card, Game, StoredFacts
from rules.core.schema import Attribute, CardSchema

UNKNOWN_LABEL = _("nieznane")
ATTRIBUTE_PREFIX = "attr__"
NOTE_PREFIX = "note__"
# The changeset an edit becomes: why, and where the facts written come from.
COMMENT_FIELD, SOURCE_FIELD = "change_comment", "change_source"


def attribute_field_name(attribute: Attribute) -> str:
    """Name the form field that edits an attribute."""
    return ATTRIBUTE_PREFIX + attribute.id


# What an operator types for a list the card knows to be empty ("none"), as opposed to blank.
NONE_WORD = "-"


class TextListField(forms.CharField):
    """Edit a list of printed words as text, one per line; "-" for none, blank for unknown."""

    widget = forms.Textarea(attrs={"rows": 3})
    # How the list is written back into the field.
    joiner = "\n"

    def __init__(self, *, attribute: Attribute, **kwargs) -> None:
        self.attribute = attribute
        super().__init__(**kwargs)

    def prepare_value(self, value):
        if isinstance(value, list):
            return self.joiner.join(value) if value else NONE_WORD
        return value

    def to_python(self, value):
        text = (super().to_python(value) or "").strip()
        if not text:
            return None
        if text == NONE_WORD and self.attribute.empty:
            return []
        return self.items(text)

    def items(self, text: str) -> list[str]:
        """Return the list the text writes."""
        return [line.strip() for line in text.splitlines() if line.strip()]


class ValueListField(TextListField):
    """Edit a list whose values may repeat or be none as text: "gold, gold, food"; "-" for none.

    A multiple choice cannot hold two gold icons, nor tell "none" from "unknown"; blank stays
    unknown.
    """

    widget = forms.TextInput
    joiner = ", "

    def items(self, text: str) -> list[str]:
        items = text.replace(",", " ").split()
        allowed = [v.id for v in self.attribute.values]
        wrong = [item for item in items if item not in allowed]
        if wrong:
            raise forms.ValidationError(
                _("Nieznane wartości: %(wrong)s; dozwolone: %(allowed)s.")
                % {"wrong": ", ".join(wrong), "allowed": ", ".join(allowed)}
            )
        return items


def attribute_form_field(attribute: Attribute, lang: str) -> forms.Field:
    """Make the form field for one attribute; blank always means unknown."""
    label = attribute.label(lang)
    kinds = ", ".join(sorted(attribute.kinds))
    help_text = attribute.help(lang) if attribute.help else ""
    help_text = f"{help_text} ({kinds})".strip()
    if attribute.type == "choice":
        choices = [(v.id, v.label(lang)) for v in attribute.values]
        if attribute.multi and (attribute.repeats or attribute.empty):
            allowed = ", ".join(v.id for v in attribute.values)
            return ValueListField(
                attribute=attribute,
                label=label,
                required=False,
                help_text=_(
                    "Identyfikatory po przecinku, jeden na każdą ikonę (%(allowed)s); „-”: "
                    "żadnego; puste: nieznane."
                )
                % {"allowed": allowed}
                + f" {help_text}",
            )
        if attribute.multi:
            return forms.MultipleChoiceField(
                label=label, choices=choices, required=False, help_text=help_text
            )
        return forms.ChoiceField(
            label=label,
            choices=[("", UNKNOWN_LABEL), *choices],
            required=False,
            help_text=help_text,
        )
    if attribute.type == "int":
        return forms.IntegerField(
            label=label,
            required=False,
            min_value=attribute.minimum,
            max_value=attribute.maximum,
            help_text=help_text,
        )
    if attribute.type == "bool":
        return forms.NullBooleanField(
            label=label,
            required=False,
            help_text=help_text,
            widget=forms.Select(
                choices=[("unknown", UNKNOWN_LABEL), ("true", _("tak")), ("false", _("nie"))]
            ),
        )
    if attribute.multi:
        none = _("„-”: żadnego; ") if attribute.empty else ""
        return TextListField(
            attribute=attribute,
            label=label,
            required=False,
            help_text=_("Jedno na wiersz; %(none)spuste: nieznane.") % {"none": none}
            + f" {help_text}",
        )
    return forms.CharField(
        label=label, required=False, widget=forms.Textarea(attrs={"rows": 3}), help_text=help_text
    )


def add_fact_fields(form: forms.BaseForm, schema: CardSchema, attributes: dict) -> None:
    """Give the form a kind field and one field per attribute the game's cards may be given
    (not the derived ones), each starting at the card's value."""
    lang = page_lang()
    form.fields["kind"] = forms.ChoiceField(
        label=_("rodzaj"), choices=[(k.id, k.label(lang)) for k in schema.kinds]
    )
    for attribute in schema.attributes:
        if attribute.derived:
            continue
        name = attribute_field_name(attribute)
        form.fields[name] = attribute_form_field(attribute, lang)
        form.initial.setdefault(name, attributes.get(attribute.id))


def cleaned_attributes(schema: CardSchema, cleaned: dict) -> dict:
    """Return the known attributes a form's fields give; a blank field is unknown."""
    return {
        attribute.id: value
        for attribute in schema.attributes
        if (value := cleaned.get(attribute_field_name(attribute))) not in (None, "", [])
        # An empty list is a fact where the game gives it a word ("none"), not unknown.
        or (value == [] and attribute.empty)
    }


def attribute_fields_by_kind(schema: CardSchema) -> list[tuple[str, list[str]]]:
    """Group the attribute fields under the kinds that carry them, each field once."""
    lang, groups, placed = page_lang(), [], set()
    for kind in schema.kinds:
        names = [
            attribute_field_name(a)
            for a in schema.attributes_of(kind.id)
            if not a.derived and attribute_field_name(a) not in placed
        ]
        placed.update(names)
        if names:
            groups.append((kind.label(lang), names))
    return groups


def check_image_upload(upload) -> None:
    """Refuse an uploaded picture over the size limit or that is not a safe image, saying why."""
    if upload.size > settings.MAX_CARD_IMAGE_BYTES:
        raise forms.ValidationError(
            _("Plik ma %(size)d MB; największy dozwolony to %(max)d MB.")
            % {"size": upload.size // 2**20, "max": settings.MAX_CARD_IMAGE_BYTES // 2**20}
        )
    upload.seek(0)
    try:
        images.check_image(upload.read())
    except images.InvalidImage as exc:
        raise forms.ValidationError(str(exc)) from exc
    finally:
        upload.seek(0)


class CardForm(forms.ModelForm):
    """Edit a card's shared columns and, field by field, the attributes of its game."""

    class Meta:
        model = Card
        fields = ["game", "kind", "name", "slug", "text"]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.schema = self._schema()
        if self.schema is not None:
            add_fact_fields(self, self.schema, self.instance.attributes or {})
        for code, language in settings.LANGUAGES:
            name = NOTE_PREFIX + code
            self.fields[name] = forms.CharField(
                label=_("uwagi (%(lang)s)") % {"lang": language},
                required=False,
                widget=forms.Textarea(attrs={"rows": 3}),
            )
            self.initial.setdefault(name, (self.instance.notes or {}).get(code, ""))
        self.fields[COMMENT_FIELD] = forms.CharField(
            label=_("powód zmiany"),
            required=False,
            widget=forms.Textarea(attrs={"rows": 2}),
        )
        self.fields[SOURCE_FIELD] = forms.CharField(
            label=_("źródło zmiany"),
            required=False,
            widget=forms.Textarea(attrs={"rows": 2}),
            help_text=_(
                "Skąd wiadomo to, co wpisano: strona podręcznika z cytatem, skan lub druk karty. "
                "Wymagane, gdy zmieniają się fakty karty; zapisane w jej historii."
            ),
        )

    def _schema(self) -> CardSchema | None:
        """Find the game being edited: the card's, the one posted, or the one asked for."""
        game = self.instance.game if self.instance.game_id else None
        slug = game.slug if game else None
        if slug is None:
            chosen = self.data.get("game") or self.initial.get("game")
            found = Game.objects.filter(pk=chosen).first() if str(chosen or "").isdigit() else None
            found = found or Game.objects.filter(slug=chosen or "").first()
            slug = found.slug if found else rules.default_game_id()
        try:
            return rules.get_game(slug).schema
        except rules.DeckFormatError:
            return None

    def attribute_fields_by_kind(self) -> list[tuple[str, list[str]]]:
        """Group the attribute fields under the kinds that carry them, for the admin's fieldsets."""
        return [] if self.schema is None else attribute_fields_by_kind(self.schema)

    def clean(self) -> dict:
        cleaned = super().clean()
        if self.schema is None:
            return cleaned
        # Card.clean (run next, by the ModelForm) checks these against the schema.
        self.instance.attributes = cleaned_attributes(self.schema, cleaned)
        self.instance.notes = {
            code: cleaned[NOTE_PREFIX + code]
            for code, _language in settings.LANGUAGES
            if cleaned.get(NOTE_PREFIX + code)
        }
        if self.changes_facts() and not cleaned.get(SOURCE_FIELD, "").strip():
            self.add_error(
                SOURCE_FIELD,
                _("Podaj źródło zmiany: skąd wiadomo to, co wpisano (strona podręcznika, skan)."),
            )
        return cleaned

    def changes_facts(self) -> bool:
        """Tell whether saving the form would change any of the card's facts."""
        cleaned = self.cleaned_data
        edited = StoredFacts(
            cleaned.get("name") or "",
            cleaned.get("kind") or "",
            cleaned.get("text") or "",
            self.instance.attributes,
            self.instance.notes,
        )
        stored = self.instance.stored_facts
        before = facts_of(stored, self.schema) if stored is not None else {}
        return facts_of(edited, self.schema) != before

    def _update_errors(self, errors) -> None:
        # The model names an attribute's fault by its code; show it by that attribute's field.
        if hasattr(errors, "error_dict") and "attributes" in errors.error_dict:
            for error in errors.error_dict.pop("attributes"):
                field = ATTRIBUTE_PREFIX + (error.code or "").removeprefix("attribute:")
                errors.error_dict.setdefault(
                    field if field in self.fields else "__all__", []
                ).append(error)
        super()._update_errors(errors)
