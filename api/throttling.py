"""Throttles that read their rates at request time, so settings (and tests) can change them."""

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
