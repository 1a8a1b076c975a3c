"""A moderator approves a proposal, whole or in part, or rejects it with a reason.

Approving writes a changeset through the same recorder as every other write: checked against
the game's schema, in one transaction, its decks judged again once it is written. A moderator
approves what they saw: if the card's facts changed since they opened the proposal, nothing is
applied and they look again.
"""

from collections.abc import Collection
from datetime import date
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.tasks import send_email
from cardbase.changesets import Source, facts_of_card, recording_changeset
from cardbase.changesets.facts import set_fact
from cardbase.models import Card, CardSource, Ruling
from cardbase.selectors.provenance import cited_passages
from cardbase.services import card_slug, describe_validation_error
from proposals.mail import decision_words
from proposals.models import Proposal
from proposals.services.refusals import ProposalRefused

# The facts a new card cannot do without.
CARD_NEEDS = ("name", "kind")


@transaction.atomic
def approve_proposal(
    *,
    proposal: Proposal,
    moderator: AbstractBaseUser,
    facts: Collection[str],
    seen: dict[str, Any],
    reason: str = "",
) -> Proposal:
    """Apply the chosen facts of the proposal, the card's values of them being `seen` as the
    moderator saw them. A fact that contradicts a rulebook's quote waits for a second moderator.
    """
    proposal = _locked(proposal)
    _may_decide(proposal, moderator)
    if proposal.is_ruling:
        proposal.published_ruling = _publish_ruling(proposal, moderator)
        proposal.state = Proposal.State.APPROVED
        _decided(proposal, moderator, reason)
        return proposal
    chosen = [fact for fact in proposal.facts if fact in set(facts)]
    if not chosen:
        raise ProposalRefused(_("Wybierz co najmniej jeden fakt do przyjęcia."))
    card = proposal.card
    if card is None and not set(CARD_NEEDS) <= set(chosen):
        raise ProposalRefused(_("Nowa karta potrzebuje nazwy i rodzaju: przyjmij oba."))
    current = facts_of_card(card) if card is not None else {}
    # Each fact as the moderator saw it, named: a fact left out of `seen` was not seen.
    if any(fact not in seen or current.get(fact) != seen[fact] for fact in chosen):
        raise ProposalRefused(
            _("Fakty karty zmieniły się, gdy oglądałeś propozycję: sprawdź ją jeszcze raz.")
        )
    if contradicted_facts(proposal, chosen, current) and proposal.first_approver_id is None:
        proposal.first_approver = moderator
        proposal.save(update_fields=["first_approver"])
        return proposal
    if proposal.first_approver_id == moderator.pk:
        raise ProposalRefused(
            _("Ta propozycja przeczy cytatowi z podręcznika: przyjąć ją musi drugi moderator.")
        )
    proposal.changeset = _apply(proposal, card, chosen, moderator)
    proposal.state = (
        Proposal.State.APPROVED if len(chosen) == len(proposal.facts) else Proposal.State.PARTLY
    )
    proposal.approved_facts = chosen
    _decided(proposal, moderator, reason)
    return proposal


@transaction.atomic
def reject_proposal(*, proposal: Proposal, moderator: AbstractBaseUser, reason: str) -> Proposal:
    """Reject the proposal with the reason its proposer reads."""
    proposal = _locked(proposal)
    _may_decide(proposal, moderator)
    if not reason.strip():
        raise ProposalRefused(_("Napisz graczowi, dlaczego propozycja jest odrzucona."))
    proposal.state = Proposal.State.REJECTED
    _decided(proposal, moderator, reason)
    return proposal


def contradicted_facts(
    proposal: Proposal, facts: Collection[str], current: dict[str, Any]
) -> list[str]:
    """Return the facts whose proposed value replaces one a rulebook passage the card cites
    gives (a card list's row is no quote of the rules)."""
    if proposal.card is None:
        return []
    cited = cited_passages(CardSource.objects.filter(card=proposal.card, row__isnull=True))
    return [
        fact
        for fact in facts
        if fact in cited and current.get(fact) is not None and current[fact] != proposal.facts[fact]
    ]


def _locked(proposal: Proposal) -> Proposal:
    # Locked: two moderators deciding at once cannot both apply it.
    return (
        Proposal.objects.select_for_update(of=("self",))
        .select_related("card__game", "game", "proposer")
        .get(pk=proposal.pk)
    )


def _may_decide(proposal: Proposal, moderator: AbstractBaseUser) -> None:
    if not proposal.is_pending:
        raise ProposalRefused(_("O tej propozycji już zdecydowano."))
    if proposal.proposer_id == moderator.pk:
        raise ProposalRefused(_("Nie możesz rozpatrywać własnej propozycji."))


def _apply(proposal: Proposal, card: Card | None, chosen: list[str], moderator) -> Any:
    if card is None:
        name = proposal.facts["name"]
        slug = card_slug(name=name)
        if Card.objects.filter(game=proposal.game, slug=slug).exists():
            raise ProposalRefused(
                _("Karta o nazwie %(name)s już jest w katalogu.") % {"name": name}
            )
        card = Card(game=proposal.game, slug=slug, attributes={}, notes={})
    for fact in chosen:
        set_fact(card, fact, proposal.facts[fact])
    try:
        with recording_changeset(
            game=proposal.game,
            source=_source(proposal),
            author=moderator,
            proposer=proposal.proposer,
            comment=proposal.comment,
        ) as changeset:
            changeset.save(card)
    except ValidationError as error:
        raise ProposalRefused(
            _("Karta z tymi faktami łamie zasady gry: %(faults)s")
            % {"faults": describe_validation_error(error)}
        ) from error
    if proposal.card is None:
        proposal.card = card
    return changeset.changeset


def _publish_ruling(proposal: Proposal, moderator: AbstractBaseUser) -> Ruling:
    ruled_on = proposal.ruling.get("ruled_on")
    return Ruling.objects.create(
        card=proposal.card,
        question=proposal.ruling.get("question", ""),
        answer=proposal.ruling["answer"],
        source_kind=proposal.source_kind,
        source_document=proposal.source_document,
        source_page=proposal.source_page,
        ruled_on=date.fromisoformat(ruled_on) if ruled_on else None,
        proposer=proposal.proposer,
        approved_by=moderator,
    )


def _source(proposal: Proposal) -> Source:
    return Source(
        proposal.source_kind, proposal.source_document, proposal.source_page, proposal.source_note
    )


def _decided(proposal: Proposal, moderator: AbstractBaseUser, reason: str) -> None:
    proposal.decided_by = moderator
    proposal.decided = timezone.now()
    proposal.reason = reason
    proposal.decision_seen = False
    proposal.save()
    # E-mailed where the player gave an address ("My proposals" tells them anyway), once the
    # decision is committed, by the site's mail task.
    address = proposal.proposer.email
    if address:
        subject, body = decision_words(proposal)
        transaction.on_commit(lambda: send_email.enqueue(subject=subject, body=body, to=[address]))
