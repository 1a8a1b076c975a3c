"""A moderator's pages: the queue, a proposal's review, and deciding on it or its proposer."""

import json

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import permission_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from proposals.models import Proposal
from proposals.selectors import (
    MODERATE,
    PAGE_SIZE,
    is_stale,
    moderation_queue,
    proposal_for_moderator,
    proposed_facts,
    proposer_record,
    seen_facts,
)
from proposals.services import (
    ProposalRefused,
    approve_proposal,
    block_proposer,
    reject_proposal,
    unblock_proposer,
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
