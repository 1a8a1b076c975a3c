"""Proposals through the API: the same checks as the site's form, the moderation queue, and a
card's rulings and provenance in its answer."""

import json

import pytest
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from proposals.models import Proposal
from proposals.selectors import seen_facts
from proposals.services import ProposalSource, approve_proposal, block_proposer, propose_ruling
from tests.factories import AngelFactory, CardSourceFactory
from tests.proposal_steps import photo_bytes, propose_attributes

pytestmark = pytest.mark.django_db
URL = "/api/v1/proposals/"


@pytest.fixture
def gaap(game):
    return AngelFactory(game=game, name="Gaap", slug="gaap", order="powers", level=7, faction=None)


def rulebook_fact(**facts) -> dict:
    return {
        "game": "aniolowie",
        "card": "gaap",
        "facts": facts,
        "source_kind": "rulebook",
        "source_document": "Instrukcja",
        "source_page": 12,
    }


def test_signed_out_nothing_is_listed_or_proposed(gaap):
    assert APIClient().get(URL).status_code == 401
    assert APIClient().post(URL, rulebook_fact(faction="fallen"), format="json").status_code == 401


def test_a_fact_proposed_from_a_rulebook_page_waits_for_a_moderator(gaap, alice, client_for):
    answer = client_for(alice).post(URL, rulebook_fact(faction="fallen"), format="json")
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert (body["card"], body["state"], body["facts"], body["base"]) == (
        "gaap",
        "pending",
        {"faction": "fallen"},
        {"faction": None},
    )
    assert client_for(alice).get(URL).json()["results"][0]["id"] == body["id"]


def test_a_photo_goes_as_multipart(gaap, alice, client_for):
    answer = client_for(alice).post(
        URL,
        {
            "game": "aniolowie",
            "card": "gaap",
            "facts": json.dumps({"faction": "fallen"}),
            "source_kind": "photo",
            "photo": SimpleUploadedFile("gaap.png", photo_bytes(), "image/png"),
        },
        format="multipart",
    )
    assert answer.status_code == 201, answer.json()
    assert answer.json()["has_photo"] is True
    assert Proposal.objects.get().source_image.name.endswith(".jpg")


@pytest.mark.parametrize(
    ("facts", "field"),
    [
        ({"wings": 3}, "facts"),
        ({"faction": "fallen", "order": "thrones", "level": 1}, "facts.order"),
        ({"level": "siedem"}, "facts.level"),
        # Values of no type the game knows: refused, not a server error.
        ({"order": {"a": 1}, "faction": ["lord"]}, "facts.faction"),
        ({"order": ["powers"]}, "facts.order"),
    ],
)
def test_facts_the_game_refuses_are_named_and_nothing_is_saved(
    gaap, alice, client_for, facts, field
):
    answer = client_for(alice).post(URL, rulebook_fact(**facts), format="json")
    assert answer.status_code == 400
    assert field in answer.json()["error"]["fields"], answer.json()
    assert Proposal.objects.count() == 0


def test_a_photo_source_needs_its_photo(gaap, alice, client_for):
    data = {**rulebook_fact(faction="fallen"), "source_kind": "photo"}
    answer = client_for(alice).post(URL, data, format="json")
    assert answer.status_code == 400
    assert "photo" in answer.json()["error"]["fields"]


def test_a_barred_player_is_forbidden_and_one_past_the_days_share_is_told_to_wait(
    gaap, alice, bob, client_for, settings
):
    block_proposer(user=alice, moderator=bob, reason="Spam.")
    barred = client_for(alice).post(URL, rulebook_fact(faction="fallen"), format="json")
    assert (barred.status_code, barred.json()["error"]["code"]) == (403, "barred")
    assert "Spam." in barred.json()["error"]["message"]

    settings.PROPOSALS_PER_DAY = 1
    assert (
        client_for(bob).post(URL, rulebook_fact(faction="fallen"), format="json").status_code == 201
    )
    limited = client_for(bob).post(URL, rulebook_fact(faction="lord"), format="json")
    assert (limited.status_code, limited.json()["error"]["code"]) == (429, "limit")


def test_only_moderators_read_the_queue(gaap, alice, bob, client_for):
    propose_attributes(gaap, alice, faction="fallen")
    assert client_for(bob).get(URL + "?queue=1").status_code == 403
    bob.user_permissions.add(Permission.objects.get(codename="moderate_proposal"))
    queue = client_for(bob).get(URL + "?queue=1").json()["results"]
    assert [(p["card"], p["proposer"]) for p in queue] == [("gaap", "alice")]
    assert client_for(bob).get(URL).json()["results"] == []  # none of his own


def test_a_ruling_is_proposed_on_a_card(gaap, alice, client_for):
    data = {
        "game": "aniolowie",
        "card": "gaap",
        "ruling": {"question": "Czy?", "answer": "Tak."},
        "ruled_on": "2026-11-01",
        "source_kind": "faq",
        "source_document": "FAQ wydawcy",
    }
    answer = client_for(alice).post(URL, data, format="json")
    assert answer.status_code == 201, answer.json()
    assert answer.json()["ruling"] == {
        "question": "Czy?",
        "answer": "Tak.",
        "ruled_on": "2026-11-01",
    }


def test_the_cards_answer_gives_its_rulings_and_each_facts_provenance(gaap, alice, bob):
    CardSourceFactory(card=gaap, rulebook="instrukcja.txt", gives=["order", "level"])
    proposal = propose_attributes(gaap, alice, faction="fallen")
    approve_proposal(proposal=proposal, moderator=bob, facts=["faction"], seen=seen_facts(proposal))
    ruling = propose_ruling(
        proposer=alice,
        card=gaap,
        question="",
        answer="Działa na cały III Chór.",
        ruled_on=None,
        source=ProposalSource("rulebook", document="Instrukcja", page=13),
    )
    approve_proposal(proposal=ruling, moderator=bob, facts=[], seen={})

    body = APIClient().get("/api/v1/cards/aniolowie/gaap/").json()

    assert body["rulings"] == [
        {
            "question": "",
            "answer": "Działa na cały III Chór.",
            "source_kind": "rulebook",
            "source_document": "Instrukcja",
            "source_page": 13,
            "ruled_on": None,
            "proposer": "alice",
            "approved_by": "bob",
        }
    ]
    by_fact = {entry["fact"]: entry for entry in body["provenance"]}
    assert (by_fact["faction"]["proposer"], by_fact["faction"]["author"]) == ("alice", "bob")
    assert by_fact["faction"]["changeset"] == Proposal.objects.get(pk=proposal.pk).changeset_id
    assert by_fact["order"]["changeset"] is None and by_fact["order"]["citation"]
