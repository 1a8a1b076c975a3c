"""Why a proposal, or a decision on one, was refused."""


class ProposalRefused(Exception):
    """A proposal or decision refused; str() says why, in words for the person refused."""
