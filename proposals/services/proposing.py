"""A player proposes new facts for a card, or a new card, with the source they come from."""

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.core.files.base import ContentFile
from django.utils import timezone
from django.utils.translation import gettext as _

import rules
from cardbase import images
from cardbase.changesets.facts import changed_facts, facts_of, facts_of_card
from cardbase.language import page_lang
from cardbase.models import Card, Game, StoredFacts
from proposals.models import Proposal, ProposerBlock
from proposals.services.refusals import ProposalRefused


@dataclass(frozen=True)
class ProposalSource:
    """Where the proposed facts come from: a photo or scan (the file's bytes, under the size
    limit), a rulebook's page, or a printed product, with the proposer's words."""

    kind: str
    document: str = ""
    page: int | None = None
    note: str = ""
    image: bytes | None = None


def propose(
    *,
    proposer: AbstractBaseUser,
    game: Game,
    card: Card | None,
    name: str,
    kind: str,
    text: str,
    attributes: dict[str, Any],
    source: ProposalSource,
    comment: str = "",
) -> Proposal:
    """Record the facts given that differ from the card's now (every fact of a new card) as a
    proposal waiting for a moderator. A card's notes are the editors': never proposed."""
    refuse_barred(proposer)
    schema = rules.get_game(game.slug).schema
    current = facts_of_card(card) if card is not None else {}
    notes = dict(card.notes or {}) if card is not None else {}
    proposed = facts_of(StoredFacts(name, kind, text, attributes, notes), schema)
    changes = changed_facts(current, proposed)
    if not changes:
        raise ProposalRefused(_("Propozycja nie zmienia żadnego faktu karty."))
    proposal = Proposal(
        game=game,
        card=card,
        proposer=proposer,
        facts={fact: new for fact, _old, new in changes},
        base={fact: old for fact, old, _new in changes},
        comment=comment,
        source_kind=source.kind,
        source_document=source.document,
        source_page=source.page,
        source_note=source.note,
        lang=page_lang(),
    )
    if source.image is not None:
        proposal.source_image.save("photo.jpg", ContentFile(kept_photo(source.image)), save=False)
    proposal.save()
    return proposal


def propose_ruling(
    *,
    proposer: AbstractBaseUser,
    card: Card,
    question: str,
    answer: str,
    ruled_on: date | None,
    source: ProposalSource,
) -> Proposal:
    """Record a ruling on the card (a question and its answer, or a clarification when the
    question is blank) as a proposal waiting for a moderator."""
    refuse_barred(proposer)
    return Proposal.objects.create(
        game=card.game,
        card=card,
        proposer=proposer,
        subject=Proposal.Subject.RULING,
        ruling={
            "question": question,
            "answer": answer,
            "ruled_on": ruled_on.isoformat() if ruled_on else None,
        },
        source_kind=source.kind,
        source_document=source.document,
        source_page=source.page,
        source_note=source.note,
        lang=page_lang(),
    )


def kept_photo(data: bytes) -> bytes:
    """Return the photo as it is kept: only its pixels, drawn afresh; refuse what is not a
    safe image, saying why."""
    try:
        return images.reencoded(data)
    except images.InvalidImage as error:
        raise ProposalRefused(str(error)) from error


def refuse_barred(proposer: AbstractBaseUser) -> None:
    """Refuse a player a moderator barred, or one who made the day's share of proposals."""
    refusal = barred_because(proposer)
    if refusal is not None:
        raise refusal


def barred_because(proposer: AbstractBaseUser) -> ProposalRefused | None:
    """Return the refusal a player who may not propose now meets; None if they may."""
    block = ProposerBlock.objects.filter(user=proposer).first()
    if block is not None:
        return ProposalRefused(
            _("Moderator wstrzymał Twoje propozycje: %(reason)s") % {"reason": block.reason},
            code="barred",
        )
    limit = settings.PROPOSALS_PER_DAY
    since = timezone.now() - timedelta(days=1)
    if Proposal.objects.filter(proposer=proposer, created__gte=since).count() >= limit:
        return ProposalRefused(
            _("Na dziś to wszystko: najwyżej %(limit)d propozycji na dobę. Wróć jutro.")
            % {"limit": limit},
            code="limit",
        )
    return None
