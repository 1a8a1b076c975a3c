"""The site's own name, which is the operator's and names no game."""

from django.conf import settings
from django.utils.translation import gettext as _


def site_title() -> str:
    """Return the operator's SITE_NAME, or "Baza kart" in the active language when none is set."""
    return settings.SITE_NAME or _("Baza kart")
