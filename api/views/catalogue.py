"""The catalogue's API views: games, editions and cards."""

from django.core.validators import slug_re
from django.http import HttpResponsePermanentRedirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django_filters.rest_framework import DjangoFilterBackend
from rest_framework import exceptions, generics
from rest_framework.permissions import AllowAny
from rest_framework.views import APIView

import rules
from api import game_serializers, openapi, serializers
from api.cache import CachedAnswerMixin
from api.conditional import ETagMixin
from api.filters import ApiCardFilter, EditionFilter
from api.pagination import PagePagination
from api.proposal_serializers import CardDetailSerializer
from api.selectors import cards_for_api
from api.views.base import ApiViewMixin
from cardbase import ownership
from cardbase.models import Edition
from cardbase.selectors.card_page import card_by_slug, card_moved_from, with_rulings

SLUG_MAX = 120  # Card.slug's max_length


class CatalogueView(ApiViewMixin, CachedAnswerMixin, generics.ListAPIView):
    """A paginated catalogue list, tagged for conditional GET."""

    permission_classes = [AllowAny]
    pagination_class = PagePagination


@openapi.GAME_LIST
class GameList(CatalogueView):
    """List the registered games with what each declares."""

    serializer_class = game_serializers.GameSerializer
    filter_backends = []  # the declarations are no queryset to filter

    def answer_version(self) -> None:
        """Cache nothing: the declarations are code, read with no query (tagged by their body)."""
        return None

    def get_queryset(self):
        return rules.all_games()


@openapi.GAME_DETAIL
class GameDetail(ApiViewMixin, ETagMixin, generics.RetrieveAPIView):
    """Return one registered game with what it declares."""

    permission_classes = [AllowAny]
    serializer_class = game_serializers.GameSerializer

    def get_object(self):
        try:
            return rules.get_game(self.kwargs["game"])
        except rules.DeckFormatError:
            raise exceptions.NotFound(_("No game has this id; see /api/v1/games/.")) from None


@openapi.EDITION_LIST
class EditionList(CatalogueView):
    """List the published editions, oldest first."""

    serializer_class = serializers.EditionSerializer
    filter_backends = [DjangoFilterBackend]
    filterset_class = EditionFilter
    queryset = Edition.objects.select_related("game").order_by("game", "released", "name", "pk")


@openapi.CARD_LIST
class CardList(CatalogueView):
    """Filter, sort and paginate the catalogue."""

    serializer_class = serializers.CardSerializer
    filter_backends = [DjangoFilterBackend]
    filterset_class = ApiCardFilter

    def answer_version(self) -> str | None:
        """Return the catalogue's version, and a signed-in caller's own with their collection's:
        `collection` and `mam>=2` answer by their copies, never by another's."""
        version = super().answer_version()
        stamp = ownership.viewer_stamp(self.request.user)
        return f"{version}:{self.request.user.pk}:{stamp}" if version and stamp else version

    def get_queryset(self):
        return cards_for_api()


@openapi.CARD_DETAIL
class CardDetail(ApiViewMixin, CachedAnswerMixin, generics.RetrieveAPIView):
    """Return one card with its sources, printings, rulings and each fact's provenance."""

    permission_classes = [AllowAny]
    serializer_class = CardDetailSerializer

    def get_object(self):
        game, slug = self.kwargs["game"], self.kwargs["slug"]
        return with_rulings(card_by_slug(game=checked_slug(game), slug=checked_slug(slug)))


@openapi.EXCLUDED
class CardMoved(ApiViewMixin, APIView):
    """Send /api/v1/cards/<slug>/ to the card's address with its game, for good (301)."""

    permission_classes = [AllowAny]

    def get(self, request, slug: str):
        card = card_moved_from(slug=checked_slug(slug))
        path = reverse("api:v1:card-detail", kwargs={"game": card.game.slug, "slug": card.slug})
        query = request.META.get("QUERY_STRING")
        return HttpResponsePermanentRedirect(f"{path}?{query}" if query else path)


def checked_slug(slug: str) -> str:
    """Return `slug`; a value that is no slug (a NUL, a slash, a space…) is a 404 at once."""
    if len(slug) > SLUG_MAX or not slug_re.match(slug):
        raise exceptions.NotFound(_("No card has this slug."))
    return slug
