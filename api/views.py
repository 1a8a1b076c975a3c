"""REST API v1: thin views over the catalogue and deck selectors and services.

Their OpenAPI declarations are in api.openapi.
"""

import uuid

from csp.constants import NONCE, SELF, UNSAFE_INLINE
from django.core.validators import slug_re
from django.http import HttpResponsePermanentRedirect
from django.urls import Resolver404, resolve, reverse
from django.utils import translation
from django.utils.decorators import method_decorator
from django.utils.translation import gettext as _
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)
from rest_framework import exceptions, generics, status
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.permissions import AllowAny, IsAuthenticatedOrReadOnly
from rest_framework.renderers import BrowsableAPIRenderer, JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

import rules
from api import errors, game_serializers, openapi, serializers
from api.authentication import AUTHENTICATION_CLASSES
from api.cache import CachedAnswerMixin
from api.conditional import ETagMixin, ViewerETagMixin
from api.filters import ApiCardFilter, ApiDeckFilter, EditionFilter, parse_bool
from api.pagination import PagePagination
from api.parsers import LimitedJSONParser
from api.schema import ApiAutoSchema
from api.selectors import cards_for_api, with_cards
from api.services import token_for
from api.throttling import AnonThrottle, ScopedThrottle, UserThrottle
from cardbase.models import Edition
from cardbase.selectors.card_page import card_by_slug, card_moved_from
from common.csp import widen_policy
from decks.errors import DeckConflict, DeckInputError
from decks.models import Deck
from decks.selectors.access import (
    deck_for_owner,
    deck_for_viewer,
    decks_of,
    decks_readable_by,
    public_decks,
)
from decks.selectors.verdict import deck_verdict
from decks.services.editing import deck_create, deck_delete, deck_update

LANGS = openapi.LANGS
SLUG_MAX = 120  # Card.slug's max_length


def refuse_nul(params) -> None:
    """Answer 400 naming every query parameter whose name or value holds a NUL character.

    No text with NUL can match anything (PostgreSQL cannot even store it), so it is refused
    before any filter, slug or search sees it.
    """
    faulty = {
        name: [_("The value must not contain a NUL character (%(nul)s).") % {"nul": "%00"}]
        for name, values in params.lists()
        if "\x00" in name or any("\x00" in value for value in values)
    }
    if faulty:
        raise exceptions.ValidationError(faulty)


# DRF's browsable API lays its buttons out with style="…" attributes, and its code colours come in
# a <style> block, given the response's nonce (templates/rest_framework/api.html).
BROWSABLE_API_POLICY = {"style-src": [SELF, NONCE], "style-src-attr": [UNSAFE_INLINE]}


class ApiViewMixin:
    """What every API view shares: its schema class, its authentication, no NUL in the query."""

    schema = ApiAutoSchema()
    authentication_classes = AUTHENTICATION_CLASSES

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        refuse_nul(request.query_params)

    def finalize_response(self, request, response, *args, **kwargs):
        finalize = super().finalize_response
        if isinstance(getattr(request, "accepted_renderer", None), BrowsableAPIRenderer):
            finalize = widen_policy(BROWSABLE_API_POLICY)(finalize)
        return finalize(request, response, *args, **kwargs)


class LanguageMixin(ApiViewMixin):
    """Pick the message language from ?lang=, else Accept-Language (the site's default: pl)."""

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        lang = request.query_params.get("lang")
        if lang is None:
            lang = translation.get_language_from_request(request)
        if lang not in LANGS:
            raise exceptions.ValidationError(
                {"lang": [_("Expected one of: %(values)s.") % {"values": ", ".join(LANGS)}]}
            )
        translation.activate(lang)
        request.lang = lang


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

    def get_queryset(self):
        return cards_for_api()


@openapi.CARD_DETAIL
class CardDetail(ApiViewMixin, CachedAnswerMixin, generics.RetrieveAPIView):
    """Return one card with its sources and printings."""

    permission_classes = [AllowAny]
    serializer_class = serializers.CardSerializer

    def get_object(self):
        game, slug = self.kwargs["game"], self.kwargs["slug"]
        return card_by_slug(game=checked_slug(game), slug=checked_slug(slug))


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


