"""Deck import, export and deck codes: thin views over decks.transfer and decks.services."""

from urllib.parse import urlencode

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_http_methods, require_POST, require_safe

import rules
from cardbase.language import page_lang
from decks import codes, export, inputs
from decks.errors import DeckInputError
from decks.forms import DeckOptionsMixin
from decks.limits import NAME_MAX
from decks.models import Deck
from decks.selectors.games import game_for_new_deck
from decks.services.editing import deck_create
from decks.transfer.dispatch import read_import
from decks.transfer.problems import (
    MAX_IMPORT_CHARS,
    ImportFailed,
    Problem,
    body_too_large_problem,
    cut_paste_problem,
    example_card,
)
from decks.transfer.read_code import read_code
from decks.transfer.unsaved import unsaved_sheet
from decks.view_helpers import readable_deck_or_404

# Reading a form over DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MB by default) fails with a bare 400; the
# import page checks the declared length first and answers with its own page. Up to that size the
# form is read, so a paste over the text limit can be shown back in part.
MAX_IMPORT_BODY = settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 2_621_440
MAX_UPLOAD_BYTES = MAX_IMPORT_CHARS


class ImportForm(DeckOptionsMixin, forms.Form):
    """The import page: a deck for `game` in one of the formats, its options settled or not."""

    name = forms.CharField(label=gettext_lazy("Nazwa talii"), max_length=NAME_MAX)
    format = forms.ChoiceField(
        label=gettext_lazy("Format"),
        choices=[
            ("text", gettext_lazy("tekst: karta w wierszu")),
            ("json", gettext_lazy("JSON (kontrakt reguł albo lista nazw i liczb kart)")),
            ("code", gettext_lazy("kod talii lub link do niego")),
        ],
        initial="text",
        widget=forms.RadioSelect,
    )
    text = forms.CharField(
        label=gettext_lazy("Talia"),
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 16, "spellcheck": "false"}),
    )
    file = forms.FileField(label=gettext_lazy("albo plik (do 100 kB)"), required=False)

    def __init__(self, *args, game, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # The card the page's hint shows in its example lines ("2 Gaap").
        self.example_card = example_card(game.id)
        if game.deck_zones is not None:
            self.fields["format"].choices = [
                *self.fields["format"].choices,
                ("lackey", _("LackeyCCG (plik .dek)")),
            ]
        self.add_option_fields(game)
        for option_id in self.option_ids:
            # Unchosen, an option is the one the import states or its cards agree on.
            field = self.fields[option_id]
            field.required = False
            field.choices = [("", _("ustal z importu")), *field.choices]
            field.widget = forms.Select(choices=field.choices)
        self.order_fields(["name", *self.option_ids])

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
        if not (data.get("text") or "").strip():
            raise forms.ValidationError(_("Wklej talię albo wybierz plik."), code="empty")
        return data


def _readable(form: ImportForm) -> bool:
    """Tell whether the form holds an import to read: valid, or faulty only in other fields."""
    form.is_valid()
    data = form.cleaned_data
    return not form.non_field_errors() and "format" in data and bool(data.get("text", "").strip())


@csrf_protect
def _deck_import(request: HttpRequest) -> HttpResponse:
    problems: list[Problem] = []
    game = game_for_new_deck(request.GET.get("game"))
    form = ImportForm(request.POST or None, request.FILES or None, game=game)
    if request.method == "POST" and _readable(form):
        data = form.cleaned_data
        chosen = {key: value for key, value in form.options_data().items() if value}
        # Read even when the form has faults of its own (a missing name), so that every problem
        # is listed at once; nothing is saved unless both the import and the form are sound.
        try:
            imported = read_import(data["format"], data["text"], options=chosen, game=game.id)
        except ImportFailed as failed:
            problems = failed.problems
            if len(data["text"]) > MAX_IMPORT_CHARS:
                problems = [cut_paste_problem(len(data["text"]))]
        else:
            if not form.errors:
                try:
                    deck = deck_create(
                        owner=request.user,
                        name=data["name"],
                        options=imported.options,
                        game=imported.game,
                        format=imported.format,
                        cards=imported.cards,
                    )
                except DeckInputError as error:
                    problems = [Problem(error.message)]
                else:
                    return _imported(request, deck, imported.notes)
        # Keep the user's text (also a file's) to fix in place; of a paste over the limit, the
        # part that is read.
        form.data = form.data.copy()
        form.data["text"] = data["text"][:MAX_IMPORT_CHARS]
    status = 400 if problems or form.errors else 200
    return render(
        request,
        "decks/deck_import.html",
        {"form": form, "problems": problems, "max_chars": MAX_IMPORT_CHARS},
        status=status,
    )


def _imported(request: HttpRequest, deck: Deck, notes: tuple[str, ...]) -> HttpResponse:
    """Say what was imported and what the import decided, and open the deck in the builder."""
    count = deck.card_total
    messages.success(
        request,
        ngettext(
            "Zaimportowano talię „%(name)s”: %(count)d karta.",
            "Zaimportowano talię „%(name)s”: %(count)d karty.",
            count,
        )
        % {"name": deck.name, "count": count},
    )
    for note in notes:
        messages.warning(request, note)
    return redirect("deck-edit", deck_id=deck.pk)


@csrf_exempt  # checked by _deck_import once the body is known to be of a sane size
@login_required
@require_http_methods(["GET", "POST"])
def deck_import(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > MAX_IMPORT_BODY:
            # A page, not a bare error: it says how much may be pasted (the text is not read).
            return render(
                request,
                "decks/deck_import.html",
                {
                    "form": ImportForm(game=game_for_new_deck(request.GET.get("game"))),
                    "problems": [body_too_large_problem(length, MAX_IMPORT_BODY)],
                    "max_chars": MAX_IMPORT_CHARS,
                },
                status=413,
            )
    return _deck_import(request)


def _download(text: str, filename: str, content_type: str) -> HttpResponse:
    response = HttpResponse(text, content_type=f"{content_type}; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(True, filename)
    return response


def _filename(deck: Deck, extension: str) -> str:
    # Folded first, so that "ł" becomes "l" rather than vanishing in slugify's ASCII.
    return f"{slugify(rules.card_key(deck.name)) or 'talia'}.{extension}"


@require_safe
def deck_export_text(request: HttpRequest, deck_id) -> HttpResponse:
    deck = readable_deck_or_404(request, deck_id)
    return _download(export.deck_text(deck), _filename(deck, "txt"), "text/plain")


@require_safe
def deck_export_dek(request: HttpRequest, deck_id) -> HttpResponse:
    deck = readable_deck_or_404(request, deck_id)
    if deck.game_rules.deck_zones is None:
        raise Http404(_("Ta gra nie ma talii LackeyCCG."))
    return _download(export.deck_dek(deck), _filename(deck, "dek"), "application/xml")


@require_safe
def deck_export_json(request: HttpRequest, deck_id) -> HttpResponse:
    deck = readable_deck_or_404(request, deck_id)
    return _download(export.deck_json(deck), _filename(deck, "json"), "application/json")


def _code_url(code: str, name: str = "") -> str:
    url = reverse("deck-code", kwargs={"code": code})
    return f"{url}?{urlencode({'name': name})}" if name else url


@require_safe
def deck_code_of(request: HttpRequest, deck_id) -> HttpResponse:
    deck = readable_deck_or_404(request, deck_id)
    return redirect(_code_url(codes.deck_code(deck), deck.name))


@require_safe
def deck_code(request: HttpRequest, code: str) -> HttpResponse:
    name = (request.GET.get("name") or "").strip()[:NAME_MAX] or _("Talia z kodu")
    try:
        imported = read_code(code)
    except ImportFailed as failed:
        return render(
            request,
            "decks/deck_code.html",
            {"problems": failed.problems, "code": code[:100]},
            status=400,
        )
    sheet = unsaved_sheet(imported, name=name, lang=page_lang())
    return render(
        request,
        "decks/deck_code.html",
        {
            "sheet": sheet,
            "deck": sheet.deck,
            "code": code,
            "name": name,
            "share_url": request.build_absolute_uri(_code_url(code, name)),
            "login_url": f"{reverse('login')}?{urlencode({'next': _code_url(code, name)})}",
        },
    )


@login_required
@require_POST
def deck_code_open(request: HttpRequest, code: str) -> HttpResponse:
    name = (request.POST.get("name") or "").strip()[:NAME_MAX] or _("Talia z kodu")
    try:
        imported = read_code(code)
        deck = deck_create(
            owner=request.user,
            name=inputs.deck_name(name),
            options=imported.options,
            game=imported.game,
            format=imported.format,
            cards=imported.cards,
        )
    except ImportFailed as failed:
        for problem in failed.problems:
            messages.error(request, str(problem))
        return redirect(_code_url(code, name))
    except DeckInputError as error:
        messages.error(request, error.message)
        return redirect(_code_url(code, name))
    messages.success(request, _("Utworzono talię „%(name)s” z kodu.") % {"name": deck.name})
    return redirect("deck-edit", deck_id=deck.pk)
