"""A game's whole catalogue in one download, as export_cards writes it (Scryfall's bulk data)."""

from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.permissions import AllowAny
from rest_framework.renderers import BaseRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

import rules
from api import openapi
from api.conditional import ETagMixin
from api.views.base import ApiViewMixin, JSONErrorsMixin, refuse_nul
from cardbase.catalogue_version import remembered
from cardbase.exports import export_cards
from rules.core import card_table


class CardTableRenderer(BaseRenderer):
    """Send the card table's text as it was written: the same bytes as export_cards."""

    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return data.encode(self.charset)


class CardTableJSONRenderer(CardTableRenderer):
    media_type, format = "application/json", card_table.JSON


class CardTableCSVRenderer(CardTableRenderer):
    media_type, format = "text/csv", card_table.CSV


@openapi.GAME_BULK
class GameBulk(JSONErrorsMixin, ApiViewMixin, ETagMixin, APIView):
    """Return every card of a game as the card table (JSON, or CSV with `?format=csv`)."""

    permission_classes = [AllowAny]
    http_method_names = ["get", "head"]
    renderer_classes = [CardTableJSONRenderer, CardTableCSVRenderer]

    def perform_content_negotiation(self, request, force=False):
        # DRF answers an unknown ?format= with a bare 404; say which formats there are (after
        # the NUL check every view makes, which would come later).
        refuse_nul(request.query_params)
        fmt = request.query_params.get("format")
        if fmt is not None and fmt not in card_table.FORMATS and not force:
            raise exceptions.ValidationError({"format": [_("Use json or csv.")]})
        return super().perform_content_negotiation(request, force)

    def get(self, request, game: str):
        if not rules.is_game(game):
            raise exceptions.NotFound(_("No game has this id; see /api/v1/games/."))
        fmt = request.accepted_renderer.format
        # Worked out once per catalogue version: every later download is the cached text.
        text = remembered(
            "card-table", game, fmt, compute=lambda: export_cards(game_slug=game, fmt=fmt)
        )
        response = Response(text)
        response["Content-Disposition"] = f'inline; filename="{game}.{fmt}"'
        return response
