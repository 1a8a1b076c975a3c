"""A player's collection through the API: their copies, a list pasted in, the want list, and
what a deck needs of them. Each belongs to its owner alone."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django_filters.rest_framework import DjangoFilterBackend
from rest_framework import exceptions, generics
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

import rules
from api import collection_serializers as words
from api import openapi
from api.filters import ApiDeckFilter
from api.pagination import PagePagination
from api.throttling import AnonThrottle, UserThrottle
from api.views.base import LanguageMixin
from api.views.catalogue import checked_slug
from cardbase.models import Card, Game
from decks.collection_forms import REPLACE
from decks.errors import DeckInputError
from decks.models import Deck, OwnedCard, WantedCard
from decks.selectors.access import deck_for_viewer, public_decks
from decks.selectors.buildable import decks_lacking, decks_within_reach
from decks.selectors.collection import deck_ownership, owned_cards, owned_counts, wanted_cards
from decks.services import collection as services
from decks.transfer.problems import ImportFailed
from decks.transfer.read_card_list import read_card_list


class CollectionMixin(LanguageMixin):
    permission_classes = [IsAuthenticated]
    throttle_classes = [AnonThrottle, UserThrottle]


def _game(slug: str) -> Game:
    if not rules.is_game(slug):
        raise exceptions.ValidationError({"game": [_("Unknown game: %(game)s.") % {"game": slug}]})
    return get_object_or_404(Game, slug=slug)


def _card(game: str, slug: str) -> Card:
    return get_object_or_404(
        Card.objects.select_related("game"), game__slug=checked_slug(game), slug=checked_slug(slug)
    )


def _asked_game(request) -> Game | None:
    """Return the game `?game=` names (a 400 for one the site has not), None without one."""
    slug = request.query_params.get("game")
    return _game(slug) if slug else None


@openapi.COLLECTION
class CollectionCards(CollectionMixin, generics.ListAPIView):
    """List your cards (of one game with `?game=`), or add a pasted list to them."""

    serializer_class = words.OwnedCardSerializer
    pagination_class = PagePagination

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return OwnedCard.objects.none()
        return owned_cards(owner=self.request.user, game=_asked_game(self.request))

    def post(self, request):
        given = words.CollectionImportSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        game = _game(given.validated_data["game"])
        try:
            read = read_card_list(given.validated_data["text"], game=game.slug)
            held = services.import_owned(
                owner=request.user,
                game=game,
                counts=read.counts,
                replace=given.validated_data["mode"] == REPLACE,
            )
        except ImportFailed as failed:
            lines = {}
            for problem in failed.problems:
                lines.setdefault(problem.line or 0, []).append(problem.message)
            raise exceptions.ValidationError({"text": lines}) from None
        except DeckInputError as error:
            raise exceptions.ValidationError({"text": [error.message]}) from None
        answer = {"game": game.slug, "read": len(read.counts), "held": held}
        return Response(words.CollectionImportedSerializer(answer).data)


@openapi.COLLECTION_CARD
class CollectionCard(CollectionMixin, APIView):
    """Read or set how many copies of one card you own."""

    def get(self, request, game, slug):
        card = _card(game, slug)
        count = owned_counts(user=request.user, card_ids=[card.pk]).get(card.pk, 0)
        return Response(words.CopiesSerializer({"count": count}).data)

    def put(self, request, game, slug):
        card = _card(game, slug)
        given = words.CopiesSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        count = services.set_owned(
            owner=request.user, card=card, count=given.validated_data["count"]
        )
        return Response(words.CopiesSerializer({"count": count}).data)


@openapi.WANTED
class WantedCards(CollectionMixin, generics.ListAPIView):
    """List your want list (of one game with `?game=`)."""

    serializer_class = words.WantedCardSerializer
    pagination_class = PagePagination

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return WantedCard.objects.none()
        return wanted_cards(owner=self.request.user, game=_asked_game(self.request))


@openapi.WANTED_CARD
class WantedCardCopies(CollectionMixin, APIView):
    """Set how many copies of one card you want (0 takes it off the list)."""

    def put(self, request, game, slug):
        card = _card(game, slug)
        given = words.CopiesSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        count = services.set_wanted(
            owner=request.user, card=card, count=given.validated_data["count"]
        )
        return Response(words.CopiesSerializer({"count": count}).data)


def _readable_deck(request, deck_id) -> Deck:
    try:
        return deck_for_viewer(deck_id=deck_id, user=request.user)
    except Deck.DoesNotExist:
        raise exceptions.NotFound() from None


@openapi.DECK_OWNERSHIP
class DeckOwnership(CollectionMixin, APIView):
    """Tell what a deck you may open needs of your collection, card by card."""

    def get(self, request, deck_id):
        ownership = deck_ownership(deck=_readable_deck(request, deck_id), user=request.user)
        answer = {
            "collecting": ownership.collecting,
            "complete": ownership.complete,
            "missing_copies": ownership.missing_copies,
            "cards": ownership.cards,
        }
        return Response(words.DeckOwnershipSerializer(answer).data)

    def post(self, request, deck_id):
        ownership = deck_ownership(deck=_readable_deck(request, deck_id), user=request.user)
        added = services.want_missing(owner=request.user, ownership=ownership)
        return Response(words.WantedAddedSerializer({"added": added}).data)


@openapi.DECKS_WITHIN_REACH
class DecksWithinReach(CollectionMixin, generics.ListAPIView):
    """List the public decks you can build from your cards, or lack at most N copies of."""

    serializer_class = words.DeckWithinReachSerializer
    pagination_class = PagePagination
    filter_backends = [DjangoFilterBackend]
    filterset_class = ApiDeckFilter

    def get_queryset(self):
        return public_decks()

    def list(self, request, *args, **kwargs):
        asked = words.ReachQuerySerializer(data=request.query_params)
        asked.is_valid(raise_exception=True)
        decks = self.filter_queryset(self.get_queryset())
        reach = decks_within_reach(
            decks=decks, user=request.user, most_missing=asked.validated_data["most_missing"]
        )
        page = decks_lacking(decks, self.paginate_queryset(reach))
        rows = [{"deck": deck, "missing": deck.missing} for deck in page]
        return self.get_paginated_response(self.get_serializer(rows, many=True).data)
