"""The OpenAPI description of the API's errors: the envelope, the responses and the headers.

What the API answers is api.errors; this says it in the schema, for every operation.
"""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import serializers


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
# Catalogue and deck reads also answer a matching If-None-Match with 304 (see CONDITIONAL_GET).
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
        description=(
            "The body depends on `Accept` and `Accept-Language` (a deck's also on who asks: "
            "`Authorization`, `Cookie`); caches key on them."
        ),
    ),
]
