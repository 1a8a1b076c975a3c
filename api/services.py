"""Writes the API makes of its own: API tokens."""

from django.contrib.auth.models import AbstractBaseUser
from rest_framework.authtoken.models import Token


def token_for(user: AbstractBaseUser) -> str:
    """Return the user's API token, creating it on first use."""
    return Token.objects.get_or_create(user=user)[0].key
