"""The proposals' pages: a player proposes with a photo, a moderator reviews and decides."""

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from cardbase.models import Card
from proposals.models import Proposal
from tests.factories import AngelFactory, UserFactory
from tests.proposal_steps import photo_bytes, propose_attributes
from tests.seven_fallen_factories import SevenFallenCardFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def gaap():
    return AngelFactory(name="Gaap", slug="gaap", order="powers", level=7, faction=None)


def propose_url(card):
    return reverse("propose-change", args=[card.game.slug, card.slug])


def form_data(card, **changes):
    """Return what the propose form posts when the player leaves the card's facts as they are
    and changes `changes` (attribute ids)."""
    data = {"name": card.name, "kind": card.kind, "text": card.text, "source_kind": "photo"}
    data.update({f"attr__{key}": value for key, value in card.attributes.items()})
    data.pop("attr__choir", None)  # derived: never a field
    data.update({f"attr__{key}": value for key, value in changes.items()})
    return data


def test_proposing_asks_the_player_to_sign_in_first(client, gaap):
    response = client.get(propose_url(gaap))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_the_form_starts_at_the_cards_facts_and_leaves_the_unknown_blank(client, gaap):
    client.force_login(UserFactory())
    page = client.get(propose_url(gaap)).content.decode()
    assert re.search(r'<option value="powers" selected>', page)
    faction = re.search(r'<select name="attr__faction".*?</select>', page, re.S).group(0)
    assert re.search(r'<option value="" selected>nieznane</option>', faction)


def test_a_player_proposes_a_fact_with_a_photo(client, gaap):
    player = UserFactory()
    client.force_login(player)
    data = form_data(gaap, faction="fallen")
    data["source_image"] = SimpleUploadedFile("gaap.jpg", photo_bytes(fmt="JPEG"), "image/jpeg")

    response = client.post(propose_url(gaap), data, follow=True)

    assert response.redirect_chain[-1][0] == reverse("my-proposals")
    (proposal,) = Proposal.objects.all()
    assert (proposal.proposer, proposal.card, proposal.facts) == (
        player,
        gaap,
        {"faction": "fallen"},
    )
    page = response.content.decode()
    assert f"Propozycja nr {proposal.pk} czeka na moderatora" in page
    assert "Upadli" in page  # the proposed value as the catalogue names it


@pytest.mark.parametrize(
    ("upload", "error"),
    [
        (None, "Dołącz zdjęcie lub skan karty."),
        (("gaap.jpg", b"GIF89a not really", "image/jpeg"), "not an image"),
    ],
)
def test_a_photo_missing_or_not_an_image_is_named_and_nothing_is_saved(client, gaap, upload, error):
    client.force_login(UserFactory())
    data = form_data(gaap, faction="fallen")
    if upload:
        data["source_image"] = SimpleUploadedFile(*upload)
    response = client.post(propose_url(gaap), data)
    assert response.status_code == 400
    assert error in response.content.decode()
    assert Proposal.objects.count() == 0


def test_facts_the_rules_forbid_together_are_named_by_their_field(client, gaap):
    client.force_login(UserFactory())
    data = form_data(gaap, faction="fallen", order="thrones", level=1)
    data.update(source_kind="product", source_document="Talia startowa")
    response = client.post(propose_url(gaap), data)
    assert response.status_code == 400
    assert response.context["form"].errors.keys() & {"attr__order", "attr__faction"}
    assert Proposal.objects.count() == 0


def test_a_new_card_is_proposed_from_a_rulebook_page(client, gaap):
    client.force_login(UserFactory())
    data = {
        "name": "Nowiel",
        "kind": "angel",
        "attr__order": "angels",
        "source_kind": "rulebook",
        "source_document": "Instrukcja",
        "source_page": "12",
        "source_note": "Nowiel jest Aniołem.",
    }
    response = client.post(reverse("propose-card", args=[gaap.game.slug]), data)
    assert response.status_code == 302
    (proposal,) = Proposal.objects.all()
    assert proposal.card is None
    assert proposal.facts == {"name": "Nowiel", "kind": "angel", "order": "angels"}
    assert (proposal.source_document, proposal.source_page) == ("Instrukcja", 12)


def test_the_photo_is_shown_to_its_proposer_and_moderators_only_until_approved(
    client, gaap, moderator
):
    player = UserFactory()
    proposal = propose_attributes(gaap, player, faction="fallen")
    photo = reverse("proposal-photo", args=[proposal.pk])
    assert client.get(photo).status_code == 302  # signed out: asked to sign in
    client.force_login(UserFactory())
    assert client.get(photo).status_code == 404
    for viewer in (player, moderator):
        client.force_login(viewer)
        response = client.get(photo)
        assert response.status_code == 200
        assert response["Content-Type"] == "image/jpeg"
        assert response["Cache-Control"] == "private, max-age=3600"
        assert b"".join(response.streaming_content)[:2] == b"\xff\xd8"
    # The stored name is no address: nothing under MEDIA_URL serves it.
    assert client.get("/media/" + proposal.source_image.name).status_code == 404

    client.force_login(moderator)
    client.post(
        reverse("proposal-approve", args=[proposal.pk]),
        {"facts": ["faction"], "seen": json.dumps({"faction": None})},
    )
    client.force_login(UserFactory())
    assert client.get(photo).status_code == 200


def test_only_moderators_see_the_queue(client, gaap, moderator):
    proposal = propose_attributes(gaap, UserFactory(username="proponujacy"), faction="fallen")
    client.force_login(UserFactory())
    assert client.get(reverse("proposal-queue")).status_code == 403
    assert client.get(reverse("proposal-review", args=[proposal.pk])).status_code == 403
    client.force_login(moderator)
    page = client.get(reverse("proposal-queue")).content.decode()
    assert "Gaap" in page and "proponujacy" in page


