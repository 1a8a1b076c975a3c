"""Upload a card file in the admin: see what it would change, then apply or discard it."""

from django import forms
from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import rules
from cardbase.admin.pending_imports import drop_upload, keep_upload, pending_upload
from cardbase.catalogue_version import current_version
from cardbase.changesets.facts import schema_fact_label
from cardbase.importers import CardImportError, ImportReport, import_cards
from cardbase.language import page_lang
from cardbase.models import Card
from rules.core import card_table

# A preview lists at most this many facts; the totals count them all.
SHOWN_FACTS = 500


class CardFileForm(forms.Form):
    """A card file for one game, in the project's card table or a format the game reads."""

    game = forms.ChoiceField(label=gettext_lazy("Gra"))
    fmt = forms.ChoiceField(label=gettext_lazy("Format"))
    file = forms.FileField(label=gettext_lazy("Plik"))
    comment = forms.CharField(
        label=gettext_lazy("Powód zmiany"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=gettext_lazy("Zapisany w historii każdej karty, którą plik zmieni."),
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        lang = page_lang()
        self.fields["game"].choices = [(g.id, g.name(lang)) for g in rules.all_games()]
        readers = sorted({fmt for g in rules.all_games() for fmt in g.card_readers})
        self.fields["fmt"].choices = [
            (card_table.CSV, _("CSV – tabela kart (export_cards)")),
            (card_table.JSON, _("JSON – tabela kart (export_cards)")),
            *((fmt, fmt) for fmt in readers),
        ]

    def clean_file(self) -> str:
        upload = self.cleaned_data["file"]
        if upload.size > settings.MAX_IMPORT_BYTES:
            raise forms.ValidationError(
                _("Plik ma %(size)s MB; największy dozwolony to %(max)s MB.")
                % {
                    "size": round(upload.size / 2**20, 1),
                    "max": settings.MAX_IMPORT_BYTES // 2**20,
                }
            )
        try:
            return b"".join(upload.chunks()).decode("utf-8")
        except UnicodeDecodeError as error:
            raise forms.ValidationError(
                _("To nie jest tekst UTF-8 (bajt %(at)s); zapisz plik jako UTF-8.")
                % {"at": error.start}
            ) from None

    def clean(self) -> dict:
        cleaned = super().clean()
        game, fmt = cleaned.get("game"), cleaned.get("fmt")
        if game and fmt and fmt not in card_table.FORMATS:
            readers = rules.get_game(game).card_readers
            if fmt not in readers:
                known = ", ".join([*card_table.FORMATS, *readers])
                self.add_error(
                    "fmt", _("Ta gra nie czyta tego formatu; czyta: %(known)s.") % {"known": known}
                )
        return cleaned


def card_import_view(request: HttpRequest, *, admin_context: dict) -> HttpResponse:
    """Preview an uploaded card file, then apply or discard it (POST `apply` / `discard`)."""
    # The admin's own context (its header, its sidebar), for every page this view draws.
    request.admin_context = admin_context
    if request.method == "POST" and "token" in request.POST:
        return _decide(request)
    form = CardFileForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        pending = keep_upload(
            request.session,
            text=data["file"],
            game=data["game"],
            fmt=data["fmt"],
            name=request.FILES["file"].name,
            comment=data["comment"],
            version=current_version(),
        )
        try:
            report = _run(pending, dry_run=True)
        except CardImportError as error:
            drop_upload(request.session, pending)
            form.add_error("file", error.message(page_lang()))
        else:
            return _preview(request, pending, report)
    return _page(request, {"form": form})


def _decide(request: HttpRequest) -> HttpResponse:
    pending = pending_upload(request.session, request.POST["token"])
    back = reverse("admin:cardbase_card_import")
    if pending is None:
        messages.error(request, _("Tego podglądu już nie ma: wczytaj plik jeszcze raz."))
        return redirect(back)
    if "discard" in request.POST:
        drop_upload(request.session, pending)
        messages.info(
            request, _("Odrzucono plik %(name)s: nic nie zapisano.") % {"name": pending.name}
        )
        return redirect(back)
    if current_version() != pending.version:
        # Someone wrote to the catalogue since: show what the file would change now.
        messages.warning(request, _("Katalog zmienił się od podglądu: sprawdź zmiany jeszcze raz."))
        refreshed = keep_upload(
            request.session,
            text=pending.text(),
            game=pending.game,
            fmt=pending.fmt,
            name=pending.name,
            comment=pending.comment,
            version=current_version(),
        )
        drop_upload(request.session, pending)
        return _preview(request, refreshed, _run(refreshed, dry_run=True))
    report = _run(pending, dry_run=False, author=request.user)
    drop_upload(request.session, pending)
    totals = report.totals
    messages.success(
        request,
        _(
            "Zapisano plik %(name)s: %(added)s dodano, %(updated)s zmieniono, %(rejected)s odrzucono."
        )
        % {"name": pending.name, **totals},
    )
    if report.changeset is not None:
        return redirect("admin:cardbase_changeset_change", report.changeset)
    return redirect("admin:cardbase_card_changelist")


def _run(pending, *, dry_run: bool, author=None) -> ImportReport:
    return import_cards(
        game_slug=pending.game,
        fmt=pending.fmt,
        text_or_path=pending.text(),
        dry_run=dry_run,
        author=author,
        comment=pending.comment or _("Plik %(name)s wczytany w panelu") % {"name": pending.name},
        document=pending.name,
    )


def _preview(request: HttpRequest, pending, report: ImportReport) -> HttpResponse:
    schema = rules.get_game(pending.game).schema
    lang = page_lang()
    facts = [
        (fact.row, fact.card, schema_fact_label(schema, fact.fact), fact.old, fact.new)
        for fact in report.facts[:SHOWN_FACTS]
    ]
    rejected = [
        (row.row, row.name, row.reason(lang) if row.reason else "")
        for row in report.rows
        if row.status == "rejected"
    ]
    kept = [row for row in report.rows if row.status == "kept"]
    return _page(
        request,
        {
            "pending": pending,
            "report": report,
            "facts": facts,
            "more_facts": max(0, len(report.facts) - SHOWN_FACTS),
            "rejected": rejected,
            "kept": kept,
        },
    )


def _page(request: HttpRequest, context: dict) -> HttpResponse:
    return TemplateResponse(
        request,
        "admin/cardbase/card/import.html",
        {
            **request.admin_context,
            **context,
            "title": _("Wczytaj plik z kartami"),
            "opts": Card._meta,
        },
    )
