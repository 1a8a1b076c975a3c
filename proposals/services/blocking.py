"""A moderator bars a player from proposing, or lifts the bar."""

from django.contrib.auth.base_user import AbstractBaseUser

from proposals.models import ProposerBlock


def block_proposer(
    *, user: AbstractBaseUser, moderator: AbstractBaseUser, reason: str
) -> ProposerBlock:
    """Bar the player from proposing, with the reason they are shown."""
    block, _created = ProposerBlock.objects.update_or_create(
        user=user, defaults={"blocked_by": moderator, "reason": reason}
    )
    return block


def unblock_proposer(*, user: AbstractBaseUser) -> None:
    """Let the player propose again."""
    ProposerBlock.objects.filter(user=user).delete()
