"""The deck builder: its page, its saves (JSON, one card, quick add, settings) and names."""

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_safe

from cardbase.language import page_lang
from cardbase.ownership import mark_owned
from decks import inputs
from decks.errors import DeckConflict, DeckInputError
from decks.forms import DeckSettingsForm
from decks.models import Deck
from decks.selectors.builder import builder_cards, card_names_like
from decks.selectors.collection import owned_copies, owned_in_sheet
from decks.selectors.sheet import DeckSheet, deck_sheet
from decks.services import cards, editing
from decks.transfer.problems import ImportFailed, Problem, example_card
from decks.transfer.read_text import read_lines
from decks.view_helpers import own_deck_or_404, safe_next
from decks.views.edit_session import edit_session

# The builder posts at most this much JSON; a deck of 500 distinct cards fits in a fraction.
MAX_SAVE_BYTES = 64 * 1024


# The quick-add box takes a few dozen lines, not a whole import.
MAX_QUICK_ADD_CHARS = 5000


def _verdict_counts(sheet: DeckSheet) -> dict[str, int]:
    """Count the verdict's lines by severity, as the builder's bottom bar shows them."""
    return {"errors": len(sheet.verdict_errors), "warnings": len(sheet.verdict_warnings)}


def _faults(sheet: DeckSheet) -> dict[int, list[str]]:
    """Return {card id: the messages of the errors naming it}, to show by the card tapped."""
    faults: dict[int, list[str]] = {}
    for line in sheet.verdict_errors:
        for card_id in line.card_ids:
            faults.setdefault(card_id, []).append(line.message)
    return faults


def _panels(request: HttpRequest, deck: Deck, sheet: DeckSheet) -> dict[str, str]:
    """Render the parts of the builder that change when the deck does."""
    # The +/− forms inside go back to the builder, not to the save address this answers.
    back_url = reverse("deck-edit", kwargs={"deck_id": deck.pk})
    context = {
        "sheet": sheet,
        "deck": deck,
        "owned": owned_in_sheet(cards=sheet.cards, user=request.user),
        "editable": True,
        "back_url": back_url,
        "verdict_counts": _verdict_counts(sheet),
    }
    return {
        "deck": render_to_string("decks/_deck_list.html", context, request=request),
        "verdict": render_to_string("decks/_verdict.html", context, request=request),
        "totals": render_to_string("decks/_totals.html", context, request=request),
        "bar": render_to_string("decks/_builder_bar.html", context, request=request),
        "share": render_to_string("decks/_share.html", context, request=request),
    }


def _settings_form(deck: Deck) -> DeckSettingsForm:
    return DeckSettingsForm(
        initial={
            "name": deck.name,
            **deck.options,
            "visibility": deck.visibility,
            "description": deck.description,
            "version": deck.version,
        },
        game=deck.game_rules,
    )


def _builder_page(
    request: HttpRequest,
    deck: Deck,
    *,
    settings_form: DeckSettingsForm,
    back_url: str,
    status: int = 200,
) -> HttpResponse:
    """Render the builder; `settings_form` may be a bound form sent back with its errors."""
    params = request.GET.copy()
    params.pop("page", None)
    sheet = deck_sheet(deck, lang=page_lang())
    search = builder_cards(
        deck=deck,
        params=request.GET,
        page_number=request.GET.get("page"),
        owned=owned_copies(request.user),
    )
    # Each card found says how many the player owns, with the buttons that change it.
    mark_owned(request.user, search.page.object_list)
    context = {
        "deck": deck,
        "back_url": back_url,
        "sheet": sheet,
        "owned": owned_in_sheet(cards=sheet.cards, user=request.user),
        "verdict_counts": _verdict_counts(sheet),
        "search": search,
        "editable": True,
        "query_without_page": params.urlencode(),
        "settings_form": settings_form,
        "example_card": example_card(deck.game.slug),
    }
    if request.headers.get("X-Fragment") == "cards":
        return render(request, "decks/_card_results.html", context, status=status)
    return render(request, "decks/deck_builder.html", context, status=status)


@login_required
@require_safe
# Never from the browser's cache: Back would show an older version, which a save then refuses.
@never_cache
def deck_builder(request: HttpRequest, deck_id) -> HttpResponse:
    deck = own_deck_or_404(request, deck_id)
    return _builder_page(
        request, deck, settings_form=_settings_form(deck), back_url=request.get_full_path()
    )


def _bad_json(message: str) -> JsonResponse:
    return JsonResponse({"error": message, "field": "request"}, status=400)


