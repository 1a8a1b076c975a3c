"""Answer the addresses every site has: the icon a browser asks for by habit."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.templatetags.static import static


def favicon(request: HttpRequest) -> HttpResponse:
    """Send a browser that asks for /favicon.ico by habit to the site's icon."""
    return redirect(static("favicon.ico"))
