"""One JSON shape for every API error, and the serializers that document it."""

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiResponse
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import set_rollback


class Conflict(exceptions.APIException):
    """The deck was saved elsewhere; `current_version` tells the client where it stands now."""

    status_code = status.HTTP_409_CONFLICT
    default_detail = _("The deck was saved elsewhere since you read it.")
    default_code = "conflict"

    def __init__(self, current_version: int, detail=None):
        super().__init__(detail)
        self.current_version = current_version


class PayloadTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = _("The request body is too large.")
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
THROTTLED = _error("Too many requests; `Retry-After` says how many seconds to wait.")

# The errors any endpoint may give, whatever it does.
COMMON_ERRORS = {406: NOT_ACCEPTABLE, 429: THROTTLED}
READ_ERRORS = {400: BAD_REQUEST, 401: UNAUTHORIZED, 404: NOT_FOUND, **COMMON_ERRORS}
WRITE_ERRORS = {
    400: BAD_REQUEST,
    401: UNAUTHORIZED,
    403: FORBIDDEN,
    404: NOT_FOUND,
    413: TOO_LARGE,
    415: UNSUPPORTED,
    **COMMON_ERRORS,
}
