"""One JSON shape for every API error, and the serializers that document it."""

import functools
import logging

from django.conf import settings
from django.core import signals
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404, JsonResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import set_rollback

logger = logging.getLogger("django.request")


class Conflict(exceptions.APIException):
    """The deck was saved elsewhere; `current_version` tells the client where it stands now."""

    status_code = status.HTTP_409_CONFLICT
    default_detail = gettext_lazy("The deck was saved elsewhere since you read it.")
    default_code = "conflict"

    def __init__(self, current_version: int, detail=None):
        super().__init__(detail)
        self.current_version = current_version


class PayloadTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = gettext_lazy("The request body is too large.")
    default_code = "too_large"


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


def error_body(status_code: int, code: str, message: str, fields=None, **extra) -> dict:
    """Build the error envelope every endpoint answers with."""
    body = {"status": status_code, "code": code, "message": message, "fields": fields or {}}
    body.update(extra)
    return {"error": body}


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


class ErrorDetailSerializer(serializers.Serializer):
    status = serializers.IntegerField(help_text="The HTTP status, repeated.")
    code = serializers.CharField(help_text="A stable machine-readable code, e.g. `not_found`.")
    message = serializers.CharField(help_text="What is wrong, in words.")
    fields = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text="For 400: the faults by field path (`cards[2].count`).",
    )


class ErrorSerializer(serializers.Serializer):
    error = ErrorDetailSerializer()


class ConflictDetailSerializer(ErrorDetailSerializer):
    current_version = serializers.IntegerField(help_text="The deck's version now.")


class ConflictSerializer(serializers.Serializer):
    error = ConflictDetailSerializer()


class QueryErrorSerializer(serializers.Serializer):
    message = serializers.CharField()
    position = serializers.IntegerField(help_text="0-based offset of the fault in `q`.")
    expected = serializers.CharField()
    suggestions = serializers.ListField(child=serializers.CharField())
    display = serializers.CharField(help_text="The query with a caret under the fault.")


class BadRequestDetailSerializer(ErrorDetailSerializer):
    query = QueryErrorSerializer(required=False, help_text="Only for a `q` that does not parse.")


class BadRequestSerializer(serializers.Serializer):
    error = BadRequestDetailSerializer()


def _error(description: str, serializer=ErrorSerializer) -> OpenApiResponse:
    return OpenApiResponse(response=serializer, description=description)


BAD_REQUEST = _error("The input is invalid; `error.fields` names each fault.", BadRequestSerializer)
UNAUTHORIZED = _error("Credentials are missing or wrong (token or session).")
FORBIDDEN = _error("Signed in, but not allowed to do this (e.g. change another player's deck).")
NOT_FOUND = _error(
    "No such resource, a page past the end, or a private deck of another player (never revealed)."
)
CONFLICT = _error(
    "The deck was saved elsewhere; `error.current_version` is the version now.", ConflictSerializer
)
TOO_LARGE = _error("The request body is larger than the API accepts.")
UNSUPPORTED = _error("The body is not JSON (send Content-Type: application/json).")
NOT_ACCEPTABLE = _error("The Accept header asks for a format the API cannot produce.")
METHOD_NOT_ALLOWED = _error(
    "The endpoint does not take this HTTP method; the `Allow` header lists the ones it takes."
)
THROTTLED = _error(
    "Too many requests; the `Retry-After` header says how many seconds to wait. Limits are per "
    "client: anonymous requests per IP address, signed-in ones per player, with stricter limits "
    "for validating, writing decks and getting a token (see docs/api.md, Throttling)."
)
NOT_MODIFIED = OpenApiResponse(
    description=(
        "Not Modified: the `If-None-Match` header holds the current `ETag`, so the copy the "
        "client has is still good. No body."
    )
)

# The errors any endpoint may give, whatever it does.
COMMON_ERRORS = {405: METHOD_NOT_ALLOWED, 406: NOT_ACCEPTABLE, 429: THROTTLED}
READ_ERRORS = {400: BAD_REQUEST, 401: UNAUTHORIZED, 404: NOT_FOUND, **COMMON_ERRORS}
# Catalogue reads also answer a matching If-None-Match with 304 (see CONDITIONAL_GET).
CATALOGUE_READ_RESPONSES = {304: NOT_MODIFIED, **READ_ERRORS}
WRITE_ERRORS = {
    400: BAD_REQUEST,
    401: UNAUTHORIZED,
    403: FORBIDDEN,
    404: NOT_FOUND,
    413: TOO_LARGE,
    415: UNSUPPORTED,
    **COMMON_ERRORS,
}

# Headers the schema documents on every operation and on catalogue reads.
COMMON_HEADERS = [
    OpenApiParameter(
        "Retry-After",
        OpenApiTypes.INT,
        OpenApiParameter.HEADER,
        response=[429],
        required=True,
        description="Seconds to wait before the next request is let through.",
    ),
    OpenApiParameter(
        "Allow",
        OpenApiTypes.STR,
        OpenApiParameter.HEADER,
        response=[405],
        required=True,
        description="The HTTP methods the endpoint takes, e.g. `GET, HEAD, OPTIONS`.",
    ),
    OpenApiParameter(
        "Accept-Language",
        OpenApiTypes.STR,
        OpenApiParameter.HEADER,
        description=(
            "The language of the error messages (and, without `lang`, of the rule messages): "
            "Polish (`pl`, the default) or English (`en`). The site's language cookie, if set, "
            "comes first."
        ),
    ),
]
CONDITIONAL_GET = [
    OpenApiParameter(
        "If-None-Match",
        OpenApiTypes.STR,
        OpenApiParameter.HEADER,
        description=(
            "An `ETag` from an earlier answer (or several, comma-separated, or `*`). If the answer "
            "would carry the same tag, it is `304 Not Modified` with no body."
        ),
    ),
    OpenApiParameter(
        "ETag",
        OpenApiTypes.STR,
        OpenApiParameter.HEADER,
        response=[200, 304],
        required=True,
        description=(
            "A tag of the body (a hash of it, quoted). Send it back as `If-None-Match` to be "
            "answered 304 while nothing changed."
        ),
    ),
    OpenApiParameter(
        "Vary",
        OpenApiTypes.STR,
        OpenApiParameter.HEADER,
        response=[200],
        required=True,
        description="The body depends on `Accept` and `Accept-Language`; caches key on both.",
    ),
]
