"""A moderator decides: approving writes one changeset, rejecting tells the player why."""

import pytest
from django.core import mail

from cardbase.models import Card, Changeset
from decks import services as deck_services
from proposals.models import Proposal
from proposals.selectors import seen_facts
from proposals.services import (
    ProposalRefused,
    ProposalSource,
    approve_proposal,
    propose,
    reject_proposal,
)
from tests.factories import AngelFactory, CardSourceFactory, UserFactory, legal_deck_cards
from tests.proposal_steps import propose_attributes

pytestmark = pytest.mark.django_db


def approve(proposal, moderator, facts=None):
    return approve_proposal(
        proposal=proposal,
        moderator=moderator,
        facts=facts or list(proposal.facts),
        seen=seen_facts(proposal),
    )


def test_approving_writes_the_facts_as_a_changeset_naming_proposer_and_moderator(
    moderator, django_capture_on_commit_callbacks
):
    gaap = AngelFactory(name="Gaap", order="powers", level=7, faction=None)
    player = UserFactory(username="gracz", email="gracz@example.org")
    proposal = propose_attributes(gaap, player, faction="fallen", comment="Z mojej talii.")

    with django_capture_on_commit_callbacks(execute=True):
        decided = approve(proposal, moderator)

    gaap.refresh_from_db()
    assert gaap.attributes["faction"] == "fallen"
    assert decided.state == Proposal.State.APPROVED
    changeset = decided.changeset
    assert (changeset.author, changeset.proposer) == (moderator, player)
    assert changeset.source_kind == Changeset.SourceKind.PHOTO
    assert changeset.comment == "Z mojej talii."
    assert [(c.fact, c.old, c.new) for c in changeset.changes.all()] == [
        ("faction", None, "fallen")
    ]
    (told,) = mail.outbox
    assert told.to == ["gracz@example.org"]
    assert f"nr {proposal.pk}" in told.subject and "przyjęta" in told.body


def test_a_player_cannot_decide_their_own_proposal(moderator):
    gaap = AngelFactory(name="Gaap", order="powers", level=7, faction=None)
    proposal = propose_attributes(gaap, moderator, faction="fallen")
    with pytest.raises(ProposalRefused, match="własnej propozycji"):
        approve(proposal, moderator)
    with pytest.raises(ProposalRefused, match="własnej propozycji"):
        reject_proposal(proposal=proposal, moderator=moderator, reason="Nie.")
    gaap.refresh_from_db()
    assert "faction" not in gaap.attributes


def test_approving_some_facts_applies_only_those(moderator):
    card = AngelFactory(order="powers", level=7, faction=None, edition_symbol=None)
    proposal = propose_attributes(card, UserFactory(), faction="fallen", edition_symbol="empty")
    decided = approve(proposal, moderator, facts=["faction"])
    card.refresh_from_db()
    assert card.attributes["faction"] == "fallen"
    assert "edition_symbol" not in card.attributes
    assert (decided.state, decided.approved_facts) == (Proposal.State.PARTLY, ["faction"])


def test_a_fact_changed_since_the_moderator_looked_is_not_applied(moderator):
    card = AngelFactory(order="powers", level=7, faction=None)
    proposal = propose_attributes(card, UserFactory(), faction="fallen")
    seen = seen_facts(proposal)
    card.attributes = {**card.attributes, "faction": "lord"}
    card.save()
    with pytest.raises(ProposalRefused, match="zmieniły się"):
        approve_proposal(proposal=proposal, moderator=moderator, facts=["faction"], seen=seen)
    card.refresh_from_db()
    assert card.attributes["faction"] == "lord"
    # Shown against the current facts, it may be approved knowingly.
    decided = approve(proposal, moderator)
    card.refresh_from_db()
    assert card.attributes["faction"] == "fallen"
    assert [(c.old, c.new) for c in decided.changeset.changes.all()] == [("lord", "fallen")]


def test_a_fact_against_a_rulebook_quote_needs_a_second_moderator(moderator):
    card = AngelFactory(order="powers", level=7, faction="lord")
    CardSourceFactory(card=card, gives=["order", "level"])
    proposal = propose_attributes(card, UserFactory(), order="virtues", level=6)

    first = approve(proposal, moderator)
    assert (first.state, first.first_approver) == (Proposal.State.PENDING, moderator)
    card.refresh_from_db()
    assert card.attributes["order"] == "powers"
    with pytest.raises(ProposalRefused, match="drugi moderator"):
        approve(first, moderator)

    second = approve(first, UserFactory(username="drugi"))
    card.refresh_from_db()
    assert (second.state, card.attributes["order"]) == (Proposal.State.APPROVED, "virtues")


