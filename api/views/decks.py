"""The decks' API views: list, create, read, change, delete, and a deck's or a contract's verdict."""

import uuid

from django.db import transaction
from django.utils.translation import gettext as _
from django_filters.rest_framework import DjangoFilterBackend
from rest_framework import exceptions, generics, status
from rest_framework.permissions import AllowAny, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

import rules
from api import errors, openapi, serializers
from api.conditional import ViewerETagMixin
from api.filters import ApiDeckFilter, parse_bool
from api.pagination import PagePagination
from api.selectors import with_cards
from api.throttling import AnonThrottle, ScopedThrottle, UserThrottle
from api.views.base import LanguageMixin
from decks.errors import DeckConflict, DeckInputError, unknown_folder
from decks.models import Deck, DeckFolder
from decks.selectors.access import (
    deck_for_owner,
    deck_for_viewer,
    decks_of,
    decks_readable_by,
    public_decks,
)
from decks.selectors.organising import folder_for_owner
from decks.selectors.verdict import deck_verdict
from decks.services.editing import deck_create, deck_delete, deck_update
from decks.services.organising import deck_organise


class ValidateView(LanguageMixin, APIView):
    """Validate a deck given in the rules contract; nothing is saved."""

    permission_classes = [AllowAny]
    throttle_classes = [AnonThrottle, UserThrottle, ScopedThrottle]
    throttle_scope = "validate"

    @openapi.VALIDATE
    def post(self, request):
        try:
            verdict = rules.validate_contract(request.data)
        except rules.DeckFormatError as exc:
            raise exceptions.ValidationError(
                # The rules word format errors in English only (their verdicts in both).
                {exc.path or "non_field_errors": [exc.message]}
            ) from None
        return Response(verdict.to_dict(request.lang))


class DeckMixin(LanguageMixin):
    """Shared deck plumbing: throttles, and the verdict in the request's language."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    def get_throttles(self):
        # Reads share the general limits; writes validate a whole deck, so they get their own.
        self.throttle_scope = "deck-write" if self.request.method not in ("GET", "HEAD") else ""
        return [
            AnonThrottle(),
            UserThrottle(),
            *([ScopedThrottle()] if self.throttle_scope else []),
        ]

    def get_serializer_context(self):
        context = super().get_serializer_context()
        lang = getattr(self.request, "lang", "pl")
        context["verdict"] = lambda deck: deck_verdict(deck, lang=lang)
        return context

    def deck_response(self, deck: Deck, status_code: int = status.HTTP_200_OK) -> Response:
        deck = with_cards(deck_for_owner(deck_id=deck.pk, user=self.request.user))
        return Response(
            serializers.DeckSerializer(deck, context=self.get_serializer_context()).data,
            status=status_code,
        )


def _is_uuid(value: str) -> bool:
    try:
        uuid.UUID(str(value))
    except ValueError:
        return False
    return True


def input_error(exc: DeckInputError) -> exceptions.ValidationError:
    """Return a service's refusal as the 400 naming its field."""
    return exceptions.ValidationError({exc.field or "non_field_errors": [exc.message]})


# The fields filing a deck (serializers.DeckOrganiseFields): the owner's, never a save of it.
ORGANISING = ("folder", "tags", "archived")


def _organising(data: dict, user) -> dict:
    """Take the filing fields out of `data`, `folder` as one of the user's own folders."""
    changes = {key: data.pop(key) for key in ORGANISING if key in data}
    if changes.get("folder") is not None:
        try:
            changes["folder"] = folder_for_owner(folder_id=changes["folder"], user=user)
        except DeckFolder.DoesNotExist:
            raise input_error(unknown_folder()) from None
    return changes


@openapi.DECK_LIST
class DeckList(DeckMixin, ViewerETagMixin, generics.ListCreateAPIView):
    """List public decks (or `?mine=1` your own) and create decks."""

    serializer_class = serializers.DeckSummarySerializer
    pagination_class = PagePagination
    filter_backends = [DjangoFilterBackend]
    filterset_class = ApiDeckFilter

    def get_queryset(self):
        mine = parse_bool("mine", self.request.query_params.get("mine"))
        if not mine:
            return public_decks()
        if not self.request.user.is_authenticated:
            raise exceptions.NotAuthenticated()
        return decks_of(user=self.request.user)

    def create(self, request, *args, **kwargs):
        data = dict(_valid(serializers.DeckCreateSerializer, request))
        organising = _organising(data, request.user)
        try:
            with transaction.atomic():
                deck = deck_organise(deck=deck_create(owner=request.user, **data), **organising)
        except DeckInputError as exc:
            raise input_error(exc) from None
        return self.deck_response(deck, status.HTTP_201_CREATED)


def _valid(serializer_class, request) -> dict:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


@openapi.DECK_DETAIL
class DeckDetail(DeckMixin, ViewerETagMixin, generics.GenericAPIView):
    """Read, change and delete one deck."""

    serializer_class = serializers.DeckSerializer
    http_method_names = ["get", "patch", "delete", "head", "options"]

    def get_object(self) -> Deck:
        user, deck_id = self.request.user, self.kwargs["deck_id"]
        if not _is_uuid(deck_id):
            raise exceptions.NotFound()
        try:
            if self.request.method in ("GET", "HEAD", "OPTIONS"):
                return deck_for_viewer(deck_id=deck_id, user=user)
            return deck_for_owner(deck_id=deck_id, user=user)
        except Deck.DoesNotExist:
            pass
        # Someone else's deck the user may see: refuse the write; a private one stays unknown.
        if decks_readable_by(user=user).filter(pk=deck_id):
            raise exceptions.PermissionDenied(_("Only the deck's owner may change it."))
        raise exceptions.NotFound()

    def get(self, request, deck_id):
        return Response(self.get_serializer(with_cards(self.get_object())).data)

    def patch(self, request, deck_id):
        deck = self.get_object()
        data = dict(_valid(serializers.DeckUpdateSerializer, request))
        version = data.pop("version")
        organising = _organising(data, request.user)
        try:
            with transaction.atomic():
                # Filing alone is no save of the deck: its version stays, and it never conflicts.
                if data:
                    deck = deck_update(deck=deck, expected_version=version, **data)
                deck = deck_organise(deck=deck, **organising)
        except DeckConflict as exc:
            raise errors.Conflict(exc.current_version) from None
        except DeckInputError as exc:
            raise input_error(exc) from None
        return self.deck_response(deck)

    def delete(self, request, deck_id):
        deck_delete(deck=self.get_object())
        return Response(status=status.HTTP_204_NO_CONTENT)


@openapi.DECK_VERDICT
class DeckVerdict(DeckMixin, APIView):
    """Return the rules' verdict on a deck the user may open."""

    permission_classes = [AllowAny]

    def get(self, request, deck_id):
        if not _is_uuid(deck_id):
            raise exceptions.NotFound()
        try:
            deck = deck_for_viewer(deck_id=deck_id, user=request.user)
        except Deck.DoesNotExist:
            raise exceptions.NotFound() from None
        return Response(deck_verdict(deck, lang=request.lang))
