"""The router: catalogue reads on the replica, a player's decks and every write on the primary."""

import pytest
from django.contrib.auth.models import User
from django.db import connections

from cardbase.models import Card
from config.routers import PrimaryReplicaRouter
from decks.models import Deck

ROUTER = PrimaryReplicaRouter(replica=True)


@pytest.fixture
def primary_in_transaction():
    """Pretend the primary connection is inside an atomic block, as a service's write is."""
    primary = connections["default"]
    before = primary.in_atomic_block
    primary.in_atomic_block = True
    yield
    primary.in_atomic_block = before


def test_catalogue_reads_go_to_the_replica():
    assert ROUTER.db_for_read(Card) == "replica"


def test_decks_and_accounts_are_read_from_the_primary():
    assert ROUTER.db_for_read(Deck) == "default"
    assert ROUTER.db_for_read(User) == "default"


def test_a_read_inside_a_transaction_sees_its_own_writes_on_the_primary(primary_in_transaction):
    assert ROUTER.db_for_read(Card) == "default"


def test_every_write_goes_to_the_primary():
    assert {ROUTER.db_for_write(model) for model in (Card, Deck, User)} == {"default"}


def test_only_the_primary_is_migrated():
    assert ROUTER.allow_migrate("default", "cardbase") is True
    assert ROUTER.allow_migrate("replica", "cardbase") is False


def test_without_a_replica_everything_stays_on_the_primary():
    router = PrimaryReplicaRouter(replica=False)
    assert router.db_for_read(Card) == "default"
