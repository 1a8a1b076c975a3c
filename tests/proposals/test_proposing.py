"""A player proposes facts: only what differs is kept, with its source; the bars on proposing."""

import io

import pytest
from PIL import Image

from cardbase.models import Changeset
from proposals.models import Proposal
from proposals.services import ProposalRefused, ProposalSource, block_proposer, propose
from tests.factories import AngelFactory, GameFactory, UserFactory
from tests.proposal_steps import photo_bytes, propose_attributes

pytestmark = pytest.mark.django_db


def test_a_proposal_keeps_only_the_facts_it_changes_with_their_values_before():
    gaap = AngelFactory(name="Gaap", order="powers", level=7, faction=None)
    proposal = propose_attributes(gaap, UserFactory(), faction="fallen")

    assert proposal.facts == {"faction": "fallen"}
    assert proposal.base == {"faction": None}
    assert proposal.state == Proposal.State.PENDING
    assert proposal.source_kind == Changeset.SourceKind.PHOTO
    gaap.refresh_from_db()
    assert "faction" not in gaap.attributes  # nothing applied before a moderator decides


def test_a_proposal_that_changes_nothing_is_refused():
    gaap = AngelFactory(name="Gaap", order="powers", level=7)
    with pytest.raises(ProposalRefused, match="nie zmienia żadnego faktu"):
        propose_attributes(gaap, UserFactory())
    assert Proposal.objects.count() == 0


def test_a_new_card_proposes_every_fact_it_gives():
    game = GameFactory()
    proposal = propose(
        proposer=UserFactory(),
        game=game,
        card=None,
        name="Nowiel",
        kind="angel",
        text="",
        attributes={"order": "angels", "faction": "lord"},
        source=ProposalSource("product", document="Talia startowa", note="Karta z talii."),
    )
    assert proposal.card is None
    assert proposal.facts == {
        "name": "Nowiel",
        "kind": "angel",
        "faction": "lord",
        "order": "angels",
    }
    assert set(proposal.base.values()) == {None}


def test_the_photo_is_kept_privately_drawn_afresh_without_its_metadata():
    gaap = AngelFactory(name="Gaap", order="powers", level=7, faction=None)
    exif = Image.Exif()
    exif[0x010F] = "Aparat gracza"  # the camera's maker; GPS lives in the same block
    source = ProposalSource("photo", image=photo_bytes(fmt="JPEG", exif=exif.tobytes()))
    proposal = propose(
        proposer=UserFactory(),
        game=gaap.game,
        card=gaap,
        name=gaap.name,
        kind=gaap.kind,
        text=gaap.text,
        attributes={**gaap.attributes, "faction": "fallen"},
        source=source,
    )
    assert proposal.source_image.name.startswith("proposals/")
    with proposal.source_image.open("rb") as stored:
        kept = Image.open(io.BytesIO(stored.read()))
    assert kept.format == "JPEG"
    assert kept.size == (60, 84)
    assert dict(kept.getexif()) == {}


def test_a_barred_player_is_told_why():
    gaap = AngelFactory(name="Gaap", order="powers", level=7, faction=None)
    player = UserFactory()
    block_proposer(user=player, moderator=UserFactory(), reason="Zdjęcia cudzych kart.")
    with pytest.raises(ProposalRefused, match="Zdjęcia cudzych kart."):
        propose_attributes(gaap, player, faction="fallen")


def test_a_player_makes_at_most_the_days_share_of_proposals(settings):
    settings.PROPOSALS_PER_DAY = 2
    player, other = UserFactory(), UserFactory()
    cards = [AngelFactory(order="powers", level=7, faction=None) for _ in range(3)]
    propose_attributes(cards[0], player, faction="fallen")
    propose_attributes(cards[1], player, faction="fallen")
    with pytest.raises(ProposalRefused, match="najwyżej 2 propozycji na dobę"):
        propose_attributes(cards[2], player, faction="fallen")
    assert propose_attributes(cards[2], other, faction="fallen").pk is not None
