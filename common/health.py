"""Health probes for load balancers and monitors: /livez (the process answers) and /healthz."""

import logging
import secrets

from django.core.cache import cache
from django.db import connections
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

logger = logging.getLogger(__name__)

OK = "ok"
FAILED = "failed"


def database_failures() -> list[str]:
    """Return the alias of every configured database that does not answer a trivial query."""
    failed = []
    for alias in connections:
        try:
            with connections[alias].cursor() as cursor:
                cursor.execute("SELECT 1")
                cursor.fetchone()
        except Exception:
            # The log keeps the cause for the operator; the answer names only the alias.
            logger.exception("Health check: database %r does not answer", alias)
            failed.append(alias)
    return failed


def cache_works() -> bool:
    """Say whether the default cache stores a value and gives it back."""
    # A key of its own per check, so that concurrent probes never read each other's value.
    key = f"healthz:{secrets.token_hex(8)}"
    value = secrets.token_hex(8)
    try:
        cache.set(key, value, timeout=10)
        stored = cache.get(key)
        cache.delete(key)
    except Exception:
        logger.exception("Health check: the cache does not answer")
        return False
    if stored != value:
        logger.error("Health check: the cache did not give back the value just set")
        return False
    return True


@never_cache
@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    """Check every database and the cache; answer 200 when all work, 503 naming what failed."""
    failed_databases = database_failures()
    cache_ok = cache_works()
    body = {
        "status": OK if not failed_databases and cache_ok else FAILED,
        "database": OK if not failed_databases else FAILED,
        "cache": OK if cache_ok else FAILED,
    }
    if failed_databases:
        body["failed_databases"] = failed_databases
    return JsonResponse(body, status=200 if body["status"] == OK else 503)


@never_cache
@require_safe
def livez(request: HttpRequest) -> HttpResponse:
    """Answer that the process serves requests, touching neither the database nor the cache."""
    return HttpResponse("ok", content_type="text/plain")
