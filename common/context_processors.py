"""Give every template the site's name, which is the operator's and names no game."""

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import gettext as _


def site_name(request: HttpRequest) -> dict[str, str]:
    """Return the operator's SITE_NAME, or the translated default when none is set."""
    return {"site_name": settings.SITE_NAME or _("Baza kart")}
