"""Catalogue pages: thin views over selectors."""

from django.core.exceptions import PermissionDenied
from django.http import FileResponse, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST, require_safe

import rules
from cardbase import ownership
from cardbase.catalogue_version import catalogue_page_version
from cardbase.changesets.reverting import revert_and_tell
from cardbase.face_files import face_png_path
from cardbase.language import page_lang
from cardbase.link_preview import card_link_preview, catalogue_link_preview
from cardbase.models import Changeset
from cardbase.search.feedback import query_feedback
from cardbase.selectors.card_facts import card_facts
from cardbase.selectors.card_history import history_entries
from cardbase.selectors.card_page import (
    card_by_slug,
    card_moved_from,
    card_note,
    primary_printing,
    related_cards,
    with_rulings,
)
from cardbase.selectors.catalogue import PAGE_SIZES, catalogue_page
from cardbase.selectors.columns import table_columns
from cardbase.selectors.facets import facet_names
from cardbase.selectors.games import games_with_card_counts
from cardbase.selectors.provenance import provenance_rows
from cardbase.selectors.query_params import widened_params
from cardbase.selectors.syntax_counts import counted_syntax_rows
from common.page_cache import cached_page


@require_safe
@cached_page(catalogue_page_version)
def home(request: HttpRequest) -> HttpResponse:
    games = games_with_card_counts()
    return render(
        request,
        "cardbase/home.html",
        {"games": games, "card_count": sum(game.card_count for game in games)},
    )


def viewer_catalogue_version(request, *args, **kwargs) -> str | None:
    """Return the catalogue's version with the viewer's collection's: the pages show both."""
    stamp = ownership.viewer_stamp(request.user)
    version = catalogue_page_version(request)
    return f"{version}:{stamp}" if stamp and version else version


@require_safe
@cached_page(viewer_catalogue_version)
def card_list(request: HttpRequest) -> HttpResponse:
    result = catalogue_page(
        params=request.GET,
        page_number=request.GET.get("page"),
        owned=ownership.owned_copies(request.user),
    )
    view_mode = "table" if request.GET.get("view") == "table" else "grid"
    ownership.mark_owned(request.user, result.page.object_list)
    game = result.filterset.searched_game()
    feedback = query_feedback(request.GET.get("q", "").strip(), game=game)
    facets_offered, range_names = facet_names(game)
    return render(
        request,
        "cardbase/card_list.html",
        {
            "filter": result.filterset,
            "page": result.page,
            "page_size": result.page_size,
            "page_sizes": PAGE_SIZES,
            "view_mode": view_mode,
            "query_without_page": widened_params(request.GET).urlencode(),
            "facet_names": facets_offered,
            "range_names": range_names,
            "table_columns": table_columns(game),
            "search_error": feedback.error,
            "search_message": feedback.message,
            "search_description": feedback.description,
            "unknown_also": list(result.unknown_also),
            "facets": result.facets,
            "suggestion": result.suggestion,
            "empty_game": result.empty_game,
            "searched_game": game,
            "link_preview": catalogue_link_preview(
                request, game=game, count=result.page.paginator.count
            ),
        },
    )


@require_safe
@cached_page(catalogue_page_version)
def card_search_syntax(request: HttpRequest) -> HttpResponse:
    # An unknown or missing game shows every game's keys, each game apart under its name, so that
    # a key is never listed twice unnamed and "unknown" is counted within its own game.
    game = request.GET.get("game")
    game = game if rules.is_game(game) else None
    games = [(each.id, each.name(page_lang())) for each in rules.all_games()]
    shown = [(id, name) for id, name in games if id == game] if game else games
    return render(
        request,
        "cardbase/search_syntax.html",
        {
            "sections": [(id, name, counted_syntax_rows(id)) for id, name in shown],
            "syntax_game": game,
            "games": games,
        },
    )


@require_safe
@cached_page(viewer_catalogue_version)
def card_detail(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    card = with_rulings(card_by_slug(game=game, slug=slug))
    related = related_cards(card=card)
    facts = card_facts(card)
    return render(
        request,
        "cardbase/card_detail.html",
        {
            "card": card,
            "facts": facts,
            "provenance": provenance_rows(card, facts),
            "note": card_note(card),
            "printing": primary_printing(card),
            "related": related,
            "same_order": related.cards if related else [],
            "owned": ownership.owned_count(request.user, card),
            "link_preview": card_link_preview(request, card=card),
        },
    )


@require_safe
def card_history(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    card = card_by_slug(game=game, slug=slug)
    return render(
        request,
        "cardbase/card_history.html",
        {"card": card, "history": history_entries(card)},
    )


# Who may revert a changeset: the operators who edit cards, and the moderators who approve
# players' proposals.
REVERTERS = ("cardbase.change_card", "proposals.moderate_proposal")


@require_POST
def changeset_revert(request: HttpRequest, game: str, slug: str, number: int) -> HttpResponse:
    """Revert one changeset of the card's history, or say why it cannot be."""
    if not any(request.user.has_perm(permission) for permission in REVERTERS):
        raise PermissionDenied
    card = card_by_slug(game=game, slug=slug)
    changeset = get_object_or_404(
        Changeset.objects.filter(changes__card=card).distinct(), pk=number
    )
    revert_and_tell(request, changeset)
    return redirect("card-history", game=game, slug=slug)


@require_safe
def card_face(request: HttpRequest, game: str, slug: str) -> FileResponse:
    card = card_by_slug(game=game, slug=slug)
    response = FileResponse(face_png_path(card).open("rb"), content_type="image/png")
    response["Cache-Control"] = "public, max-age=3600"
    response["Vary"] = "Accept-Language, Cookie"
    return response


@require_safe
def card_moved(request: HttpRequest, slug: str) -> HttpResponse:
    """Send an address without the game to the card's address for good (301)."""
    return redirect(card_moved_from(slug=slug), permanent=True)


@require_safe
def card_face_moved(request: HttpRequest, slug: str) -> HttpResponse:
    """Send a face address without the game to the face's address for good (301)."""
    card = card_moved_from(slug=slug)
    return redirect("card-face", game=card.game.slug, slug=card.slug, permanent=True)
