"""Why a proposal, or a decision on one, was refused."""


class ProposalRefused(Exception):
    """A proposal or decision refused; str() says why, in words for the person refused, and
    `code` names the reason for a program ("barred", "limit", "refused")."""

    def __init__(self, message: str, code: str = "refused") -> None:
        super().__init__(message)
        self.code = code
