"""The proposals' pages: propose, my proposals, the moderation queue and one proposal's review."""

import json

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required, permission_required
from django.core.paginator import Paginator
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

import rules
from cardbase.models import Card, Game
from cardbase.selectors.card_page import card_by_slug
from cardbase.selectors.completeness import catalogue_completeness
from proposals.forms import ProposalForm, RulingForm
from proposals.models import Proposal
from proposals.selectors import (
    MODERATE,
    is_stale,
    moderation_queue,
    proposal_for_moderator,
    proposal_for_viewer,
    proposals_of,
    proposed_facts,
    proposer_record,
    seen_facts,
)
from proposals.services import (
    ProposalRefused,
    ProposalSource,
    approve_proposal,
    block_proposer,
    propose,
    propose_ruling,
    reject_proposal,
    unblock_proposer,
    why_barred,
)
from proposals.wanted import most_wanted

PAGE_SIZE = 25


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
    barred = why_barred(request.user)
    if barred is not None:
        # Said before the player fills the form in, not after.
        context = {"game": game, "card": card, "barred": barred}
        return render(request, "proposals/propose.html", context, status=403)
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
    barred = why_barred(request.user)
    if barred is not None:
        return render(
            request, "proposals/propose_ruling.html", {**context, "barred": barred}, status=403
        )
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


@require_safe
def completeness(request: HttpRequest, game: str) -> HttpResponse:
    """Show how complete the game's catalogue is and the missing facts most wanted."""
    if not rules.is_game(game):
        raise Http404
    served = get_object_or_404(Game, slug=game)
    return render(
        request,
        "proposals/completeness.html",
        {
            "game": served,
            "completeness": catalogue_completeness(served),
            "wanted": most_wanted(served),
        },
    )


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


@permission_required(MODERATE, raise_exception=True)
def queue(request: HttpRequest) -> HttpResponse:
    """List the proposals waiting for a moderator, oldest first."""
    page = Paginator(moderation_queue(), PAGE_SIZE).get_page(request.GET.get("page"))
    stale = {proposal.pk for proposal in page if is_stale(proposal)}
    return render(request, "proposals/queue.html", {"page": page, "stale": stale})


@permission_required(MODERATE, raise_exception=True)
def review(request: HttpRequest, number: int) -> HttpResponse:
    """Show one proposal beside the card's facts now, its source and its proposer's record."""
    proposal = proposal_for_moderator(number)
    if proposal is None:
        raise Http404
    facts = proposed_facts(proposal)
    return render(
        request,
        "proposals/review.html",
        {
            "proposal": proposal,
            "facts": facts,
            "stale": any(fact.stale for fact in facts),
            "seen": json.dumps(seen_facts(proposal)),
            "record": proposer_record(proposal.proposer),
            "own": proposal.proposer_id == request.user.pk,
        },
    )


@require_POST
@permission_required(MODERATE, raise_exception=True)
def approve(request: HttpRequest, number: int) -> HttpResponse:
    """Approve the facts ticked, as the moderator saw the card."""
    proposal = get_object_or_404(Proposal, pk=number)
    try:
        seen = json.loads(request.POST.get("seen", ""))
        if not isinstance(seen, dict):
            raise ValueError
    except ValueError:
        seen = {}
    try:
        decided = approve_proposal(
            proposal=proposal,
            moderator=request.user,
            facts=request.POST.getlist("facts"),
            seen=seen,
            reason=request.POST.get("reason", ""),
        )
    except ProposalRefused as refused:
        messages.error(request, str(refused))
        return redirect("proposal-review", number=number)
    if decided.is_pending:
        messages.info(
            request,
            _(
                "Zapisano Twoją zgodę. Ta propozycja przeczy cytatowi z podręcznika: "
                "przyjmie ją drugi moderator."
            ),
        )
    else:
        messages.success(
            request,
            _("Przyjęto propozycję nr %(number)s jako zmianę nr %(changeset)s.")
            % {"number": number, "changeset": decided.changeset_id},
        )
    return redirect("proposal-queue")


@require_POST
@permission_required(MODERATE, raise_exception=True)
def reject(request: HttpRequest, number: int) -> HttpResponse:
    """Reject the proposal with the reason its proposer reads."""
    proposal = get_object_or_404(Proposal, pk=number)
    try:
        reject_proposal(
            proposal=proposal, moderator=request.user, reason=request.POST.get("reason", "")
        )
    except ProposalRefused as refused:
        messages.error(request, str(refused))
        return redirect("proposal-review", number=number)
    messages.success(request, _("Odrzucono propozycję nr %(number)s.") % {"number": number})
    return redirect("proposal-queue")


@require_POST
@permission_required(MODERATE, raise_exception=True)
def block(request: HttpRequest, user_id: int) -> HttpResponse:
    """Bar a player from proposing, or let them again."""
    player = get_object_or_404(get_user_model(), pk=user_id)
    back = request.POST.get("proposal")
    if request.POST.get("lift"):
        unblock_proposer(user=player)
        messages.success(request, _("%(name)s może znów proponować.") % {"name": player})
    elif not request.POST.get("reason", "").strip():
        messages.error(request, _("Napisz, dlaczego wstrzymujesz propozycje gracza."))
    else:
        block_proposer(user=player, moderator=request.user, reason=request.POST["reason"])
        messages.success(request, _("Wstrzymano propozycje gracza %(name)s.") % {"name": player})
    if back and back.isdigit():
        return redirect("proposal-review", number=int(back))
    return redirect("proposal-queue")


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
