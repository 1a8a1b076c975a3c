"""A player's collection: their cards by game, a pasted list or CSV, the want list, sharing."""

from collections.abc import Callable
from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST, require_safe

import rules
from cardbase.models import Card, Game
from decks.collection_forms import (
    REPLACE,
    CollectionFileForm,
    CollectionPasteForm,
    OwnedCountForm,
)
from decks.errors import DeckInputError
from decks.export import card_list_text
from decks.selectors.collection import (
    collection_games,
    deck_ownership,
    game_collection,
    owned_cards,
    shared_collection_owner,
    wanted_cards,
)
from decks.services import collection as services
from decks.transfer.collection_csv import (
    edition_rows,
    read_collection_csv,
    write_collection_csv,
)
from decks.transfer.problems import ImportFailed, Problem
from decks.transfer.read_card_list import MAX_COPIES, CardCounts, read_card_list
from decks.view_helpers import readable_deck_or_404, safe_next


def _game_or_404(slug: str) -> Game:
    """Return a game the site has rules for, or raise 404."""
    if not rules.is_game(slug):
        raise Http404(_("Nie ma takiej gry."))
    return get_object_or_404(Game, slug=slug)


def _game_page(
    request: HttpRequest,
    game: Game,
    *,
    paste: CollectionPasteForm | None = None,
    upload: CollectionFileForm | None = None,
    problems: list[Problem] = (),
    status: int = 200,
) -> HttpResponse:
    context = {
        "collection": game_collection(owner=request.user, game=game),
        "paste": paste or CollectionPasteForm(),
        "upload": upload or CollectionFileForm(),
        "problems": problems,
        "example_card": rules.get_game(game.slug).example_card or _("Nazwa karty"),
        "games": collection_games(request.user),
    }
    return render(request, "decks/collection.html", context, status=status)


@login_required
@require_safe
def collection_home(request: HttpRequest) -> HttpResponse:
    games = collection_games(request.user)
    owned = [game for game, copies in games if copies]
    return redirect("collection-game", game=(owned or [game for game, _c in games])[0].slug)


@login_required
@require_safe
def collection_game(request: HttpRequest, game: str) -> HttpResponse:
    return _game_page(request, _game_or_404(game))


def _imported(
    request: HttpRequest, game: Game, mode: str, read: Callable[[], CardCounts], **forms
) -> HttpResponse:
    """Save what `read` gives of a form's list, whole or not at all, and go back to the page;
    or show the page again with every problem and the form as it was sent."""
    try:
        given = read()
        held = services.import_owned(
            owner=request.user,
            game=game,
            counts=given.counts,
            editions=given.editions,
            replace=mode == REPLACE,
        )
    except ImportFailed as failed:
        return _game_page(request, game, problems=failed.problems, status=400, **forms)
    except DeckInputError as error:
        return _game_page(request, game, problems=[Problem(error.message)], status=400, **forms)
    messages.success(request, _saved_words(len(given.counts), held))
    return redirect("collection-game", game=game.slug)


@login_required
@require_POST
def collection_paste(request: HttpRequest, game: str) -> HttpResponse:
    chosen = _game_or_404(game)
    form = CollectionPasteForm(request.POST)
    if not form.is_valid():
        return _game_page(request, chosen, paste=form, status=400)
    text = form.cleaned_data["text"]
    read = partial(read_card_list, text, game=chosen.slug)
    return _imported(request, chosen, form.cleaned_data["mode"], read, paste=form)


@login_required
@require_POST
def collection_upload(request: HttpRequest, game: str) -> HttpResponse:
    chosen = _game_or_404(game)
    form = CollectionFileForm(request.POST, request.FILES)
    if not form.is_valid():
        return _game_page(request, chosen, upload=form, status=400)
    data = form.cleaned_data["file"].read()
    read = partial(read_collection_csv, data, game=chosen.slug)
    return _imported(request, chosen, form.cleaned_data["mode"], read, upload=form)


def _saved_words(read: int, held: int) -> str:
    return ngettext(
        "Zapisano %(read)d kartę z listy. Masz teraz %(held)d różnych kart tej gry.",
        "Zapisano %(read)d kart z listy. Masz teraz %(held)d różnych kart tej gry.",
        read,
    ) % {"read": read, "held": held}


