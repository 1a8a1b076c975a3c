"""The API's comparison of two decks, or of two versions of decks."""

from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from api import compare_serializers, openapi
from api.views.decks import DeckMixin
from decks.selectors import compare


def _not_found(error: compare.NotComparable) -> exceptions.NotFound:
    """Word why a side cannot be compared, telling a private deck no more than a missing one."""
    if isinstance(error, compare.VersionNotFound):
        return exceptions.NotFound(
            _("Deck %(side)s has no version %(number)s, or you may not see it.")
            % {"side": error.side, "number": error.number}
        )
    return exceptions.NotFound(
        _("No deck %(side)s: there is no such deck, or it is private.") % {"side": error.side}
    )


@openapi.DECK_COMPARE
class DeckCompare(DeckMixin, APIView):
    """Compare two decks, or versions of decks, the user may see."""

    permission_classes = [AllowAny]

    def get(self, request):
        query = compare_serializers.CompareQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        data = query.validated_data
        try:
            comparison = compare.compare_decks(
                a=data["a"],
                b=data["b"],
                a_version=data.get("av"),
                b_version=data.get("bv"),
                user=request.user,
                lang=request.lang,
            )
        except compare.NotComparable as error:
            raise _not_found(error) from None
        answer = compare_serializers.ComparisonSerializer(comparison, context={"request": request})
        return Response(answer.data)
