"""The site-wide addresses: the health probes and the browser's habitual icon."""

from django.urls import path

from common import health, views

urlpatterns = [
    path("favicon.ico", views.favicon, name="favicon"),
    path("healthz", health.healthz, name="healthz"),
    path("livez", health.livez, name="livez"),
]
