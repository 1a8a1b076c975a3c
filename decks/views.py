"""Deck pages and the builder: thin views over decks.selectors and decks.services."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from decks import selectors, services
from decks.forms import DeckSettingsForm, NewDeckForm
from decks.models import Deck
from decks.view_helpers import own_deck_or_404, readable_deck_or_404, rules_lang

# The builder posts at most this much JSON; a deck of 500 distinct cards fits in a fraction.
MAX_SAVE_BYTES = 64 * 1024


@login_required
@require_http_methods(["GET", "POST"])
def deck_new(request: HttpRequest) -> HttpResponse:
    form = NewDeckForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            deck = services.deck_create(owner=request.user, **form.cleaned_data)
        except services.DeckInputError as error:
            form.add_error(error.field or None, error.message)
        else:
            return redirect("deck-edit", deck_id=deck.pk)
    return render(request, "decks/deck_new.html", {"form": form})


@login_required
@require_GET
def my_decks(request: HttpRequest) -> HttpResponse:
    return render(request, "decks/my_decks.html", {"decks": selectors.decks_of(user=request.user)})


@require_GET
def deck_detail(request: HttpRequest, deck_id) -> HttpResponse:
    deck = readable_deck_or_404(request, deck_id)
    sheet = selectors.deck_sheet(deck, lang=rules_lang())
    like_count, liked = selectors.like_state(deck=deck, user=request.user)
    original = None
    if deck.copied_from_id:
        # Link back to the original only where the viewer may open it.
        original = (
            selectors.decks_readable_by(user=request.user).filter(pk=deck.copied_from_id).first()
        )
    return render(
        request,
        "decks/deck_detail.html",
        {
            "sheet": sheet,
            "deck": deck,
            "is_owner": deck.owner_id == request.user.pk,
            "like_count": like_count,
            "liked": liked,
            "original": original,
        },
    )


def _panels(request: HttpRequest, deck: Deck) -> dict[str, str]:
    """Render the parts of the builder that change when the deck does."""
    sheet = selectors.deck_sheet(deck, lang=rules_lang())
    context = {"sheet": sheet, "deck": deck, "editable": True}
    return {
        "deck": render_to_string("decks/_deck_list.html", context, request=request),
        "verdict": render_to_string("decks/_verdict.html", context, request=request),
        "totals": render_to_string("decks/_totals.html", context, request=request),
    }


@login_required
@require_GET
def deck_builder(request: HttpRequest, deck_id) -> HttpResponse:
    deck = own_deck_or_404(request, deck_id)
    search = selectors.builder_cards(
        deck=deck, params=request.GET, page_number=request.GET.get("page")
    )
    sheet = selectors.deck_sheet(deck, lang=rules_lang())
    params = request.GET.copy()
    params.pop("page", None)
    context = {
        "deck": deck,
        "sheet": sheet,
        "search": search,
        "editable": True,
        "query_without_page": params.urlencode(),
        "settings_form": DeckSettingsForm(
            initial={
                "name": deck.name,
                "faction": deck.faction,
                "visibility": deck.visibility,
                "description": deck.description,
                "version": deck.version,
            }
        ),
    }
    if request.headers.get("X-Fragment") == "cards":
        return render(request, "decks/_card_results.html", context)
    return render(request, "decks/deck_builder.html", context)


def _save_json(request: HttpRequest, deck: Deck) -> JsonResponse:
    """Apply a JSON save from the builder: {"version", "cards": {id: count}, settings...}."""
    if len(request.body) > MAX_SAVE_BYTES:
        return JsonResponse({"error": _("Zbyt duże żądanie.")}, status=413)
    try:
        data = json.loads(request.body)
        version = int(data["version"])
        cards = data.get("cards")
        if cards is not None and not isinstance(cards, dict):
            raise TypeError
    except (ValueError, KeyError, TypeError):
        return JsonResponse(
            {"error": _("Żądanie musi być obiektem JSON z polem „version” i słownikiem „cards”.")},
            status=400,
        )
    fields = {
        key: data[key] for key in ("name", "description", "faction", "visibility") if key in data
    }
    try:
        deck = services.deck_update(deck=deck, expected_version=version, cards=cards, **fields)
    except services.DeckConflict as conflict:
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
    except services.DeckInputError as error:
        return JsonResponse({"error": error.message, "field": error.field}, status=400)
    return JsonResponse(
        {
            "version": deck.version,
            "valid": deck.is_valid,
            "counts": selectors.deck_sheet(deck, lang=rules_lang()).counts,
            "panels": _panels(request, deck),
        }
    )


def _save_form(request: HttpRequest, deck: Deck) -> HttpResponse:
    """Apply a plain form post (the builder without JavaScript): one card up or down, or settings."""
    back = request.POST.get("next") or deck.get_absolute_url()
    if not back.startswith("/"):
        back = deck.get_absolute_url()
    try:
        version = int(request.POST.get("version", ""))
    except ValueError:
        messages.error(request, _("Brak numeru wersji talii; odśwież stronę."))
        return redirect(back)
    try:
        if "card" in request.POST:
            card_id = int(request.POST["card"])
            delta = 1 if request.POST.get("delta") == "1" else -1
            counts = selectors.deck_sheet(deck, lang=rules_lang()).counts
            counts[card_id] = max(0, counts.get(card_id, 0) + delta)
            services.deck_update(deck=deck, expected_version=version, cards=counts)
        else:
            form = DeckSettingsForm(request.POST)
            if not form.is_valid():
                for field, errors in form.errors.items():
                    messages.error(request, f"{form[field].label}: {' '.join(errors)}")
                return redirect(back)
            data = form.cleaned_data
            data.pop("version")
            services.deck_update(deck=deck, expected_version=version, **data)
            messages.success(request, _("Zapisano."))
    except services.DeckConflict:
        messages.error(
            request,
            _(
                "Ta talia została w międzyczasie zmieniona gdzie indziej; nic nie zapisano. "
                "Oto jej aktualna wersja."
            ),
        )
    except (ValueError, services.DeckInputError) as error:
        messages.error(request, getattr(error, "message", str(error)))
    return redirect(back)


@login_required
@require_POST
def deck_save(request: HttpRequest, deck_id) -> HttpResponse:
    deck = own_deck_or_404(request, deck_id)
    if request.content_type == "application/json":
        return _save_json(request, deck)
    return _save_form(request, deck)


@login_required
@require_POST
def deck_copy(request: HttpRequest, deck_id) -> HttpResponse:
    deck = readable_deck_or_404(request, deck_id)
    copy = services.deck_copy(deck=deck, owner=request.user)
    messages.success(request, _("Skopiowano talię „%(name)s”.") % {"name": deck.name})
    return redirect("deck-edit", deck_id=copy.pk)


@login_required
@require_http_methods(["GET", "POST"])
def deck_delete(request: HttpRequest, deck_id) -> HttpResponse:
    deck = own_deck_or_404(request, deck_id)
    if request.method == "POST":
        name = deck.name
        services.deck_delete(deck=deck)
        messages.success(request, _("Usunięto talię „%(name)s”.") % {"name": name})
        return redirect("my-decks")
    return render(request, "decks/deck_confirm_delete.html", {"deck": deck})


@require_GET
def public_deck_list(request: HttpRequest) -> HttpResponse:
    result = selectors.public_deck_page(params=request.GET, page_number=request.GET.get("page"))
    params = request.GET.copy()
    params.pop("page", None)
    return render(
        request,
        "decks/deck_list.html",
        {"filter": result.filterset, "page": result.page, "query_without_page": params.urlencode()},
    )


@require_GET
def deck_history(request: HttpRequest, deck_id) -> HttpResponse:
    deck = readable_deck_or_404(request, deck_id)
    page, entries = selectors.deck_history(deck=deck, page_number=request.GET.get("page"))
    return render(
        request,
        "decks/deck_history.html",
        {
            "deck": deck,
            "page": page,
            "entries": entries,
            "is_owner": deck.owner_id == request.user.pk,
        },
    )


@login_required
@require_POST
def deck_restore(request: HttpRequest, deck_id, number: int) -> HttpResponse:
    deck = own_deck_or_404(request, deck_id)
    try:
        version = int(request.POST.get("version", ""))
        services.deck_restore(deck=deck, number=number, expected_version=version)
    except ValueError:
        messages.error(request, _("Brak numeru wersji talii; odśwież stronę."))
    except services.DeckConflict:
        messages.error(
            request,
            _("Ta talia została w międzyczasie zmieniona gdzie indziej; nic nie przywrócono."),
        )
    except services.DeckInputError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Przywrócono wersję %(number)s.") % {"number": number})
    return redirect("deck-history", deck_id=deck.pk)


@login_required
@require_POST
def deck_like(request: HttpRequest, deck_id) -> HttpResponse:
    deck = readable_deck_or_404(request, deck_id)
    try:
        if request.POST.get("like") == "0":
            services.deck_unlike(deck=deck, user=request.user)
        else:
            services.deck_like(deck=deck, user=request.user)
    except services.DeckInputError as error:
        messages.error(request, error.message)
    return redirect(deck)