def _input_error(exc: DeckInputError) -> exceptions.ValidationError:
    return exceptions.ValidationError({exc.field or "non_field_errors": [exc.message]})


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
        data = _valid(serializers.DeckCreateSerializer, request)
        try:
            deck = deck_create(owner=request.user, **data)
        except DeckInputError as exc:
            raise _input_error(exc) from None
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
        try:
            deck = deck_update(deck=deck, expected_version=data.pop("version"), **data)
        except DeckConflict as exc:
            raise errors.Conflict(exc.current_version) from None
        except DeckInputError as exc:
            raise _input_error(exc) from None
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


@openapi.TOKEN
class TokenView(ApiViewMixin, ObtainAuthToken):
    """Return the user's API token."""

    parser_classes = [LimitedJSONParser]
    throttle_classes = [AnonThrottle, UserThrottle, ScopedThrottle]
    throttle_scope = "token"

    def post(self, request, *args, **kwargs):
        serializer = self.get_serializer(data=request.data)
        if not serializer.is_valid():
            # django-axes marks a locked-out login on the request it was given, DRF's; its
            # middleware, which answers the lockout, reads Django's.
            if getattr(request, "axes_locked_out", False):
                request._request.axes_locked_out = True
            raise exceptions.ValidationError(serializer.errors)
        return Response({"token": token_for(serializer.validated_data["user"])})


@openapi.EXCLUDED
class NotFoundView(APIView):
    """Answer any address under /api/ that is not an endpoint with the JSON 404."""

    permission_classes = [AllowAny]
    authentication_classes = []  # a wrong token must not turn "no such address" into a 401
    throttle_classes = []

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        if not request.path_info.endswith("/") and _is_endpoint(f"{request.path_info}/"):
            raise exceptions.NotFound(
                _("No such API endpoint; did you mean %(path)s/ (with the slash at the end)?")
                % {"path": request.path}
            )
        raise exceptions.NotFound(_("No such API endpoint; see /api/docs/."))


def _is_endpoint(path: str) -> bool:
    try:
        match = resolve(path)
    except Resolver404:
        return False
    return getattr(match.func, "cls", None) is not NotFoundView


class DocsMixin(ApiViewMixin):
    """The schema and the docs pages: GET only, and their errors in the API's JSON.

    drf-spectacular's views render whatever they answer with their own renderer (YAML, or a
    template), so an error would come as YAML, or, needing a template they do not have, as a 500
    (OPTIONS did).
    """

    http_method_names = ["get", "head"]

    def handle_exception(self, exc):
        response = super().handle_exception(exc)
        self.request.accepted_renderer = JSONRenderer()
        self.request.accepted_media_type = JSONRenderer.media_type
        return response


class SchemaView(DocsMixin, SpectacularAPIView):
    """The OpenAPI schema (YAML, `?format=json` for JSON)."""


# Both viewers draw their icons as data: images. Redoc's bundle writes <style> elements as it
# loads, before any nonce could reach it, so its page alone allows inline styles (its scripts stay
# the site's own files); its search runs in a blob: worker.
SWAGGER_POLICY = {"img-src": [SELF, "data:"]}
REDOC_POLICY = {
    "img-src": [SELF, "data:"],
    "style-src": [SELF, UNSAFE_INLINE],
    "worker-src": [SELF, "blob:"],
}


# The split view serves its start-up script from `?script`, so the page runs no inline script.
@method_decorator(widen_policy(SWAGGER_POLICY), name="dispatch")
class SwaggerView(DocsMixin, SpectacularSwaggerSplitView):
    """Swagger UI, served from the site (no CDN)."""

    template_name = "api/swagger_ui.html"


@method_decorator(widen_policy(REDOC_POLICY), name="dispatch")
class RedocView(DocsMixin, SpectacularRedocView):
    """Redoc, served from the site (no CDN)."""