def _save_json(request: HttpRequest, deck: Deck) -> JsonResponse:
    """Apply a JSON save from the builder: {"version", "cards": {"id:section": count}, ...}."""
    if len(request.body) > MAX_SAVE_BYTES:
        return JsonResponse({"error": _("Zbyt duże żądanie.")}, status=413)
    shape = _("Żądanie musi być obiektem JSON z polem „version” i słownikiem „cards”.")
    try:
        data = json.loads(request.body)
    except (ValueError, RecursionError):  # RecursionError: arrays nested thousands deep
        return _bad_json(shape)
    if not isinstance(data, dict) or "version" not in data:
        return _bad_json(shape)
    version = data["version"]
    # bool is an int subclass and JSON's Infinity loads as a float: only a true integer will do.
    if type(version) is not int or version < 1:
        return JsonResponse(
            {
                "error": _(
                    "Pole „version” musi być dodatnią liczbą całkowitą (numerem wersji talii)."
                ),
                "field": "version",
            },
            status=400,
        )
    if data.get("cards") is not None and not isinstance(data["cards"], dict):
        return _bad_json(shape)
    added, quick = None, None
    if "add" in data:
        quick = _read_quick_add(deck, data["add"])
        if not quick.added:
            return _refused_quick_add(quick, data["add"])
        added = quick.added
    try:
        changes = inputs.read_builder_changes(data, game=deck.game_rules)
        if added is not None:
            deck = cards.deck_add_cards(
                deck=deck,
                expected_version=version,
                added=added,
                session=edit_session(request),
                **changes,
            )
        else:
            deck = editing.deck_update(
                deck=deck, expected_version=version, session=edit_session(request), **changes
            )
    except DeckConflict as conflict:
        return JsonResponse(
            {
                "error": _(
                    "Ta talia została w międzyczasie zapisana gdzie indziej (np. w innej karcie "
                    "przeglądarki). Twoje zmiany są zachowane tutaj: zapisz je mimo to albo "
                    "wczytaj zapisaną wersję."
                ),
                "conflict": True,
                "current_version": conflict.current_version,
            },
            status=409,
        )
    except DeckInputError as error:
        return JsonResponse({"error": error.message, "field": error.field}, status=400)
    sheet = deck_sheet(deck, lang=page_lang())
    return JsonResponse(
        {
            "version": deck.version,
            "valid": deck.is_valid,
            "counts": sheet.counts,
            "verdict_counts": _verdict_counts(sheet),
            "faults": _faults(sheet),
            "panels": _panels(request, deck, sheet),
            # The lines of a quick add that could not be added, each with what is wrong.
            **(quick.answer(data["add"]) if quick is not None else {}),
        }
    )


@dataclass(frozen=True)
class QuickAdd:
    """What the quick-add box gives: the copies its good lines name and each bad line's problem."""

    added: dict[tuple[int, str], int]
    problems: list[Problem]

    def answer(self, text: str) -> dict[str, object]:
        """Return the JSON the builder shows the problems by, with the bad lines to fix."""
        lines = text.splitlines()
        return {
            "problems": [_problem_json(problem) for problem in self.problems],
            "rest": "\n".join(
                lines[p.line - 1] for p in self.problems if p.line and p.line <= len(lines)
            ),
        }


def _problem_json(problem: Problem) -> dict[str, object]:
    return {
        "message": str(problem),
        "line": problem.line,
        "text": problem.text,
        "fixes": [
            {"name": fix.name, "line": fix.line, "count": fix.count} for fix in problem.fixes
        ],
    }


def _read_quick_add(deck: Deck, text: object) -> QuickAdd:
    """Read the quick-add box's lines ("2 Name", "2x Name", "Name x2", "Name") in the deck's game."""
    if not isinstance(text, str):
        return _nothing_added(_("Pole „add” podaje się jako tekst: wiersze „liczba nazwa karty”."))
    if len(text) > MAX_QUICK_ADD_CHARS:
        too_long = _(
            "Szybkie dodawanie przyjmuje najwyżej %(max)d znaków; dłuższą listę zaimportuj."
        )
        return _nothing_added(too_long % {"max": MAX_QUICK_ADD_CHARS})
    try:
        read = read_lines(text, game=deck.game.slug, options=deck.options)
    except ImportFailed as failed:
        return QuickAdd({}, failed.problems)
    if not read.tally.counts and not read.problems:
        return _nothing_added(
            _("Wpisz karty do dodania, np. „2 %(card)s”, po jednej w wierszu.")
            % {"card": example_card(deck.game.slug)}
        )
    return QuickAdd(read.tally.counts, read.problems)


def _nothing_added(message: str) -> QuickAdd:
    return QuickAdd({}, [Problem(message)])


def _refused_quick_add(read: QuickAdd, text: object) -> JsonResponse:
    """Answer a quick add of which no line could be added, listing every problem."""
    messages_ = " ".join(str(problem) for problem in read.problems)
    return JsonResponse(
        {
            "error": _("Nic nie dodano:") + " " + messages_,
            **read.answer(text if isinstance(text, str) else ""),
            "field": "add",
        },
        status=400,
    )


def _safe_next(request: HttpRequest, deck: Deck, *, default: str = "") -> str:
    """Return the page to go back to: `next` if it stays on this site, else `default` or the deck."""
    return safe_next(request, default or deck.get_absolute_url())


def _posted_int(request: HttpRequest, key: str) -> int | None:
    """Return a posted whole number, or None; the length cap keeps int() from a bignum's cost."""
    raw = request.POST.get(key, "").strip()
    digits = raw.removeprefix("-")
    return int(raw) if digits.isascii() and digits.isdigit() and len(digits) <= 40 else None


