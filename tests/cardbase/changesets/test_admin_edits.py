"""An operator's edit in the admin is a changeset with its author, reason and source."""

import pytest
from django.urls import reverse

from cardbase.models import Card, Changeset
from tests.cardbase.test_admin import card_form
from tests.factories import AngelFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def gammon():
    return AngelFactory(slug="testiel", name="Testiel", faction="fallen", order="powers", level=7)


def edit(admin_client, card, **fields):
    data = card_form(card.game, faction="fallen", order="powers", level="7")
    data.update(fields)
    return admin_client.post(reverse("admin:cardbase_card_change", args=[card.pk]), data)


def test_an_edit_records_its_author_reason_source_and_the_fact_it_changed(
    admin_client, admin_user, gammon
):
    response = edit(
        admin_client,
        gammon,
        attr__level="8",
        change_comment="Poziom z drugiej edycji",
        change_source="Skan karty z drugiej edycji",
    )
    assert response.status_code == 302

    changeset = Changeset.objects.get()
    assert (changeset.author, changeset.comment, changeset.source_kind) == (
        admin_user,
        "Poziom z drugiej edycji",
        "note",
    )
    assert changeset.source_text == "Skan karty z drugiej edycji"
    assert [(c.fact, c.old, c.new) for c in changeset.changes.all()] == [("level", 7, 8)]


def test_a_change_of_facts_without_a_source_is_refused_and_nothing_is_written(admin_client, gammon):
    response = edit(admin_client, gammon, attr__level="8", change_source=" ")
    assert response.status_code == 200
    errors = " ".join(str(e) for e in response.context["errors"])
    assert "Podaj źródło zmiany" in errors
    assert Card.objects.get().attribute("level") == 7
    assert Changeset.objects.count() == 0


def test_a_save_that_changes_no_fact_needs_no_source_and_records_nothing(admin_client, gammon):
    response = edit(admin_client, gammon, change_source="")
    assert response.status_code == 302
    assert Changeset.objects.count() == 0


def test_a_new_card_is_a_changeset_of_every_fact_it_is_given(admin_client, admin_user, gammon):
    data = card_form(gammon.game, faction="lord", order="thrones", level="11")
    data.update(name="Nowiel", slug="nowiel", change_source="Podręcznik, s. 12")
    response = admin_client.post(reverse("admin:cardbase_card_add"), data)
    assert response.status_code == 302

    changeset = Changeset.objects.get()
    assert changeset.author == admin_user
    assert {(c.card.slug, c.fact, c.old, c.new) for c in changeset.changes.all()} == {
        ("nowiel", "name", None, "Nowiel"),
        ("nowiel", "kind", None, "angel"),
        ("nowiel", "faction", None, "lord"),
        ("nowiel", "order", None, "thrones"),
        ("nowiel", "level", None, 11),
    }
