"""The API's JSON 404 for any address under /api/ that is no endpoint."""

from django.urls import Resolver404, resolve
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.permissions import AllowAny
from rest_framework.views import APIView

from api import openapi


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
