"""Rulings: proposed for a card with a source and date, published once a moderator approves."""

import datetime

import pytest
from django.urls import reverse

from cardbase.models import Ruling
from proposals.models import Proposal
from proposals.services import ProposalSource, approve_proposal, propose_ruling
from tests.factories import AngelFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def gaap():
    return AngelFactory(name="Gaap", slug="gaap", order="powers", level=7)


def test_a_ruling_proposed_on_the_page_appears_on_the_card_once_approved(client, gaap, moderator):
    player = UserFactory(username="pytajacy")
    client.force_login(player)
    response = client.post(
        reverse("propose-ruling", args=[gaap.game.slug, gaap.slug]),
        {
            "question": "Czy umiejętność Gaapa działa na anioły w stanie poświęcenia?",
            "answer": "Tak: działa na cały III Chór w WALCE.",
            "source_kind": "rulebook",
            "source_document": "Instrukcja",
            "source_page": "13",
            "ruled_on": "2026-11-01",
        },
    )
    assert response.status_code == 302
    (proposal,) = Proposal.objects.all()
    assert proposal.is_ruling and proposal.card == gaap
    page = client.get(gaap.get_absolute_url()).content.decode()
    assert "Czy umiejętność Gaapa" not in page  # not before a moderator approves it

    client.force_login(moderator)
    review = client.get(reverse("proposal-review", args=[proposal.pk])).content.decode()
    assert "Czy umiejętność Gaapa" in review and "Opublikuj orzeczenie" in review
    client.post(reverse("proposal-approve", args=[proposal.pk]), {"seen": "{}"})

    ruling = Ruling.objects.get(card=gaap)
    assert (ruling.ruled_on, ruling.source_page, ruling.proposer, ruling.approved_by) == (
        datetime.date(2026, 11, 1),
        13,
        player,
        moderator,
    )
    page = client.get(gaap.get_absolute_url()).content.decode()
    assert "Czy umiejętność Gaapa działa na anioły w stanie poświęcenia?" in page
    assert "Tak: działa na cały III Chór w WALCE." in page
    assert "Instrukcja, s. 13" in page
    assert "zaproponował(a) pytajacy, przyjął(a) moderatorka" in page


def test_a_ruling_needs_an_answer_and_a_source(client, gaap):
    client.force_login(UserFactory())
    response = client.post(
        reverse("propose-ruling", args=[gaap.game.slug, gaap.slug]),
        {"question": "Czy?", "answer": "", "source_kind": "faq", "source_document": ""},
    )
    assert response.status_code == 400
    assert set(response.context["form"].errors) == {"answer", "source_document"}
    assert Proposal.objects.count() == 0


def test_a_clarification_has_no_question_and_its_proposer_cannot_publish_it(gaap):
    player = UserFactory()
    proposal = propose_ruling(
        proposer=player,
        card=gaap,
        question="",
        answer="Poziom 07 wynika z Zakonu.",
        ruled_on=None,
        source=ProposalSource("organiser", document="Turniej w Łodzi"),
    )
    approve_proposal(proposal=proposal, moderator=UserFactory(), facts=[], seen={})
    (ruling,) = gaap.rulings.all()
    assert (ruling.question, ruling.answer, ruling.ruled_on) == (
        "",
        "Poziom 07 wynika z Zakonu.",
        None,
    )
