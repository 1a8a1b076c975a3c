"""Writes to accounts."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction


def user_sign_up(*, username: str, password: str, email: str = "") -> AbstractBaseUser:
    """Create a player's account; the sign-up form has already checked the values.

    Raises ValidationError({"username": …}), the form's own "taken" answer, when another
    sign-up took the name between the form's check and this insert.
    """
    model = get_user_model()
    try:
        # Its own atomic block, so a refused insert leaves any surrounding transaction usable.
        with transaction.atomic():
            return model.objects.create_user(username=username, password=password, email=email)
    except IntegrityError:
        if not model.objects.filter(username=username).exists():
            raise  # another constraint failed: a bug, not a taken name
        raise ValidationError(
            {"username": model().unique_error_message(model, ["username"])}
        ) from None


def user_set_email(*, user: AbstractBaseUser, email: str) -> None:
    """Keep the address a forgotten password's link is sent to; empty removes it."""
    user.email = email
    user.save(update_fields=["email"])
