"""A JSON parser with a size limit: DRF reads the body stream itself, past Django's own limit."""

import json
import os

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import JSONParser

# Bodies above this answer 413 before they are parsed (a deck is a few kB).
DEFAULT_MAX_BODY_BYTES = int(os.environ.get("API_MAX_BODY_BYTES", str(1024 * 1024)))


# Here, not in api.errors: DRF loads this parser from its settings while api.errors imports
# rest_framework.views, so the exception must not send that import back.
class PayloadTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = gettext_lazy("The request body is too large.")
    default_code = "too_large"


class LimitedJSONParser(JSONParser):
    """Parse a JSON body of at most API_MAX_BODY_BYTES; answer 413 above it, 400 if not JSON."""

    def parse(self, stream, media_type=None, parser_context=None):
        limit = getattr(settings, "API_MAX_BODY_BYTES", DEFAULT_MAX_BODY_BYTES)
        raw = stream.read(limit + 1) if stream is not None else b""
        if len(raw) > limit:
            raise PayloadTooLarge()
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            text = raw.decode(encoding)
        except (UnicodeDecodeError, LookupError):
            raise ParseError(
                _("The body is not %(encoding)s text.") % {"encoding": encoding}
            ) from None
        try:
            return json.loads(text, parse_constant=_refuse_constant)
        except json.JSONDecodeError as exc:
            raise ParseError(
                _("The body is not valid JSON: the fault is at line %(line)d, column %(column)d.")
                % {"line": exc.lineno, "column": exc.colno}
            ) from None
        except ValueError:  # NaN or Infinity, or an integer of more digits than Python reads
            raise ParseError(
                _(
                    "The body is not valid JSON: NaN, Infinity and integers of over 4300 digits "
                    "are not accepted."
                )
            ) from None
        except RecursionError:
            raise ParseError(_("The body is JSON nested too deep to read.")) from None


def _refuse_constant(name: str):
    # NaN and Infinity are not JSON; Python's parser would let them through.
    raise ValueError(f"{name} is not a JSON value")
