"""Request guards that run before Django reads the database."""

import re

from django.conf import settings

# Django makes session keys of lower-case letters and digits; anything else is a forged cookie.
SESSION_KEY = re.compile(r"[a-z0-9]{8,64}")


class DropForgedSessionCookieMiddleware:
    """Treat a session cookie that no session could have as no cookie at all.

    PostgreSQL refuses a NUL byte in a query, so a forged cookie would otherwise reach the
    session lookup and answer a 500 instead of treating the visitor as signed out.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        key = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
        if key is not None and not SESSION_KEY.fullmatch(key):
            del request.COOKIES[settings.SESSION_COOKIE_NAME]
        return self.get_response(request)
