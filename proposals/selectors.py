"""Reads of proposals: the moderation queue, a player's own, one proposal's facts beside the
card's, and a proposer's record."""

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.db.models import Count, Q, QuerySet

from cardbase.changesets import facts_of_card
from cardbase.changesets.facts import fact_label
from cardbase.models import Card
from cardbase.selectors.card_history import fact_value
from proposals.models import Proposal, ProposerBlock

MODERATE = "proposals.moderate_proposal"
# Proposals a page lists.
PAGE_SIZE = 25


@dataclass(frozen=True)
class ProposedFact:
    """One fact of a proposal: the card's value when proposed, now, and the one proposed."""

    fact: str
    label: str
    base: Any
    current: Any
    proposed: Any
    approved: bool

    @property
    def stale(self) -> bool:
        """Tell whether the card's value changed since the proposal was made."""
        return self.base != self.current


@dataclass(frozen=True)
class ProposerRecord:
    """What became of a player's proposals so far."""

    approved: int
    rejected: int
    pending: int
    blocked: ProposerBlock | None


def _with_cards(proposals: QuerySet[Proposal]) -> QuerySet[Proposal]:
    return proposals.select_related("card__game", "game", "proposer", "decided_by")


def moderation_queue() -> QuerySet[Proposal]:
    """Return the proposals waiting for a moderator, oldest first."""
    pending = Proposal.objects.filter(state=Proposal.State.PENDING).order_by("created", "id")
    return _with_cards(pending)


def proposals_of(user: AbstractBaseUser) -> QuerySet[Proposal]:
    """Return the player's own proposals, newest first."""
    return _with_cards(Proposal.objects.filter(proposer=user)).order_by("-created", "-id")


def is_stale(proposal: Proposal) -> bool:
    """Tell whether any fact the proposal changes holds another value now than when proposed
    (read from the card already loaded: no query)."""
    if proposal.card is None or proposal.is_ruling:
        return False
    current = facts_of_card(proposal.card)
    return any(current.get(fact) != old for fact, old in proposal.base.items())


def proposal_for_moderator(number: int) -> Proposal | None:
    """Return the proposal, for a moderator's review."""
    return _with_cards(Proposal.objects.all()).filter(pk=number).first()


def proposal_for_viewer(number: int, viewer: AbstractBaseUser) -> Proposal | None:
    """Return the proposal if the viewer may see it: its proposer and moderators always, anyone
    once it is approved (whole or in part)."""
    proposal = Proposal.objects.select_related("proposer").filter(pk=number).first()
    if proposal is None:
        return None
    approved = proposal.state in (Proposal.State.APPROVED, Proposal.State.PARTLY)
    if approved or proposal.proposer_id == viewer.pk or viewer.has_perm(MODERATE):
        return proposal
    return None


def proposed_facts(proposal: Proposal) -> list[ProposedFact]:
    """Return the proposal's facts beside the card's values of them now, as the pages read."""
    card = proposal.card
    current = facts_of_card(card) if card is not None else {}
    shown_on = card or Card(
        game=proposal.game, kind=proposal.facts.get("kind", ""), attributes={}, notes={}
    )
    return [
        ProposedFact(
            fact=fact,
            label=fact_label(shown_on, fact),
            base=fact_value(shown_on, fact, proposal.base.get(fact)),
            current=fact_value(shown_on, fact, current.get(fact)),
            proposed=fact_value(shown_on, fact, value),
            approved=fact in proposal.approved_facts,
        )
        for fact, value in proposal.facts.items()
    ]


def seen_facts(proposal: Proposal) -> dict[str, Any]:
    """Return the card's values of the proposal's facts now, as stored: what a moderator sees."""
    current = facts_of_card(proposal.card) if proposal.card is not None else {}
    return {fact: current.get(fact) for fact in proposal.facts}


def proposer_record(user: AbstractBaseUser) -> ProposerRecord:
    """Return how many of the player's proposals were approved, rejected and are waiting."""
    counts = Proposal.objects.filter(proposer=user).aggregate(
        approved=Count("pk", filter=Q(state__in=[Proposal.State.APPROVED, Proposal.State.PARTLY])),
        rejected=Count("pk", filter=Q(state=Proposal.State.REJECTED)),
        pending=Count("pk", filter=Q(state=Proposal.State.PENDING)),
    )
    return ProposerRecord(**counts, blocked=ProposerBlock.objects.filter(user=user).first())
