"""Reverting a changeset puts its facts back as a changeset of its own, or says why it cannot."""

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from cardbase.changesets import RevertRefused, Source, recording_changeset, revert_changeset
from cardbase.models import Card, Changeset
from decks import services
from tests.factories import AngelFactory, UserFactory, legal_deck_cards

pytestmark = pytest.mark.django_db


def edit(card: Card, **attributes) -> Changeset:
    with recording_changeset(game=card.game, source=Source.note("korekta")) as changeset:
        card.attributes = {k: v for k, v in {**card.attributes, **attributes}.items() if v}
        changeset.save(card)
    return changeset.changeset


@pytest.fixture
def gammon():
    AngelFactory(slug="gammon", name="Gammon", faction="fallen", order="powers", level=7)
    return Card.objects.get()


def test_a_revert_puts_every_fact_back_and_names_what_it_reverts(gammon):
    operator = UserFactory(username="operator")
    wrong = edit(gammon, level=8, color="red")

    reverting = revert_changeset(changeset=wrong, author=operator)

    card = Card.objects.get()
    assert card.attribute("level") == 7 and card.attribute("color") is None
    assert (reverting.reverts, reverting.author) == (wrong, operator)
    assert reverting.comment == f"Cofnięcie zmiany nr {wrong.pk}"
    assert sorted((c.fact, c.old, c.new) for c in reverting.changes.all()) == [
        ("color", "red", None),
        ("level", 8, 7),
    ]


def test_a_fact_a_later_changeset_changed_again_refuses_the_revert(gammon):
    first = edit(gammon, level=8)
    later = edit(Card.objects.get(), level=9)

    with pytest.raises(RevertRefused) as refused:
        revert_changeset(changeset=first, author=None)

    assert refused.value.reasons == (
        f"Późniejsza zmiana nr {later.pk} zmieniła też: Gammon – Poziom.",
    )
    assert Card.objects.get().attribute("level") == 9
    # The later one can go, then the first.
    revert_changeset(changeset=later, author=None)
    revert_changeset(changeset=first, author=None)
    assert Card.objects.get().attribute("level") == 7


def test_a_changeset_reverted_once_or_one_that_added_cards_is_refused(gammon):
    wrong = edit(gammon, level=8)
    revert_changeset(changeset=wrong, author=None)
    with pytest.raises(RevertRefused, match="Ta zmiana jest już cofnięta."):
        revert_changeset(changeset=wrong, author=None)

    with recording_changeset(game=gammon.game, source=Source.note("nowa")) as added:
        added.save(Card(game=gammon.game, slug="nowiel", name="Nowiel", kind="angel"))
    with pytest.raises(RevertRefused, match=r"dodała karty \(Nowiel\)"):
        revert_changeset(changeset=added.changeset, author=None)
    assert Card.objects.filter(slug="nowiel").exists()


def test_the_decks_holding_a_reverted_card_are_judged_again(django_capture_on_commit_callbacks):
    cards = legal_deck_cards("fallen")
    deck = services.deck_create(
        owner=UserFactory(), name="T", options={"faction": "fallen"}, cards=cards
    )
    with django_capture_on_commit_callbacks(execute=True):
        wrong = edit(Card.objects.get(pk=next(iter(cards))), faction="lord")
    deck.refresh_from_db()
    assert deck.is_valid is False

    with django_capture_on_commit_callbacks(execute=True):
        revert_changeset(changeset=wrong, author=None)

    deck.refresh_from_db()
    assert deck.is_valid is True


def test_an_operator_reverts_from_the_history_page_and_a_player_cannot(client, gammon):
    wrong = edit(gammon, level=8)
    url = reverse(
        "changeset-revert", kwargs={"game": "aniolowie", "slug": "gammon", "number": wrong.pk}
    )
    history = reverse("card-history", kwargs={"game": "aniolowie", "slug": "gammon"})

    player = UserFactory()
    client.force_login(player)
    assert client.post(url).status_code == 403
    assert "Cofnij zmianę" not in client.get(history).content.decode()

    player.user_permissions.add(Permission.objects.get(codename="change_card"))
    client.force_login(player)
    assert f'action="{url}"' in client.get(history).content.decode()
    response = client.post(url, follow=True)
    assert response.redirect_chain[-1][0] == history
    page = response.content.decode()
    assert f"Cofnięto zmianę nr {wrong.pk}: zapisana jako zmiana nr {wrong.pk + 1}." in page
    assert Card.objects.get().attribute("level") == 7

    again = client.post(url, follow=True).content.decode()
    assert f"Nie cofnięto zmiany nr {wrong.pk}. Ta zmiana jest już cofnięta." in again


def test_a_changeset_of_another_card_is_not_found_under_this_one(client, gammon):
    other = AngelFactory(slug="inny", name="Inny")
    wrong = edit(Card.objects.get(pk=other.pk), level=9)
    client.force_login(UserFactory(is_superuser=True, is_staff=True))
    url = reverse(
        "changeset-revert", kwargs={"game": "aniolowie", "slug": "gammon", "number": wrong.pk}
    )
    assert client.post(url).status_code == 404
    assert client.get(url).status_code == 405


def test_the_admin_reverts_the_chosen_changesets_newest_first(admin_client, gammon):
    first = edit(gammon, level=8)
    second = edit(Card.objects.get(), level=9)
    response = admin_client.post(
        reverse("admin:cardbase_changeset_changelist"),
        {"action": "revert", "_selected_action": [first.pk, second.pk]},
        follow=True,
    )
    assert response.status_code == 200
    assert Card.objects.get().attribute("level") == 7
    assert Changeset.objects.filter(reverts__in=[first, second]).count() == 2


def test_a_fact_changed_outside_any_changeset_refuses_the_revert_saying_so(gammon):
    wrong = edit(gammon, level=8)
    Card.objects.filter(pk=gammon.pk).update(attributes={**gammon.attributes, "level": 9})

    with pytest.raises(RevertRefused) as refused:
        revert_changeset(changeset=wrong, author=None)

    assert refused.value.reasons == ("Gammon – Poziom zmieniono od tej zmiany.",)
    assert Card.objects.get().attribute("level") == 9
