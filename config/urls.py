"""Site URLs."""

from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.templatetags.static import static as static_url
from django.urls import include, path

from config import health


def favicon(request: HttpRequest) -> HttpResponse:
    """Send a browser that asks for /favicon.ico by habit to the site's icon."""
    return redirect(static_url("favicon.ico"))


urlpatterns = [
    path("", include("cardbase.urls")),
    path("decks/", include("decks.urls")),
    path("accounts/", include("accounts.urls")),
    path("api/", include("api.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("favicon.ico", favicon, name="favicon"),
    path("healthz", health.healthz, name="healthz"),
    path("livez", health.livez, name="livez"),
]

if settings.DEBUG:
    urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)
