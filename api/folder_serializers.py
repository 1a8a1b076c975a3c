"""The API's representations of a player's folders of decks."""

from rest_framework import serializers

from decks import organise_inputs
from decks.errors import DeckInputError
from decks.limits import FOLDER_NAME_MAX
from decks.models import DeckFolder


class FolderSerializer(serializers.ModelSerializer):
    """One of your folders: its decks carry its id as `folder`."""

    deck_count = serializers.IntegerField(
        read_only=True, help_text="Your decks in the folder, the archived ones left out."
    )

    class Meta:
        model = DeckFolder
        fields = ["id", "name", "deck_count", "created"]
        read_only_fields = fields


class FolderWriteSerializer(serializers.Serializer):
    name = serializers.CharField(
        max_length=FOLDER_NAME_MAX,
        help_text=f"Up to {FOLDER_NAME_MAX} characters, trimmed; unique among your folders, "
        "ignoring case.",
    )

    def validate_name(self, value: str) -> str:
        try:
            return organise_inputs.folder_name(value)
        except DeckInputError as error:
            raise serializers.ValidationError(error.message) from None
