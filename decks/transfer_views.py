"""Deck import, export and deck codes: thin views over decks.transfer and decks.services."""

from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_http_methods, require_POST, require_safe

import rules
from cardbase.language import page_lang
from decks import codes, export, inputs
from decks.errors import DeckInputError
from decks.import_form import AUTO_FORMAT, DETECT, ImportForm
from decks.limits import shortened_name
from decks.models import Deck
from decks.selectors.games import games_with_rules
from decks.services.editing import deck_create
from decks.transfer.detect import (
    CODE,
    carried_name,
    file_stem,
    guess_format,
    guess_game,
    undetected_problem,
)
from decks.transfer.dispatch import read_import
from decks.transfer.imported import ImportedDeck
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


def _readable(form: ImportForm) -> bool:
    """Tell whether the form holds an import to read: valid, or faulty only in other fields."""
    form.is_valid()
    data = form.cleaned_data
    return not form.non_field_errors() and "format" in data and bool(data.get("text", "").strip())


def _import_form(request: HttpRequest, *, bound: bool = True) -> ImportForm:
    """Return the import form, bound on a POST; a game named in the address is its first choice.

    `bound=False` leaves the body unread (one too large to read).
    """
    games = games_with_rules()
    asked = next((g for g in games if g.id == request.GET.get("game")), None)
    data = files = None
    if bound and request.method == "POST":
        data, files = request.POST.copy(), request.FILES
        # A form sent without a game (an older page) is for the game its address names.
        data.setdefault("game", asked.id if asked else DETECT)
        asked = next((g for g in games if g.id == data["game"]), None)
    return ImportForm(
        data,
        files,
        games=games,
        game=asked,
        initial={"game": asked.id if asked else DETECT},
    )


def _read(form: ImportForm) -> tuple[ImportedDeck | None, list[Problem], str, str | None]:
    """Read the form's input in its format and game, told from the input where left open.

    Return the deck read (None: not read), its problems, and the format and game it was read as.
    """
    data = form.cleaned_data
    text, file_name = data["text"], data.get("file_name") or ""
    fmt = data["format"]
    if fmt == AUTO_FORMAT:
        fmt = guess_format(text, file_name)
    game_id = data.get("game") or None
    if game_id is None and fmt != CODE:
        guess = guess_game(fmt, text, form.games)
        if guess.game is None:
            return None, [undetected_problem(guess)], fmt, None
        game_id = guess.game
    try:
        imported = read_import(fmt, text, options=form.options_for(game_id), game=game_id)
    except ImportFailed as failed:
        problems = failed.problems
        if len(text) > MAX_IMPORT_CHARS:
            problems = [cut_paste_problem(len(text))]
        return None, problems, fmt, game_id
    return imported, [], fmt, imported.game


@csrf_protect
def _deck_import(request: HttpRequest) -> HttpResponse:
    problems: list[Problem] = []
    form = _import_form(request)
    if request.method == "POST" and _readable(form):
        data = form.cleaned_data
        # Read even when the form has faults of its own, so that every problem is listed at
        # once; nothing is saved unless both the import and the form are sound.
        imported, problems, fmt, game_id = _read(form)
        declared = rules.get_game(game_id) if game_id and rules.is_game(game_id) else None
        name = shortened_name(
            data.get("name")
            or carried_name(fmt, data["text"], declared)
            or file_stem(data.get("file_name") or "")
        )
        if not name:
            form.add_error(
                "name", _("Podaj nazwę talii: ani to pole, ani wczytany plik jej nie podają.")
            )
        if imported is not None and not form.errors:
            try:
                deck = deck_create(
                    owner=request.user,
                    name=name,
                    options=imported.options,
                    game=imported.game,
                    format=imported.format,
                    cards=imported.cards,
                )
            except DeckInputError as error:
                problems = [Problem(error.message)]
            else:
                return _imported(request, deck, imported.notes)
        # Keep every choice and the text (also a file's, read into the field, so the file need
        # not be chosen again), with what the import told from it: its format, game and name.
        form.example_card = example_card(game_id)
        form.data = form.data.copy()
        form.data.update(
            {
                "text": data["text"][:MAX_IMPORT_CHARS],
                "file_name": data.get("file_name") or "",
                "format": fmt,
                "game": game_id or data.get("game") or DETECT,
                "name": name,
            }
        )
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
                    "form": _import_form(request, bound=False),
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
    name = shortened_name(request.GET.get("name") or "") or _("Talia z kodu")
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
    name = shortened_name(request.POST.get("name") or "") or _("Talia z kodu")
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
