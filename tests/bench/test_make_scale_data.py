"""The scale data command fills a scratch database only, with decks whose verdicts are the site's."""

from collections import Counter

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connections

from cardbase.models import Card
from decks.models import Deck, DeckCard, DeckLike, DeckVersion, Visibility
from decks.services.verdicts import revalidate_decks
from tests.factories import AngelFactory

SMALL = ["--cards", "400", "--players", "30", "--decks", "200", "--force"]


def make(*extra: str) -> None:
    call_command("make_scale_data", *SMALL, *extra)


@pytest.mark.django_db
def test_refuses_a_database_whose_name_does_not_say_bench(monkeypatch):
    # Named as the site's own database (a test database's name may say bench, as a scratch
    # server's do).
    monkeypatch.setitem(connections["default"].settings_dict, "NAME", "cardbase")
    with pytest.raises(CommandError, match="not a benchmark database"):
        call_command("make_scale_data", "--cards", "20", "--players", "2", "--decks", "2")
    assert not Card.objects.exists()


@pytest.mark.django_db
def test_refuses_a_database_holding_real_cards_even_when_forced():
    AngelFactory(name="Prawdziwy")
    with pytest.raises(CommandError, match="holds real data"):
        make()
    assert list(Card.objects.values_list("name", flat=True)) == ["Prawdziwy"]
    assert not Deck.objects.exists()


@pytest.mark.django_db
def test_refuses_a_database_holding_real_players_even_when_forced():
    get_user_model().objects.create_user("ala", password="x")
    with pytest.raises(CommandError, match="holds real data"):
        make()
    assert list(get_user_model().objects.values_list("username", flat=True)) == ["ala"]
    assert not Card.objects.exists()


@pytest.mark.django_db
def test_makes_the_numbers_asked_for():
    make()
    assert Card.objects.count() == 400
    assert get_user_model().objects.count() == 30
    assert Deck.objects.count() == 200
    assert not any(user.has_usable_password() for user in get_user_model().objects.all())


@pytest.mark.django_db
def test_about_three_decks_in_ten_are_public_and_the_rest_private_or_unlisted():
    make()
    shares = {v: Deck.objects.filter(visibility=v).count() / 200 for v in Visibility.values}
    assert 0.2 < shares[Visibility.PUBLIC] < 0.4
    assert shares[Visibility.PRIVATE] > 0.2 and shares[Visibility.UNLISTED] > 0.2


@pytest.mark.django_db
def test_each_deck_holds_30_to_60_cards_of_its_game_and_one_to_six_versions():
    make()
    for deck in Deck.objects.prefetch_related("entries__card", "versions"):
        entries = list(deck.entries.all())
        assert 30 <= deck.card_total <= 60
        assert deck.card_total == sum(entry.count for entry in entries)
        assert {entry.card.game_id for entry in entries} == {deck.game_id}
        numbers = sorted(version.number for version in deck.versions.all())
        assert numbers == list(range(1, deck.version + 1))
        assert 1 <= deck.version <= 6
        newest = deck.versions.all()[0]
        assert newest.number == deck.version
        assert newest.cards == {f"{e.card_id}:{e.section}": e.count for e in entries}
        assert newest.is_valid == deck.is_valid


@pytest.mark.django_db
def test_stored_verdicts_are_what_the_rules_say():
    make()
    # revalidate_decks recomputes every verdict as a save does and counts the ones that moved.
    assert revalidate_decks() == 0
    valid = Deck.objects.filter(is_valid=True).count()
    assert 0 < valid < 200  # real verdicts: some decks pass, some do not
    invalid = Deck.objects.filter(is_valid=False).first()
    assert invalid.verdict["violations"]


@pytest.mark.django_db
def test_likes_are_unique_on_public_decks_and_never_by_the_owner():
    make()
    likes = list(DeckLike.objects.select_related("deck"))
    assert len(likes) == round(1.45 * 200)
    assert len({(like.deck_id, like.user_id) for like in likes}) == len(likes)
    assert all(like.deck.visibility == Visibility.PUBLIC for like in likes)
    assert all(like.user_id != like.deck.owner_id for like in likes)


@pytest.mark.django_db
def test_each_deck_stores_as_many_likes_as_it_has():
    make()
    stored = dict(Deck.objects.values_list("pk", "like_count"))
    counted = Counter(DeckLike.objects.values_list("deck_id", flat=True))
    assert stored == {pk: counted.get(pk, 0) for pk in stored}
    assert max(stored.values()) > 1  # "most liked" has something to sort


@pytest.mark.django_db
def test_a_second_run_replaces_the_first_with_the_same_data():
    make()
    first = sorted(Deck.objects.values_list("name", "card_total", "is_valid", "visibility"))
    make()
    assert Card.objects.count() == 400
    assert Deck.objects.count() == 200
    assert DeckCard.objects.filter(deck__in=Deck.objects.all()).count() == DeckCard.objects.count()
    assert sorted(Deck.objects.values_list("name", "card_total", "is_valid", "visibility")) == first
    assert DeckVersion.objects.count() == sum(Deck.objects.values_list("version", flat=True))
