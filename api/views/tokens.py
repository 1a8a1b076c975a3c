"""The API view that hands a player their token."""

from rest_framework import exceptions
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.response import Response

from api import openapi
from api.parsers import LimitedJSONParser
from api.services import token_for
from api.throttling import AnonThrottle, ScopedThrottle, UserThrottle
from api.views.base import ApiViewMixin


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
