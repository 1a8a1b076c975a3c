"""The proposals' addresses: proposing beside the cards, the rest under /proposals/ and /moderation/."""

from django.urls import path

from proposals import views

urlpatterns = [
    path("cards/<slug:game>/propose/", views.propose_card, name="propose-card"),
    path("cards/<slug:game>/completeness/", views.completeness, name="completeness"),
    path("cards/<slug:game>/<slug:slug>/propose/", views.propose_change, name="propose-change"),
    path(
        "cards/<slug:game>/<slug:slug>/rulings/propose/",
        views.propose_ruling_view,
        name="propose-ruling",
    ),
    path("proposals/", views.my_proposals, name="my-proposals"),
    path("proposals/<int:number>/photo/", views.source_image, name="proposal-photo"),
    path("moderation/", views.queue, name="proposal-queue"),
    path("moderation/<int:number>/", views.review, name="proposal-review"),
    path("moderation/<int:number>/approve/", views.approve, name="proposal-approve"),
    path("moderation/<int:number>/reject/", views.reject, name="proposal-reject"),
    path("moderation/players/<int:user_id>/block/", views.block, name="proposer-block"),
]
