"""A deck's picture, as it is and as each of its versions left it."""

from django.urls import path

from decks.views import images

urlpatterns = [
    path("<uuid:deck_id>/image.png", images.deck_image_png, name="deck-image"),
    path(
        "<uuid:deck_id>/versions/<int:number>/image.png",
        images.deck_version_image_png,
        name="deck-version-image",
    ),
]
