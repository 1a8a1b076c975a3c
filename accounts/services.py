"""Writes to accounts."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser


def user_sign_up(*, username: str, password: str, email: str = "") -> AbstractBaseUser:
    """Create a player's account; the sign-up form has already checked the values."""
    return get_user_model().objects.create_user(username=username, password=password, email=email)


def user_set_email(*, user: AbstractBaseUser, email: str) -> None:
    """Keep the address a forgotten password's link is sent to; empty removes it."""
    user.email = email
    user.save(update_fields=["email"])