def test_a_moderator_approves_what_the_review_page_showed(client, gaap, moderator):
    player = UserFactory(username="proponujacy")
    proposal = propose_attributes(gaap, player, faction="fallen")
    client.force_login(moderator)
    review = client.get(reverse("proposal-review", args=[proposal.pk]))
    page = review.content.decode()
    assert "Dotychczas: przyjęte 0, odrzucone 0, czekające 1." in page
    seen = re.search(r'name="seen" value="([^"]*)"', page).group(1).replace("&quot;", '"')

    response = client.post(
        reverse("proposal-approve", args=[proposal.pk]),
        {"facts": ["faction"], "seen": seen},
        follow=True,
    )

    proposal.refresh_from_db()
    assert proposal.state == Proposal.State.APPROVED
    assert f"jako zmianę nr {proposal.changeset_id}" in response.content.decode()
    card_page = client.get(gaap.get_absolute_url()).content.decode()
    assert "zaproponował(a) proponujacy, przyjął(a) moderatorka" in card_page
    history = client.get(reverse("card-history", args=[gaap.game.slug, gaap.slug]))
    assert "zaproponował(a) proponujacy, przyjął(a) moderatorka" in history.content.decode()
    assert Card.objects.get(pk=gaap.pk).attributes["faction"] == "fallen"


def test_a_moderator_cannot_approve_their_own_proposal_through_the_page(client, gaap, moderator):
    proposal = propose_attributes(gaap, moderator, faction="fallen")
    client.force_login(moderator)
    page = client.get(reverse("proposal-review", args=[proposal.pk])).content.decode()
    assert "rozpatrzy ją inny moderator" in page and "proposal-approve" not in page
    response = client.post(
        reverse("proposal-approve", args=[proposal.pk]),
        {"facts": ["faction"], "seen": json.dumps({"faction": None})},
        follow=True,
    )
    assert "Nie możesz rozpatrywać własnej propozycji." in response.content.decode()
    assert "faction" not in Card.objects.get(pk=gaap.pk).attributes


def test_the_player_reads_the_rejection_and_its_reason(client, gaap, moderator):
    player = UserFactory()
    proposal = propose_attributes(gaap, player, faction="fallen")
    client.force_login(moderator)
    client.post(
        reverse("proposal-reject", args=[proposal.pk]), {"reason": "Zdjęcie jest nieostre."}
    )
    client.force_login(player)
    page = client.get(reverse("my-proposals")).content.decode()
    assert "odrzucona" in page and "Zdjęcie jest nieostre." in page and "nowa decyzja" in page
    assert "nowa decyzja" not in client.get(reverse("my-proposals")).content.decode()


def test_a_moderator_bars_a_player_who_is_then_told_why(client, gaap, moderator):
    player = UserFactory()
    proposal = propose_attributes(gaap, player, faction="fallen")
    client.force_login(moderator)
    client.post(
        reverse("proposer-block", args=[player.pk]),
        {"reason": "Zdjęcia z internetu.", "proposal": proposal.pk},
    )
    client.force_login(player)
    response = client.post(propose_url(gaap), form_data(gaap, faction="lord"))
    assert "Zdjęcia z internetu." in response.content.decode()


def test_the_queue_marks_a_proposal_whose_facts_changed_since(client, gaap, moderator):
    propose_attributes(gaap, UserFactory(), faction="fallen")
    client.force_login(moderator)
    assert (
        "zmieniły się od zgłoszenia" not in client.get(reverse("proposal-queue")).content.decode()
    )
    gaap.attributes = {**gaap.attributes, "faction": "lord"}
    gaap.save()
    page = client.get(reverse("proposal-queue")).content.decode()
    assert "fakty karty zmieniły się od zgłoszenia" in page


def test_a_moderator_reverts_an_approved_changeset_from_the_cards_history(client, gaap, moderator):
    proposal = propose_attributes(gaap, UserFactory(), faction="fallen")
    client.force_login(moderator)
    client.post(
        reverse("proposal-approve", args=[proposal.pk]),
        {"facts": ["faction"], "seen": json.dumps({"faction": None})},
    )
    number = Proposal.objects.get(pk=proposal.pk).changeset_id
    revert = reverse("changeset-revert", args=[gaap.game.slug, gaap.slug, number])
    client.force_login(UserFactory(username="nie-moderator"))
    assert client.post(revert).status_code == 403
    client.force_login(moderator)
    history = client.get(reverse("card-history", args=[gaap.game.slug, gaap.slug])).content
    assert f'action="{revert}"'.encode() in history
    client.post(revert)
    assert "faction" not in Card.objects.get(pk=gaap.pk).attributes


def test_a_list_of_printed_words_is_proposed_one_per_line(client):
    page = SevenFallenCardFactory(
        kind="page", name="Thanator le Or", slug="thanator-le-or", cost=6, keywords=None
    )
    client.force_login(UserFactory())
    data = {
        "name": page.name,
        "kind": page.kind,
        "attr__cost": "6",
        "attr__keywords": "Phoenix (10)\n  Leader  \n",
        "source_kind": "product",
        "source_document": "Deck de démarrage",
    }
    response = client.post(propose_url(page), data)
    assert response.status_code == 302, response.context["form"].errors
    (proposal,) = Proposal.objects.all()
    assert proposal.facts == {"keywords": ["Phoenix (10)", "Leader"]}