def _save_card(request: HttpRequest, deck: Deck) -> HttpResponse:
    """Apply one +/− or move form post (the builder without JavaScript) and go back."""
    back = _safe_next(request, deck)
    version, card_id = _posted_int(request, "version"), _posted_int(request, "card")
    if version is None:
        messages.error(request, _("Brak numeru wersji talii; odśwież stronę."))
        return redirect(back)
    if card_id is None:
        messages.error(request, _("Brak numeru karty do dodania lub odjęcia; odśwież stronę."))
        return redirect(back)
    section = request.POST.get("section")
    with _reported(request):
        card_id, version = inputs.card_id(card_id), inputs.version(version)
        if "to" in request.POST:
            cards.deck_move_card(
                deck=deck,
                card_id=card_id,
                from_section=section or "",
                to_section=request.POST["to"],
                expected_version=version,
                session=edit_session(request),
            )
        else:
            cards.deck_adjust_card(
                deck=deck,
                card_id=card_id,
                delta=1 if request.POST.get("delta") == "1" else -1,
                section=section,
                expected_version=version,
                session=edit_session(request),
            )
    return redirect(back)


@contextmanager
def _reported(request: HttpRequest) -> Iterator[None]:
    """Run one form post's save; say why when nothing was saved."""
    try:
        yield
    except DeckConflict:
        messages.error(
            request,
            _(
                "Ta talia została w międzyczasie zmieniona gdzie indziej; nic nie zapisano. "
                "Oto jej aktualna wersja."
            ),
        )
    except DeckInputError as error:
        messages.error(request, error.message)


def _save_settings(request: HttpRequest, deck: Deck) -> HttpResponse:
    """Apply the settings form; on any problem show it again as typed, with the message."""
    form = DeckSettingsForm(request.POST, game=deck.game_rules)
    # Shown again, the builder's forms must lead back to the builder, not to this address.
    back = _safe_next(request, deck, default=reverse("deck-edit", kwargs={"deck_id": deck.pk}))
    if not form.is_valid():
        return _builder_page(request, deck, settings_form=form, back_url=back, status=400)
    data = form.cleaned_data
    try:
        editing.deck_update(
            deck=deck,
            expected_version=data["version"],
            name=data["name"],
            description=data["description"],
            visibility=data["visibility"],
            options=form.options_data(),
            session=edit_session(request),
        )
    except DeckConflict:
        deck.refresh_from_db()
        # The next press of "Save" overwrites the newer version, as "keep mine" does in the JS.
        form.data = form.data.copy()
        form.data["version"] = str(deck.version)
        form.add_error(
            None,
            _(
                "Ta talia została w międzyczasie zmieniona gdzie indziej; nic nie zapisano. "
                "Twój tekst jest poniżej: zapisz go jeszcze raz, aby zastąpić tamte zmiany, "
                "albo odśwież stronę, aby zobaczyć zapisaną wersję."
            ),
        )
        return _builder_page(request, deck, settings_form=form, back_url=back, status=409)
    except DeckInputError as error:
        form.add_error(error.field if error.field in form.fields else None, error.message)
        return _builder_page(request, deck, settings_form=form, back_url=back, status=400)
    messages.success(request, _("Zapisano."))
    return redirect(back)


@login_required
@require_http_methods(["GET", "POST"])
def deck_save(request: HttpRequest, deck_id) -> HttpResponse:
    deck = own_deck_or_404(request, deck_id)
    if request.method == "GET":
        # A builder shown again after a refused save has this address (a language switch or a
        # reload asks for it): the builder is what is wanted.
        return redirect("deck-edit", deck_id=deck.pk)
    if request.content_type == "application/json":
        return _save_json(request, deck)
    if "card" in request.POST:
        return _save_card(request, deck)
    if "add" in request.POST:
        return _quick_add_form(request, deck)
    return _save_settings(request, deck)


def _quick_add_form(request: HttpRequest, deck: Deck) -> HttpResponse:
    """Add the quick-add box's cards (the builder without JavaScript) and go back."""
    back = _safe_next(request, deck)
    version = _posted_int(request, "version")
    if version is None:
        messages.error(request, _("Brak numeru wersji talii; odśwież stronę."))
        return redirect(back)
    read = _read_quick_add(deck, request.POST["add"])
    for problem in read.problems:
        messages.error(request, str(problem))
    if read.added:
        with _reported(request):
            cards.deck_add_cards(
                deck=deck,
                expected_version=inputs.version(version),
                added=read.added,
                session=edit_session(request),
            )
    return redirect(back)


@login_required
@require_safe
def deck_card_names(request: HttpRequest, deck_id) -> JsonResponse:
    """Answer the builder's name autocomplete: names of the deck's game starting with `q` first."""
    deck = own_deck_or_404(request, deck_id)
    return JsonResponse({"names": card_names_like(game=deck.game, text=request.GET.get("q", ""))})
