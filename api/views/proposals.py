"""Players' proposals through the API: list one's own (or, for a moderator, the queue), and
propose a card's facts, a new card or a ruling, with the same checks as the site."""

from django.utils.translation import gettext as _
from rest_framework import exceptions, generics, status
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

import rules
from api import openapi
from api.filters import parse_bool
from api.pagination import PagePagination
from api.parsers import LimitedJSONParser
from api.proposal_serializers import ProposalCreateSerializer, ProposalSerializer
from api.throttling import AnonThrottle, UserThrottle
from api.views.base import LanguageMixin
from api.views.catalogue import checked_slug
from cardbase.models import Card, Game
from proposals.models import Proposal
from proposals.selectors import MODERATE, moderation_queue, proposals_of
from proposals.services import ProposalRefused, ProposalSource, propose, propose_ruling

# How a refusal of the service answers: a barred player is forbidden, the day's share is a
# limit reached; anything else is the input's fault.
REFUSAL_STATUS = {"barred": status.HTTP_403_FORBIDDEN, "limit": status.HTTP_429_TOO_MANY_REQUESTS}


class Refused(exceptions.APIException):
    def __init__(self, refusal: ProposalRefused) -> None:
        self.status_code = REFUSAL_STATUS.get(refusal.code, status.HTTP_400_BAD_REQUEST)
        super().__init__(str(refusal), refusal.code)


@openapi.PROPOSAL_LIST
class ProposalList(LanguageMixin, generics.ListCreateAPIView):
    """List your proposals (or, as a moderator, `?queue=1`, those waiting) and make one."""

    permission_classes = [IsAuthenticated]
    serializer_class = ProposalSerializer
    pagination_class = PagePagination
    parser_classes = [LimitedJSONParser, MultiPartParser]
    throttle_classes = [AnonThrottle, UserThrottle]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # the schema, described with no user
            return Proposal.objects.none()
        if parse_bool("queue", self.request.query_params.get("queue")):
            if not self.request.user.has_perm(MODERATE):
                raise exceptions.PermissionDenied(_("Only moderators see the queue."))
            return moderation_queue()
        return proposals_of(self.request.user)

    def create(self, request, *args, **kwargs):
        if not hasattr(request.data, "get"):
            raise exceptions.ValidationError(
                {"non_field_errors": [_("Send an object of the proposal's fields.")]}
            )
        game, card = self._subject(request.data)
        serializer = ProposalCreateSerializer(
            data=request.data, context={"card": card, "schema": rules.get_game(game.slug).schema}
        )
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        photo = data.get("photo")
        source = ProposalSource(
            data["source_kind"],
            document=data.get("source_document", ""),
            page=data.get("source_page"),
            note=data.get("source_note", ""),
            image=photo.read() if photo else None,
        )
        try:
            proposal = self._propose(game, card, data, source)
        except ProposalRefused as refusal:
            raise Refused(refusal) from None
        return Response(ProposalSerializer(proposal).data, status=status.HTTP_201_CREATED)

    def _subject(self, data) -> tuple[Game, Card | None]:
        slug = checked_slug(str(data.get("game") or ""))
        game = Game.objects.filter(slug=slug).first() if rules.is_game(slug) else None
        if game is None:
            raise exceptions.ValidationError({"game": [_("No game has this id.")]})
        if not data.get("card"):
            return game, None
        card = Card.objects.filter(game=game, slug=str(data["card"])).select_related("game").first()
        if card is None:
            raise exceptions.ValidationError({"card": [_("No card of this game has this slug.")]})
        return game, card

    def _propose(
        self, game: Game, card: Card | None, data: dict, source: ProposalSource
    ) -> Proposal:
        if "answer" in data:
            return propose_ruling(
                proposer=self.request.user,
                card=card,
                question=data["question"],
                answer=data["answer"],
                ruled_on=data.get("ruled_on"),
                source=source,
            )
        return propose(
            proposer=self.request.user,
            game=game,
            card=card,
            name=data["name"],
            kind=data["kind"],
            text=data["text"],
            attributes=data["attributes"],
            source=source,
            comment=data.get("comment", ""),
        )
