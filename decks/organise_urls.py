"""Filing one's own decks: folders, a deck's folder and tags, the archive."""

from django.urls import path

from decks.views import organise

urlpatterns = [
    path("mine/folders/", organise.folder_create, name="folder-create"),
    path("mine/folders/<int:folder_id>/rename/", organise.folder_rename, name="folder-rename"),
    path("mine/folders/<int:folder_id>/delete/", organise.folder_delete, name="folder-delete"),
    path("<uuid:deck_id>/folder/", organise.deck_file, name="deck-file"),
    path("<uuid:deck_id>/tags/", organise.deck_tags, name="deck-tags"),
    path("<uuid:deck_id>/archive/", organise.deck_archive, name="deck-archive"),
]
