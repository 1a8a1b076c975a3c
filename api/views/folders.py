"""A player's folders of decks through the API: list, create, read, rename, delete; their own only."""

from rest_framework import exceptions, generics, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from api import openapi
from api.conditional import ViewerETagMixin
from api.folder_serializers import FolderSerializer, FolderWriteSerializer
from api.pagination import PagePagination
from api.throttling import AnonThrottle, ScopedThrottle, UserThrottle
from api.views.base import LanguageMixin
from api.views.decks import input_error
from decks.errors import DeckInputError
from decks.models import DeckFolder
from decks.selectors.organising import folder_for_owner, folders_of
from decks.services import organising


class FolderMixin(LanguageMixin, ViewerETagMixin):
    """Signed-in players only; writes share the deck writes' limit."""

    permission_classes = [IsAuthenticated]

    def get_throttles(self):
        self.throttle_scope = "deck-write" if self.request.method not in ("GET", "HEAD") else ""
        return [
            AnonThrottle(),
            UserThrottle(),
            *([ScopedThrottle()] if self.throttle_scope else []),
        ]

    def folder_response(self, folder: DeckFolder, status_code: int = status.HTTP_200_OK):
        # Read again for its deck count.
        folder = folder_for_owner(folder_id=folder.pk, user=self.request.user)
        return Response(FolderSerializer(folder).data, status=status_code)


def _name(request) -> str:
    serializer = FolderWriteSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data["name"]


@openapi.FOLDER_LIST
class FolderList(FolderMixin, generics.ListCreateAPIView):
    """List your folders by name, and make one."""

    serializer_class = FolderSerializer
    pagination_class = PagePagination

    def get_queryset(self):
        return folders_of(user=self.request.user)

    def create(self, request, *args, **kwargs):
        try:
            folder = organising.folder_create(owner=request.user, name=_name(request))
        except DeckInputError as exc:
            raise input_error(exc) from None
        return self.folder_response(folder, status.HTTP_201_CREATED)


@openapi.FOLDER_DETAIL
class FolderDetail(FolderMixin, generics.GenericAPIView):
    """Read, rename and delete one of your folders."""

    serializer_class = FolderSerializer
    http_method_names = ["get", "patch", "delete", "head", "options"]

    def get_object(self) -> DeckFolder:
        raw = self.kwargs["folder_id"]
        # Anything but a whole number is no folder; another player's folder is as absent.
        if not (raw.isascii() and raw.isdigit() and len(raw) <= 19):
            raise exceptions.NotFound()
        try:
            return folder_for_owner(folder_id=int(raw), user=self.request.user)
        except DeckFolder.DoesNotExist:
            raise exceptions.NotFound() from None

    def get(self, request, folder_id):
        return Response(self.get_serializer(self.get_object()).data)

    def patch(self, request, folder_id):
        folder = self.get_object()
        try:
            organising.folder_rename(folder=folder, name=_name(request))
        except DeckInputError as exc:
            raise input_error(exc) from None
        return self.folder_response(folder)

    def delete(self, request, folder_id):
        organising.folder_delete(folder=self.get_object())
        return Response(status=status.HTTP_204_NO_CONTENT)