def test_facts_the_rules_refuse_are_not_applied(moderator):
    card = AngelFactory(order="powers", level=7, faction="lord")
    proposal = propose_attributes(card, UserFactory(), faction="fallen", order="thrones")
    with pytest.raises(ProposalRefused, match="łamie zasady gry"):
        approve(proposal, moderator)
    card.refresh_from_db()
    assert (card.attributes["faction"], card.attributes["order"]) == ("lord", "powers")
    assert Proposal.objects.get(pk=proposal.pk).is_pending


def test_an_approved_new_card_enters_the_catalogue_and_a_second_of_its_name_is_refused(moderator):
    card = AngelFactory(order="powers", level=7, faction="lord")
    proposal = propose_attributes(card, UserFactory(), faction="fallen")
    proposal.card, proposal.facts = None, {"name": "Nowiel", "kind": "angel", "order": "angels"}
    proposal.save()
    decided = approve(proposal, moderator)
    created = Card.objects.get(game=card.game, slug="nowiel")
    assert decided.card == created
    assert created.attributes["order"] == "angels"

    again = propose_attributes(card, UserFactory(), faction="fallen")
    again.card, again.facts = None, {"name": "Nowiel", "kind": "angel"}
    again.save()
    with pytest.raises(ProposalRefused, match="już jest w katalogu"):
        approve(again, moderator)


def test_rejecting_needs_a_reason_the_player_reads(moderator, django_capture_on_commit_callbacks):
    card = AngelFactory(order="powers", level=7, faction=None)
    player = UserFactory(email="gracz@example.org")
    proposal = propose_attributes(card, player, faction="fallen")
    with pytest.raises(ProposalRefused, match="dlaczego"):
        reject_proposal(proposal=proposal, moderator=moderator, reason="  ")
    with django_capture_on_commit_callbacks(execute=True):
        decided = reject_proposal(
            proposal=proposal, moderator=moderator, reason="Na zdjęciu nie widać frakcji."
        )
    assert decided.state == Proposal.State.REJECTED
    assert "Na zdjęciu nie widać frakcji." in mail.outbox[0].body
    with pytest.raises(ProposalRefused, match="już zdecydowano"):
        approve(decided, UserFactory())


def test_the_decks_holding_the_card_lose_the_warning_the_fact_settles(
    moderator, django_capture_on_commit_callbacks
):
    cards = legal_deck_cards("fallen")
    angel = Card.objects.filter(pk__in=cards, kind="angel").first()
    angel.attributes = {k: v for k, v in angel.attributes.items() if k != "faction"}
    angel.save()
    deck = deck_services.deck_create(
        owner=UserFactory(), name="T", options={"faction": "fallen"}, cards=cards
    )
    assert [(v["code"], v["message_en"]) for v in deck.verdict["violations"]] == [
        ("unverified", f"{angel.name}: faction unknown, so the one-faction rule was not checked.")
    ]

    with django_capture_on_commit_callbacks(execute=True):
        approve(propose_attributes(angel, UserFactory(), faction="fallen"), moderator)

    deck.refresh_from_db()
    assert deck.verdict["violations"] == []


def test_one_moderator_suffices_where_no_rulebook_passage_gives_the_fact(moderator):
    # A card list's row (a data file) is no quote of the rules; an uncited card has none.
    listed = AngelFactory(order="powers", level=7, faction="lord")
    CardSourceFactory(card=listed, rulebook="karty.csv", page=None, row=3, gives=["order"])
    uncited = AngelFactory(order="powers", level=7, faction="lord")
    for card in (listed, uncited):
        proposal = propose_attributes(card, UserFactory(), order="virtues", level=6)
        decided = approve(proposal, moderator)
        card.refresh_from_db()
        assert (decided.state, card.attributes["order"]) == (Proposal.State.APPROVED, "virtues")
    # A name no passage quotes is corrected by one moderator too.
    renamed = propose(
        proposer=UserFactory(),
        game=uncited.game,
        card=uncited,
        name="Poprawiona nazwa",
        kind=uncited.kind,
        text=uncited.text,
        attributes=uncited.attributes,
        source=ProposalSource("product", document="Talia startowa"),
    )
    assert approve(renamed, moderator).state == Proposal.State.APPROVED
