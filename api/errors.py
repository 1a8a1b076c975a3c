"""One JSON shape for every API error: the exception handler and the JSON 500.

The OpenAPI description of that shape (serializers, responses, headers) is api.errors_schema.
"""

import functools
import logging

from django.conf import settings
from django.core import signals
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404, JsonResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import set_rollback

from api.envelope import error_body
from api.throttling import throttled_message

logger = logging.getLogger("django.request")


class Conflict(exceptions.APIException):
    """The deck was saved elsewhere; `current_version` tells the client where it stands now."""

    status_code = status.HTTP_409_CONFLICT
    default_detail = gettext_lazy("The deck was saved elsewhere since you read it.")
    default_code = "conflict"

    def __init__(self, current_version: int, detail=None):
        super().__init__(detail)
        self.current_version = current_version


def _flatten(detail) -> list[str]:
    if isinstance(detail, dict):
        return [text for value in detail.values() for text in _flatten(value)]
    if isinstance(detail, list):
        return [text for value in detail for text in _flatten(value)]
    return [str(detail)]


def _fields(detail, prefix: str = "") -> dict[str, list[str]]:
    """Flatten nested validation errors to {"cards[2].count": ["…"]}."""
    if isinstance(detail, dict):
        out: dict[str, list[str]] = {}
        for key, value in detail.items():
            if isinstance(key, int) or str(key).isdigit():
                path = f"{prefix}[{key}]"  # an item of a list of objects
            elif key in ("non_field_errors", "detail") and prefix:
                path = prefix
            else:
                path = f"{prefix}.{key}" if prefix else str(key)
            out.update(_fields(value, path))
        return out
    if isinstance(detail, list) and any(isinstance(item, dict | list) for item in detail):
        out = {}
        for index, item in enumerate(detail):
            out.update(_fields(item, f"{prefix}[{index}]"))
        return out
    return {prefix or "non_field_errors": _flatten(detail)} if _flatten(detail) else {}


def exception_handler(exc, context):
    """Answer every DRF and Django error with the JSON error envelope."""
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    if not isinstance(exc, exceptions.APIException):
        return None  # a bug: let Django log it and answer 500
    headers = {}
    if getattr(exc, "auth_header", None):
        headers["WWW-Authenticate"] = exc.auth_header
    if getattr(exc, "wait", None):
        headers["Retry-After"] = f"{int(exc.wait)}"
    extra = {}
    if isinstance(exc, exceptions.ValidationError):
        fields = _fields(exc.detail)
        message = " ".join(
            f"{name}: {' '.join(texts)}" if name != "non_field_errors" else " ".join(texts)
            for name, texts in fields.items()
        )
        code = "invalid"
    else:
        fields = {}
        if isinstance(exc, exceptions.Throttled):
            message = throttled_message(exc.wait)
        else:
            message = " ".join(_flatten(exc.detail))
        codes = exc.get_codes()
        code = codes if isinstance(codes, str) else exc.default_code
    if isinstance(exc, Conflict):
        extra["current_version"] = exc.current_version
    if getattr(exc, "query", None) is not None:
        fields = {"q": [message]}
        extra["query"] = exc.query
    set_rollback()
    return Response(
        error_body(exc.status_code, code, message, fields, **extra),
        status=exc.status_code,
        headers=headers,
    )


def server_error(request) -> JsonResponse:
    """The JSON 500: what an API request gets if a bug slips through (it should never happen)."""
    message = _("Something went wrong on the server; the error has been logged.")
    return JsonResponse(error_body(500, "server_error", message), status=500)


def json_errors(view):
    """Wrap an API view so that an exception nothing else handled answers the JSON 500.

    DRF turns the errors it knows into the envelope; this catches the rest (a bug, a database
    error), including those raised while the response is rendered, and reports it the way
    Django does: the `got_request_exception` signal and the `django.request` log.
    """

    @functools.wraps(view)
    def wrapped(request, *args, **kwargs):
        try:
            response = view(request, *args, **kwargs)
            if callable(getattr(response, "render", None)):
                response = response.render()
            return response
        except Exception:
            if settings.DEBUG_PROPAGATE_EXCEPTIONS:
                raise
            signals.got_request_exception.send(sender=None, request=request)
            logger.error(
                "Internal Server Error: %s",
                request.path,
                exc_info=True,
                extra={"status_code": 500, "request": request},
            )
            set_rollback()
            return server_error(request)

    return wrapped
