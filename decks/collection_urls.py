"""A player's collection and want list, and the read-only link that shares them."""

from django.urls import path

from decks.views import collection

urlpatterns = [
    path("", collection.collection_home, name="collection-home"),
    path("share/", collection.collection_share, name="collection-share"),
    path("card/<int:card_id>/", collection.collection_card, name="collection-card"),
    path("wanted/<int:card_id>/", collection.wanted_card, name="wanted-card"),
    path("shared/<str:key>/<slug:game>/", collection.shared_collection, name="collection-shared"),
    path("<slug:game>/", collection.collection_game, name="collection-game"),
    path("<slug:game>/paste/", collection.collection_paste, name="collection-paste"),
    path("<slug:game>/upload/", collection.collection_upload, name="collection-upload"),
    path("<slug:game>/collection.csv", collection.collection_csv, name="collection-csv"),
    path("<slug:game>/wanted.txt", collection.wanted_text, name="wanted-text"),
    path("<slug:game>/wanted/clear/", collection.wanted_clear, name="wanted-clear"),
]
