"""Upload a card file in the admin: see what it would change, then apply or discard it."""

import codecs

from django import forms
from django.conf import settings
from django.contrib import messages
from django.core.files.uploadedfile import UploadedFile
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import rules
from cardbase.catalogue_version import current_version
from cardbase.import_runs import reason_text, run_progress, shown_report
from cardbase.language import page_lang
from cardbase.models import Card, CardImportRun
from cardbase.pending_imports import (
    PendingImport,
    drop_upload,
    forget_upload,
    keep_upload,
    pending_upload,
    renew_upload,
)
from cardbase.tasks import queue_card_import
from rules.core import card_table


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

    def clean_file(self) -> UploadedFile:
        upload = self.cleaned_data["file"]
        if upload.size > settings.MAX_IMPORT_BYTES:
            raise forms.ValidationError(
                _("Plik ma %(size)s MB; największy dozwolony to %(max)s MB.")
                % {
                    "size": round(upload.size / 2**20, 1),
                    "max": settings.MAX_IMPORT_BYTES // 2**20,
                }
            )
        # Checked chunk by chunk, never joined: a 50 MB file costs the request a chunk of memory.
        decoder = codecs.getincrementaldecoder("utf-8")()
        read = 0
        try:
            for chunk in upload.chunks():
                decoder.decode(chunk)
                read += len(chunk)
            decoder.decode(b"", final=True)
        except UnicodeDecodeError as error:
            raise forms.ValidationError(
                _("To nie jest tekst UTF-8 (bajt %(at)s); zapisz plik jako UTF-8.")
                % {"at": read + error.start}
            ) from None
        return upload

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
    """Take a card file and queue its preview; apply or discard a preview (POST `token`)."""
    # The admin's own context (its header, its sidebar), for every page this view draws.
    request.admin_context = admin_context
    if request.method == "POST" and "token" in request.POST:
        return _decide(request)
    form = CardFileForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        pending = keep_upload(
            request.session,
            upload=data["file"],
            game=data["game"],
            fmt=data["fmt"],
            comment=data["comment"],
            version=current_version(),
        )
        return _queue(request, pending, CardImportRun.Step.PREVIEW)
    return _page(request, {"form": form})


def card_import_run_view(request: HttpRequest, run_id: int, *, admin_context: dict) -> HttpResponse:
    """Show a run of an uploaded file: its progress, then its preview or what it wrote."""
    request.admin_context = admin_context
    run = get_object_or_404(
        CardImportRun.objects.select_related("game"), pk=run_id, author=request.user
    )
    if run.status in (CardImportRun.Status.QUEUED, CardImportRun.Status.RUNNING):
        return _page(request, {"run": run, "progress": run_progress(run)})
    if run.status == CardImportRun.Status.FAILED:
        return _page(request, {"run": run, "error": reason_text(run.error, page_lang())})
    return _page(
        request,
        {
            "run": run,
            **shown_report(run, page_lang()),
            # Applying needs the upload still waiting in this session (not applied, not dropped).
            "pending": pending_upload(request.session, run.token)
            if run.step == CardImportRun.Step.PREVIEW
            else None,
        },
    )


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
        renewed = renew_upload(request.session, pending, version=current_version())
        return _queue(request, renewed, CardImportRun.Step.PREVIEW)
    # Out of the session first: a second click cannot apply the file twice.
    forget_upload(request.session, pending)
    return _queue(request, pending, CardImportRun.Step.APPLY)


def _queue(request: HttpRequest, pending: PendingImport, step: str) -> HttpResponse:
    run = queue_card_import(pending=pending, step=step, author=request.user)
    return redirect("admin:cardbase_card_import_run", run.pk)


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
