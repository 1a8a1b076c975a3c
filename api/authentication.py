"""The API's authentication: DRF's token and session, refusing what no database can look up."""

from django.conf import settings
from django.utils.translation import gettext as _
from drf_spectacular.authentication import SessionScheme
from rest_framework import exceptions
from rest_framework.authentication import SessionAuthentication as DrfSessionAuthentication
from rest_framework.authentication import TokenAuthentication as DrfTokenAuthentication

NUL = "\x00"


class TokenAuthentication(DrfTokenAuthentication):
    """`Authorization: Token <key>`; a key with a NUL is a wrong token (401), not a query."""

    def authenticate_credentials(self, key):
        if NUL in key:  # PostgreSQL cannot compare text holding NUL: it would be a 500
            # DRF's own message (and translation) for a token it does not know.
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        return super().authenticate_credentials(key)


class SessionAuthentication(DrfSessionAuthentication):
    """The site's session; a session cookie with a NUL is no session (anonymous)."""

    def authenticate(self, request):
        if NUL in request._request.COOKIES.get(settings.SESSION_COOKIE_NAME, ""):
            return None
        return super().authenticate(request)


class ApiSessionScheme(SessionScheme):
    """Document the session subclass as drf-spectacular documents DRF's own (`cookieAuth`)."""

    target_class = "api.authentication.SessionAuthentication"


AUTHENTICATION_CLASSES = [TokenAuthentication, SessionAuthentication]
