"""Give every template the site's name, which is the operator's and names no game."""

from django.http import HttpRequest

from common.site_name import site_title


def site_name(request: HttpRequest) -> dict[str, str]:
    """Return the operator's SITE_NAME, or the translated default when none is set."""
    return {"site_name": site_title()}
