"""The proposal form: the card's facts as the admin's form shows them, and the source."""

from django import forms
from django.utils.translation import gettext_lazy as _

from cardbase.forms import (
    TextListField,
    add_fact_fields,
    attribute_field_name,
    attribute_fields_by_kind,
    check_image_upload,
    cleaned_attributes,
)
from cardbase.language import page_lang
from cardbase.models import Card
from proposals.models import FACT_SOURCES, RULING_SOURCES, Proposal
from proposals.sources import missing_from_source
from rules.core.schema import CardSchema


class ProposalForm(forms.Form):
    """Propose a card's facts, each field starting at what is known (blank: unknown), with
    where they come from."""

    name = forms.CharField(label=_("nazwa"), max_length=120)
    text = forms.CharField(
        label=_("tekst karty"), required=False, widget=forms.Textarea(attrs={"rows": 3})
    )
    source_kind = forms.ChoiceField(
        label=_("Skąd to wiesz?"),
        choices=[(kind.value, kind.label) for kind in FACT_SOURCES],
        initial=Proposal.SourceKind.PHOTO,
        widget=forms.RadioSelect,
    )
    source_image = forms.FileField(
        label=_("zdjęcie lub skan karty"),
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": "image/*", "capture": "environment"}),
        help_text=_("JPEG, PNG lub WebP. Zapisujemy tylko obraz: dane aparatu i GPS usuwamy."),
    )
    source_document = forms.CharField(
        label=_("podręcznik lub produkt"),
        required=False,
        max_length=200,
        help_text=_("Tytuł podręcznika albo nazwa wydrukowanego produktu (talii, dodatku)."),
    )
    source_page = forms.IntegerField(label=_("strona"), required=False, min_value=1)
    source_note = forms.CharField(
        label=_("opis źródła"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Np. cytat z podręcznika albo gdzie na karcie to widać."),
    )
    comment = forms.CharField(
        label=_("komentarz dla moderatora"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
    )

    def __init__(self, *args, schema: CardSchema, card: Card | None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.schema, self.card = schema, card
        add_fact_fields(self, schema, card.attributes if card else {})
        lang = page_lang()
        for attribute in schema.attributes:
            name = attribute_field_name(attribute)
            if name not in self.fields:
                continue
            if card is not None and card.kind not in attribute.kinds:
                # A card's own kind's facts only: the rest would be refused beside its kind.
                del self.fields[name]
            elif not isinstance(self.fields[name], TextListField):
                # The game's own words for a player, not the admin's list of kind ids (a list
                # of values keeps its instructions on how to write one).
                self.fields[name].help_text = attribute.help(lang) if attribute.help else ""
        if card is not None:
            for field in ("name", "kind", "text"):
                self.initial.setdefault(field, getattr(card, field))
        # Facts first, then the source: the order the player fills them in.
        sources = ["source_kind", "source_image", "source_document", "source_page"]
        facts = ["name", "kind", "text"]
        self.order_fields([*facts, *self.attribute_names(), *sources, "source_note", "comment"])

    def attribute_names(self) -> list[str]:
        """Return the attribute fields' names, in the order of the kinds that carry them."""
        return [name for _label, names in self.attribute_groups() for name in names]

    def attribute_groups(self) -> list[tuple[str, list[str]]]:
        """Return the form's attribute fields grouped under the kinds that carry them; a card's
        own facts all under its kind."""
        groups = [
            (label, [name for name in names if name in self.fields])
            for label, names in attribute_fields_by_kind(self.schema)
        ]
        groups = [(label, names) for label, names in groups if names]
        if self.card is not None and groups:
            own = self.schema.kind_label(self.card.kind, page_lang())
            return [(own, [name for _label, names in groups for name in names])]
        return groups

    def clean_source_image(self):
        upload = self.cleaned_data.get("source_image")
        if upload:
            check_image_upload(upload)
        return upload

    def clean(self) -> dict:
        cleaned = super().clean()
        missing = missing_from_source(
            cleaned.get("source_kind", ""),
            # A photo refused already is named by its own fault.
            has_photo=bool(cleaned.get("source_image")) or "source_image" in self.errors,
            document=cleaned.get("source_document", ""),
        )
        if missing:
            what, why = missing
            self.add_error("source_image" if what == "photo" else "source_document", why)
        if cleaned.get("kind"):
            self.cleaned_attributes = cleaned_attributes(self.schema, cleaned)
            self._check_rules(cleaned["kind"])
        return cleaned

    def _check_rules(self, kind: str) -> None:
        # The facts the game's rules forbid together, named by the field at fault.
        for fault in self.schema.check_given(kind, self.cleaned_attributes):
            attribute = self.schema.attribute(fault.attribute)
            field = attribute_field_name(attribute) if attribute else None
            self.add_error(field if field in self.fields else None, fault.message(page_lang()))


class RulingForm(forms.Form):
    """Propose a ruling on a card: a question and its answer, or a clarification, with the
    source and date it was ruled on."""

    question = forms.CharField(
        label=_("pytanie"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Puste, gdy to wyjaśnienie, a nie odpowiedź na pytanie."),
    )
    answer = forms.CharField(
        label=_("odpowiedź lub wyjaśnienie"), widget=forms.Textarea(attrs={"rows": 4})
    )
    source_kind = forms.ChoiceField(
        label=_("Kto tak orzekł?"),
        choices=[(kind.value, kind.label) for kind in RULING_SOURCES],
        initial=Proposal.SourceKind.RULEBOOK,
        widget=forms.RadioSelect,
    )
    source_document = forms.CharField(
        label=_("źródło"),
        max_length=200,
        help_text=_("Tytuł podręcznika lub FAQ, albo organizator i turniej."),
    )
    source_page = forms.IntegerField(label=_("strona"), required=False, min_value=1)
    ruled_on = forms.DateField(
        label=_("data orzeczenia"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
    )
