"""Throttles that read their rates at request time, so settings (and tests) can change them."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from rest_framework import throttling
from rest_framework.settings import api_settings


class _LiveRates:
    @property
    def THROTTLE_RATES(self):  # noqa: N802 - the name DRF looks up
        return api_settings.DEFAULT_THROTTLE_RATES


class AnonThrottle(_LiveRates, throttling.AnonRateThrottle):
    """Limit anonymous clients by IP address (scope "anon")."""


class UserThrottle(_LiveRates, throttling.UserRateThrottle):
    """Limit signed-in clients by user (scope "user")."""


class ScopedThrottle(_LiveRates, throttling.ScopedRateThrottle):
    """Limit costly endpoints by their `throttle_scope` (validate, deck-write, token)."""


def throttled_message(wait: int | None) -> str:
    """Say, in the active language, how long a throttled client should wait."""
    # DRF's own text joins two catalogue entries and formats its plural before looking it up,
    # so it never finds a translation: a Polish request got half its message in English.
    if wait is None:
        return _("Too many requests; try again later.")
    return ngettext(
        "Too many requests; try again in %(seconds)d second.",
        "Too many requests; try again in %(seconds)d seconds.",
        wait,
    ) % {"seconds": wait}
