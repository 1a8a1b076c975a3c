"""The client's address, read as the API's throttles read it."""

from django.http import HttpRequest
from rest_framework.throttling import BaseThrottle


def client_address(request: HttpRequest) -> str:
    """Return the client's IP address, trusting as many proxies as API_NUM_PROXIES says."""
    # DRF's reading, so the login lockout, the sign-up limit and the API's throttles never
    # disagree on who the client is (0 proxies: REMOTE_ADDR alone, nothing to spoof).
    return BaseThrottle().get_ident(request) or ""
