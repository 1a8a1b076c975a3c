"""Writes of proposals: a player proposes, a moderator approves or rejects, or bars a player."""

from proposals.services.blocking import block_proposer, unblock_proposer
from proposals.services.deciding import approve_proposal, reject_proposal
from proposals.services.proposing import ProposalSource, barred_because, propose, propose_ruling
from proposals.services.refusals import ProposalRefused

__all__ = [
    "ProposalRefused",
    "ProposalSource",
    "approve_proposal",
    "barred_because",
    "block_proposer",
    "propose",
    "propose_ruling",
    "reject_proposal",
    "unblock_proposer",
]
