"""The catalogue's pages: the home page and the cards."""

from django.urls import path

from cardbase import views

urlpatterns = [
    path("", views.home, name="home"),
    path("cards/", views.card_list, name="card-list"),
    path("cards/syntax/", views.card_search_syntax, name="card-search-syntax"),
    path("cards/<slug:game>/<slug:slug>/", views.card_detail, name="card-detail"),
    path("cards/<slug:game>/<slug:slug>/face.png", views.card_face, name="card-face"),
    path("cards/<slug:game>/<slug:slug>/history/", views.card_history, name="card-history"),
    path(
        "cards/<slug:game>/<slug:slug>/history/<int:number>/revert/",
        views.changeset_revert,
        name="changeset-revert",
    ),
    # The addresses of the time when a slug named one card on the whole site.
    path("cards/<slug:slug>/", views.card_moved, name="card-moved"),
    path("cards/<slug:slug>/face.png", views.card_face_moved, name="card-face-moved"),
]
