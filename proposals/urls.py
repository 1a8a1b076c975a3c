"""The proposals' addresses: proposing beside the cards, the rest under /proposals/ and /moderation/."""

from django.urls import path

from proposals.views import completeness, moderation, proposing

urlpatterns = [
    path("cards/<slug:game>/propose/", proposing.propose_card, name="propose-card"),
    path("cards/<slug:game>/completeness/", completeness.completeness, name="completeness"),
    path("cards/<slug:game>/<slug:slug>/propose/", proposing.propose_change, name="propose-change"),
    path(
        "cards/<slug:game>/<slug:slug>/rulings/propose/",
        proposing.propose_ruling_view,
        name="propose-ruling",
    ),
    path("proposals/", proposing.my_proposals, name="my-proposals"),
    path("proposals/<int:number>/photo/", proposing.source_image, name="proposal-photo"),
    path("moderation/", moderation.queue, name="proposal-queue"),
    path("moderation/<int:number>/", moderation.review, name="proposal-review"),
    path("moderation/<int:number>/approve/", moderation.approve, name="proposal-approve"),
    path("moderation/<int:number>/reject/", moderation.reject, name="proposal-reject"),
    path("moderation/players/<int:user_id>/block/", moderation.block, name="proposer-block"),
]