@login_required
@require_safe
def collection_csv(request: HttpRequest, game: str) -> HttpResponse:
    chosen = _game_or_404(game)
    rows = edition_rows(owned_cards(owner=request.user, game=chosen))
    response = HttpResponse(write_collection_csv(rows), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(
        True, f"{chosen.slug}-collection.csv"
    )
    return response


def _refused_in_place(message: str) -> HttpResponse:
    """Answer a refused change made in place with its reason, which owned.js shows by the
    buttons."""
    return HttpResponse(message, status=400, content_type="text/plain; charset=utf-8")


@login_required
@require_POST
def collection_card(request: HttpRequest, card_id: int) -> HttpResponse:
    card = get_object_or_404(Card.objects.select_related("game"), pk=card_id)
    form = OwnedCountForm(request.POST)
    back = safe_next(request, card.get_absolute_url())
    in_place = request.headers.get("X-Fragment") == "owned"
    if not form.is_valid():
        problems = [error for errors in form.errors.values() for error in errors]
        if in_place:
            return _refused_in_place(" ".join(problems))
        for problem in problems:
            messages.error(request, problem)
        return redirect(back)
    try:
        if form.cleaned_data["count"] is not None:
            count = services.set_owned(
                owner=request.user, card=card, count=form.cleaned_data["count"]
            )
        else:
            count = services.adjust_owned(
                owner=request.user, card=card, change=form.cleaned_data["change"]
            )
    except DeckInputError as error:
        if in_place:
            return _refused_in_place(error.message)
        messages.error(request, error.message)
        return redirect(back)
    said = _("Masz teraz %(count)d kopii karty „%(name)s”.") % {"count": count, "name": card.name}
    if in_place:
        # owned.js swaps the buttons in place: the page, and whatever the player typed on it,
        # stays as it was.
        context = {"card": card, "owned": count, "next_url": back, "said": said}
        return render(request, "decks/_owned_buttons.html", context)
    messages.success(request, said)
    return redirect(back)


@login_required
@require_POST
def wanted_card(request: HttpRequest, card_id: int) -> HttpResponse:
    card = get_object_or_404(Card.objects.select_related("game"), pk=card_id)
    form = OwnedCountForm(request.POST)
    if form.is_valid() and form.cleaned_data["count"] is not None:
        services.set_wanted(owner=request.user, card=card, count=form.cleaned_data["count"])
    else:
        messages.error(request, _("Podaj liczbę kopii od 0 do %(max)d.") % {"max": MAX_COPIES})
    return redirect(safe_next(request, reverse("collection-game", args=[card.game.slug])))


@login_required
@require_safe
def wanted_text(request: HttpRequest, game: str) -> HttpResponse:
    chosen = _game_or_404(game)
    text = card_list_text(
        title=_("Poszukiwane karty: %(game)s") % {"game": chosen.name},
        game=chosen,
        cards=[(row.card, row.count) for row in wanted_cards(owner=request.user, game=chosen)],
    )
    return HttpResponse(text, content_type="text/plain; charset=utf-8")


@login_required
@require_POST
def wanted_clear(request: HttpRequest, game: str) -> HttpResponse:
    chosen = _game_or_404(game)
    services.clear_wanted(owner=request.user, game=chosen)
    messages.success(request, _("Lista poszukiwanych kart tej gry jest pusta."))
    return redirect("collection-game", game=chosen.slug)


@login_required
@require_POST
def collection_share(request: HttpRequest) -> HttpResponse:
    shared = request.POST.get("shared") == "1"
    services.share_collection(owner=request.user, shared=shared)
    if shared:
        messages.success(request, _("Każdy, kto ma link, może teraz obejrzeć twoją kolekcję."))
    else:
        messages.success(request, _("Kolekcja jest znów prywatna; stary link już nie działa."))
    return redirect(safe_next(request, reverse("collection-home")))


@require_safe
def shared_collection(request: HttpRequest, key: str, game: str) -> HttpResponse:
    owner = shared_collection_owner(key)
    if owner is None:
        raise Http404(_("Ten link do kolekcji nie działa: właściciel mógł go wyłączyć."))
    chosen = _game_or_404(game)
    context = {
        "collection": game_collection(owner=owner, game=chosen),
        "owner": owner,
        "share_key": key,
        "games": collection_games(owner),
    }
    return render(request, "decks/collection_shared.html", context)


@login_required
@require_POST
def deck_want_missing(request: HttpRequest, deck_id) -> HttpResponse:
    deck = readable_deck_or_404(request, deck_id)
    ownership = deck_ownership(deck=deck, user=request.user)
    added = services.want_missing(owner=request.user, ownership=ownership)
    if added:
        messages.success(
            request,
            ngettext(
                "Dodano %(count)d kartę do listy poszukiwanych.",
                "Dodano %(count)d kart do listy poszukiwanych.",
                added,
            )
            % {"count": added},
        )
    else:
        messages.info(request, _("Lista poszukiwanych ma już wszystko, czego brakuje."))
    return redirect(deck)
