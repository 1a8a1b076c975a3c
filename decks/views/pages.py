"""Deck pages: a new deck, my decks, the public list, a deck's page, copy, delete and like."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from cardbase.language import page_lang
from common.page_cache import cached_page
from decks.errors import DeckInputError
from decks.forms import NewDeckForm
from decks.limits import FOLDER_NAME_MAX, MAX_TAGS_PER_DECK
from decks.link_preview import deck_link_preview, deck_robots
from decks.organise_forms import DeckShelfForm
from decks.selectors import history
from decks.selectors.access import original_for_viewer
from decks.selectors.collection import collection_stamp, ownership_of
from decks.selectors.games import game_for_new_deck, games_with_rules
from decks.selectors.organising import folders_of
from decks.selectors.page_version import deck_page_version
from decks.selectors.pages import IN_USE, like_state, my_deck_page, public_deck_page
from decks.selectors.sheet import deck_sheet
from decks.services import editing, likes
from decks.view_helpers import own_deck_or_404, readable_deck_or_404
from decks.views.edit_session import edit_session


@login_required
@require_http_methods(["GET", "POST"])
def deck_new(request: HttpRequest) -> HttpResponse:
    game = game_for_new_deck(request.GET.get("game"))
    form = NewDeckForm(request.POST or None, game=game)
    if request.method == "POST" and form.is_valid():
        try:
            deck = editing.deck_create(
                owner=request.user,
                game=game.id,
                name=form.cleaned_data["name"],
                options=form.options_data(),
                session=edit_session(request),
            )
        except DeckInputError as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
        else:
            return redirect("deck-edit", deck_id=deck.pk)
    context = {"form": form, "game": game, "games": games_with_rules()}
    return render(request, "decks/deck_new.html", context)


@login_required
@require_safe
def my_decks(request: HttpRequest) -> HttpResponse:
    folders = list(folders_of(user=request.user))
    shelf_form = DeckShelfForm(request.GET, folders=folders)
    shelf = shelf_form.shelf()
    page = my_deck_page(user=request.user, page_number=request.GET.get("page"), shelf=shelf)
    params = request.GET.copy()
    params.pop("page", None)
    context = {
        "page": page,
        "decks": page.object_list,
        "folders": folders,
        "shelf": shelf,
        "filtered": shelf != IN_USE,
        "folder_name_max": FOLDER_NAME_MAX,
        "shelf_form": shelf_form,
        "query_without_page": params.urlencode(),
    }
    return render(request, "decks/my_decks.html", context)


def _deck_page_version(request: HttpRequest, deck_id) -> str | None:
    """Return the deck page's version with the viewer's collection's: the page shows both."""
    version = deck_page_version(deck_id)
    stamp = collection_stamp(request.user) if version else ""
    return f"{version}:{stamp}" if stamp else version


@require_safe
@cached_page(_deck_page_version)
def deck_detail(request: HttpRequest, deck_id) -> HttpResponse:
    deck = readable_deck_or_404(request, deck_id)
    sheet = deck_sheet(deck, lang=page_lang())
    ownership = ownership_of(cards=sheet.cards, user=request.user)
    like_count, liked = like_state(deck=deck, user=request.user)
    is_owner = deck.owner_id == request.user.pk
    response = render(
        request,
        "decks/deck_detail.html",
        {
            "sheet": sheet,
            "deck": deck,
            "is_owner": is_owner,
            "like_count": like_count,
            "liked": liked,
            "original": original_for_viewer(deck=deck, user=request.user),
            "latest": history.latest_change(deck=deck, user=request.user),
            # The owner's folders, to file the deck from its page (read only if shown).
            "folders": folders_of(user=request.user) if is_owner else (),
            "tags_max": MAX_TAGS_PER_DECK,
            "ownership": ownership,
            "owned": ownership.line_marks if ownership else None,
            "link_preview": deck_link_preview(request, sheet=sheet),
            "robots": deck_robots(deck),
        },
    )
    if is_owner:
        # Back from the builder must show what was just saved, not the browser's older copy.
        patch_cache_control(response, no_store=True)
    return response


@login_required
@require_POST
def deck_copy(request: HttpRequest, deck_id) -> HttpResponse:
    deck = readable_deck_or_404(request, deck_id)
    copy = editing.deck_copy(deck=deck, owner=request.user)
    messages.success(request, _("Skopiowano talię „%(name)s”.") % {"name": deck.name})
    return redirect("deck-edit", deck_id=copy.pk)


@login_required
@require_http_methods(["GET", "POST"])
def deck_delete(request: HttpRequest, deck_id) -> HttpResponse:
    deck = own_deck_or_404(request, deck_id)
    if request.method == "POST":
        name = deck.name
        editing.deck_delete(deck=deck)
        messages.success(request, _("Usunięto talię „%(name)s”.") % {"name": name})
        return redirect("my-decks")
    return render(request, "decks/deck_confirm_delete.html", {"deck": deck})


@require_safe
def public_deck_list(request: HttpRequest) -> HttpResponse:
    result = public_deck_page(
        params=request.GET, page_number=request.GET.get("page"), viewer=request.user
    )
    params = request.GET.copy()
    params.pop("page", None)
    return render(
        request,
        "decks/deck_list.html",
        {"filter": result.filterset, "page": result.page, "query_without_page": params.urlencode()},
    )


@login_required
@require_POST
def deck_like(request: HttpRequest, deck_id) -> HttpResponse:
    deck = readable_deck_or_404(request, deck_id)
    try:
        if request.POST.get("like") == "0":
            likes.deck_unlike(deck=deck, user=request.user)
        else:
            likes.deck_like(deck=deck, user=request.user)
    except DeckInputError as error:
        messages.error(request, error.message)
    return redirect(deck)
