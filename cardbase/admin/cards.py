"""Operators add and correct cards here, with the same validation as the fixtures."""

from django import forms
from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.urls import path
from django.utils.translation import gettext_lazy as _

from cardbase.admin.card_import import card_import_run_view, card_import_view
from cardbase.changesets import Source, recording_changeset
from cardbase.changesets.editions import editions_fact
from cardbase.forms import (
    COMMENT_FIELD,
    NOTE_PREFIX,
    SOURCE_FIELD,
    CardForm,
    check_image_upload,
)
from cardbase.models import Card, CardSource, Edition, Game, Printing, Ruling
from cardbase.services import make_printing_thumbnail


class PrintingForm(forms.ModelForm):
    class Meta:
        model = Printing
        fields = ["edition", "image"]

    def clean_image(self):
        image = self.cleaned_data.get("image")
        upload = self.files.get(self.add_prefix("image"))
        if upload is not None:
            check_image_upload(upload)
        return image


class PrintingInline(admin.TabularInline):
    model = Printing
    form = PrintingForm
    extra = 0
    readonly_fields = ["thumbnail"]


class CardSourceInline(admin.TabularInline):
    model = CardSource
    extra = 0


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    form = CardForm
    list_display = ["name", "game", "kind", "slug"]
    list_filter = ["game", "kind"]
    search_fields = ["name", "search_name"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [PrintingInline, CardSourceInline]
    change_list_template = "admin/cardbase/card/change_list.html"

    def get_urls(self):
        upload = self.admin_site.admin_view(self.import_view)
        run = self.admin_site.admin_view(self.import_run_view)
        return [
            path("import/", upload, name="cardbase_card_import"),
            path("import/<int:run_id>/", run, name="cardbase_card_import_run"),
            *super().get_urls(),
        ]

    def import_view(self, request):
        self._may_import(request)
        return card_import_view(request, admin_context=self.admin_site.each_context(request))

    def import_run_view(self, request, run_id: int):
        self._may_import(request)
        context = self.admin_site.each_context(request)
        return card_import_run_view(request, run_id, admin_context=context)

    def _may_import(self, request) -> None:
        # Adding and changing cards, as the file may do both.
        if not (self.has_add_permission(request) and self.has_change_permission(request)):
            raise PermissionDenied

    def get_form(self, request, obj=None, change=False, **kwargs):
        # The attribute fields are made per game when the form is built, so the form class
        # is made from the model's own fields only.
        kwargs["fields"] = CardForm.Meta.fields
        return super().get_form(request, obj, change, **kwargs)

    def get_fieldsets(self, request, obj=None):
        data = request.POST if request.method == "POST" else None
        form = CardForm(data, instance=obj, initial=request.GET.dict())
        notes = [name for name in form.fields if name.startswith(NOTE_PREFIX)]
        return [
            (None, {"fields": ["game", "kind", "name", "slug"]}),
            *((label, {"fields": names}) for label, names in form.attribute_fields_by_kind()),
            (_("Tekst i uwagi"), {"fields": ["text", *notes]}),
            (_("Zmiana"), {"fields": [COMMENT_FIELD, SOURCE_FIELD]}),
        ]

    def save_model(self, request, obj, form, change):
        # Saved in save_related, with its printings, so that the edit is one changeset.
        pass

    def save_related(self, request, form, formsets, change):
        # The edit is a changeset of its own, in the card's history with its author and source:
        # the card's facts, and its editions as the printings inline leaves them.
        card = form.instance
        with recording_changeset(
            game=card.game,
            author=request.user,
            comment=form.cleaned_data.get(COMMENT_FIELD, ""),
            source=Source.note(form.cleaned_data.get(SOURCE_FIELD, "")),
        ) as changeset:
            changeset.save(card)
            before = editions_fact(card)
            super().save_related(request, form, formsets, change)
            changeset.record_editions(card, before=before)

    def save_formset(self, request, form, formset, change):
        super().save_formset(request, form, formset, change)
        if formset.model is Printing:
            for inline_form in formset.forms:
                printing = inline_form.instance
                if "image" in inline_form.changed_data and printing.pk and printing.image:
                    make_printing_thumbnail(printing=printing)


@admin.register(Ruling)
class RulingAdmin(admin.ModelAdmin):
    list_display = ["card", "question", "source_kind", "ruled_on", "approved_by"]
    list_filter = ["source_kind", "card__game"]
    search_fields = ["card__name", "question", "answer"]
    raw_id_fields = ["card", "proposer", "approved_by"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "rulebook"]


@admin.register(Edition)
class EditionAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "symbol", "released"]
    list_filter = ["game"]
    prepopulated_fields = {"slug": ["name"]}
