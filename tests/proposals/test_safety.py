"""What a player sends is never trusted: bombs and polyglots refused or defused, words escaped."""

import io
import json

import pytest
from django.urls import reverse
from PIL import Image

from cardbase import images
from proposals.models import Proposal
from proposals.services import ProposalRefused, ProposalSource, propose
from tests.factories import AngelFactory, UserFactory
from tests.proposal_steps import photo_bytes

pytestmark = pytest.mark.django_db


@pytest.fixture
def gaap():
    return AngelFactory(name="Gaap", slug="gaap", order="powers", level=7, faction=None)


def propose_photo(card, data: bytes, *, comment: str = "") -> Proposal:
    return propose(
        proposer=UserFactory(),
        game=card.game,
        card=card,
        name=card.name,
        kind=card.kind,
        text=card.text,
        attributes={**card.attributes, "faction": "fallen"},
        source=ProposalSource("photo", image=data),
        comment=comment,
    )


def test_a_decompression_bomb_is_refused_before_it_is_decoded(gaap, monkeypatch):
    monkeypatch.setattr(images, "MAX_PIXELS", 100 * 100)
    with pytest.raises(ProposalRefused, match="too large"):
        propose_photo(gaap, photo_bytes(size=(101, 100)))
    assert Proposal.objects.count() == 0


def test_a_polyglot_keeps_only_its_picture(gaap):
    payload = b"<html><script>alert(1)</script></html>PK\x03\x04 a zip's start"
    proposal = propose_photo(gaap, photo_bytes(fmt="PNG") + payload)
    with proposal.source_image.open("rb") as kept:
        data = kept.read()
    assert payload not in data and b"<script>" not in data
    assert Image.open(io.BytesIO(data)).format == "JPEG"


def test_text_that_is_no_image_is_refused(gaap):
    with pytest.raises(ProposalRefused, match="not an image"):
        propose_photo(gaap, b"<svg onload=alert(1)></svg>")


def test_a_players_words_are_escaped_on_the_moderators_page(client, gaap, moderator):
    proposal = propose_photo(gaap, photo_bytes(), comment="<script>alert('x')</script>")
    client.force_login(moderator)
    page = client.get(reverse("proposal-review", args=[proposal.pk])).content.decode()
    assert "<script>alert('x')</script>" not in page
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in page


def test_the_seen_facts_a_moderator_posts_are_checked_not_trusted(client, gaap, moderator):
    proposal = propose_photo(gaap, photo_bytes())
    client.force_login(moderator)
    for seen in ("not json", json.dumps(["a list"]), json.dumps({"faction": "lord"})):
        response = client.post(
            reverse("proposal-approve", args=[proposal.pk]),
            {"facts": ["faction"], "seen": seen},
            follow=True,
        )
        assert response.status_code == 200
        assert "zmieniły się" in response.content.decode()
    assert Proposal.objects.get(pk=proposal.pk).is_pending
