"""WSGI entry point (gunicorn cardbase.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardbase.settings")
application = get_wsgi_application()
