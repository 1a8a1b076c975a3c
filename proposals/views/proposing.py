"""A player's pages: propose a card's facts, a new card or a ruling; their own proposals and a
proposal's photo."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

import rules
from cardbase.models import Card, Game
from cardbase.selectors.card_page import card_by_slug
from proposals.forms import ProposalForm, RulingForm
from proposals.models import Proposal
from proposals.selectors import PAGE_SIZE, proposal_for_viewer, proposals_of, proposed_facts
from proposals.services import (
    ProposalRefused,
    ProposalSource,
    barred_because,
    propose,
    propose_ruling,
)


@login_required
def propose_change(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    """Propose new facts for a card."""
    card = card_by_slug(game=game, slug=slug)
    return _propose(request, card.game, card)


@login_required
def propose_card(request: HttpRequest, game: str) -> HttpResponse:
    """Propose a card the catalogue lacks."""
    if not rules.is_game(game):
        raise Http404
    return _propose(request, get_object_or_404(Game, slug=game), None)


def _propose(request: HttpRequest, game: Game, card: Card | None) -> HttpResponse:
    barred = _barred_page(request, "proposals/propose.html", game=game, card=card)
    if barred is not None:
        return barred
    schema = rules.get_game(game.slug).schema
    data = request.POST if request.method == "POST" else None
    form = ProposalForm(data, request.FILES or None, schema=schema, card=card)
    if form.is_valid():
        cleaned = form.cleaned_data
        upload = cleaned.get("source_image")
        try:
            proposal = propose(
                proposer=request.user,
                game=game,
                card=card,
                name=cleaned["name"],
                kind=cleaned["kind"],
                text=cleaned["text"],
                attributes=form.cleaned_attributes,
                source=ProposalSource(
                    cleaned["source_kind"],
                    document=cleaned["source_document"],
                    page=cleaned["source_page"],
                    note=cleaned["source_note"],
                    image=upload.read() if upload else None,
                ),
                comment=cleaned["comment"],
            )
        except ProposalRefused as refused:
            form.add_error(None, str(refused))
        else:
            return _thanked(request, proposal)
    return _form_page(request, "proposals/propose.html", form, game=game, card=card)


@login_required
def propose_ruling_view(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    """Propose a ruling on a card."""
    card = card_by_slug(game=game, slug=slug)
    context = {"card": card, "game": card.game}
    barred = _barred_page(request, "proposals/propose_ruling.html", **context)
    if barred is not None:
        return barred
    form = RulingForm(request.POST if request.method == "POST" else None)
    if form.is_valid():
        cleaned = form.cleaned_data
        try:
            proposal = propose_ruling(
                proposer=request.user,
                card=card,
                question=cleaned["question"],
                answer=cleaned["answer"],
                ruled_on=cleaned["ruled_on"],
                source=ProposalSource(
                    cleaned["source_kind"],
                    document=cleaned["source_document"],
                    page=cleaned["source_page"],
                ),
            )
        except ProposalRefused as refused:
            form.add_error(None, str(refused))
        else:
            return _thanked(request, proposal)
    return _form_page(request, "proposals/propose_ruling.html", form, **context)


def _barred_page(request: HttpRequest, template: str, **context) -> HttpResponse | None:
    # Said before the player fills the form in, not after.
    refusal = barred_because(request.user)
    if refusal is None:
        return None
    return render(request, template, {**context, "barred": str(refusal)}, status=403)


def _thanked(request: HttpRequest, proposal: Proposal) -> HttpResponse:
    messages.success(
        request,
        _("Dziękujemy! Propozycja nr %(number)s czeka na moderatora.") % {"number": proposal.pk},
    )
    return redirect("my-proposals")


def _form_page(request: HttpRequest, template: str, form, **context) -> HttpResponse:
    # A form sent back with its faults answers 400, so a script sees the refusal too.
    status = 400 if form.is_bound and form.errors else 200
    return render(request, template, {**context, "form": form}, status=status)


@login_required
def my_proposals(request: HttpRequest) -> HttpResponse:
    """List the player's proposals with their state and the moderators' reasons."""
    page = Paginator(proposals_of(request.user), PAGE_SIZE).get_page(request.GET.get("page"))
    entries = [(proposal, proposed_facts(proposal)) for proposal in page]
    # Shown now: the decisions are no longer new.
    unseen = [p.pk for p in page if not p.is_pending and not p.decision_seen]
    Proposal.objects.filter(pk__in=unseen).update(decision_seen=True)
    return render(
        request,
        "proposals/my_proposals.html",
        {"page": page, "entries": entries, "new_decisions": set(unseen)},
    )


@login_required
def source_image(request: HttpRequest, number: int) -> FileResponse:
    """Serve a proposal's photo to whoever may see it; to anyone else it does not exist."""
    proposal = proposal_for_viewer(number, request.user)
    if proposal is None or not proposal.source_image:
        raise Http404
    response = FileResponse(proposal.source_image.open("rb"), content_type="image/jpeg")
    # Not kept by shared caches: until approved, only its proposer and moderators may see it.
    response["Cache-Control"] = "private, max-age=3600"
    return response
