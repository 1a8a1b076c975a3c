"""Writes to accounts."""

import math
import time

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.cache import cache
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


PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
# What each action's limit is read from: a rate "N/second|minute|hour|day".
ADDRESS_LIMITS = {
    "sign-up": "SIGNUP_LIMIT_PER_ADDRESS",
    "password-reset": "PASSWORD_RESET_LIMIT_PER_ADDRESS",
}


def address_attempt(*, action: str, address: str) -> int:
    """Count one `action` from `address`; return 0 if it is allowed, else seconds to wait."""
    setting = ADDRESS_LIMITS[action]
    count_text, _, period_text = getattr(settings, setting).partition("/")
    try:
        limit, period = int(count_text), PERIODS[period_text.strip()[:1]]
    except (ValueError, KeyError):
        raise ValueError(f"{setting} must be N/second|minute|hour|day") from None
    now = time.time()
    # A fixed window per period: its number is in the key, so the count needs no expiry read.
    key = f"accounts:{action}:{address}:{int(now // period)}"
    cache.add(key, 0, timeout=period)
    try:
        count = cache.incr(key)
    except ValueError:  # the window's key expired between add and incr
        cache.add(key, 1, timeout=period)
        count = 1
    if count <= limit:
        return 0
    return max(1, math.ceil(period - now % period))
