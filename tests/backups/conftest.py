import datetime

import factory
import pytest
from django.contrib.auth.models import Permission
from django.db import models
from django.db.models.fields.files import FieldFile

from backups.contents import backed_up_models, by_natural_key
from cardbase.changesets import Source, recording_changeset
from cardbase.models import Changeset
from decks import services
from decks.models import Visibility
from decks.selectors.collection import deck_ownership
from decks.services.collection import import_owned, share_collection, want_missing
from decks.services.editing import deck_copy
from decks.services.likes import deck_like
from decks.services.organising import deck_organise, folder_create
from proposals.services import (
    ProposalSource,
    approve_proposal,
    block_proposer,
    propose_ruling,
)
from tests.factories import (
    AngelFactory,
    CardSourceFactory,
    GameFactory,
    GroupFactory,
    LogEntryFactory,
    PrintingFactory,
    TokenFactory,
    UserFactory,
    legal_deck_cards,
)
from tests.proposal_steps import keep_photos_in, propose_attributes

PASSWORD = "anioly-i-demony-7"


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    keep_photos_in(settings, tmp_path / "private")


@pytest.fixture
def site(db):
    """A site with rows in every backed-up model, every timestamp with microseconds; return
    the owner of a private deck, the deck and the owner's API token key."""
    game = GameFactory()
    cards = legal_deck_cards("fallen", game=game)
    CardSourceFactory(card=AngelFactory(game=game, name="Cytowany", slug="cytowany"))
    PrintingFactory(
        card=AngelFactory(game=game, name="Drukowany", slug="drukowany"),
        edition__game=game,
        edition__released=datetime.date(1999, 12, 1),
        image=factory.django.ImageField(filename="drukowany.png", color="red"),
        thumbnail=factory.django.ImageField(filename="drukowany-mini.png", color="blue"),
    )
    editors = GroupFactory()
    editors.permissions.add(Permission.objects.get(codename="change_card"))
    owner = UserFactory(username="wlasciciel", password=PASSWORD)
    owner.groups.add(editors)
    owner.user_permissions.add(Permission.objects.get(codename="add_deck"))
    fan = UserFactory(username="fan")
    deck = services.deck_create(
        owner=owner, name="Upadli", options={"faction": "fallen"}, cards=cards
    )
    shown = services.deck_create(
        owner=owner, name="Pokazowa", options={"faction": "fallen"}, visibility=Visibility.PUBLIC
    )
    deck_like(deck=shown, user=fan)
    deck_copy(deck=shown, owner=fan)
    # The owner's filing: a folder holding the deck, its tags (Polish letters), the archive.
    folder = folder_create(owner=owner, name="Łąka")
    deck_organise(deck=deck, folder=folder, tags=["kontrola", "żółć"], archived=True)
    # The fan's collection, by edition in part, their want list and its shared link.
    import_owned(
        owner=fan,
        game=game,
        counts={card_id: 1 for card_id in list(cards)[:3]},
        editions={next(iter(cards)): {"podstawowa": 1}},
        replace=False,
    )
    want_missing(owner=fan, ownership=deck_ownership(deck=deck, user=fan))
    share_collection(owner=fan, shared=True)
    token = TokenFactory(user=owner)
    LogEntryFactory(user=owner)
    with recording_changeset(
        game=game,
        author=owner,
        comment="Poziom z podręcznika",
        source=Source.rulebook("podrecznik.txt", page=3, quote="Cytowany, poziom 5"),
    ) as changeset:
        cited = game.cards.get(slug="cytowany")
        cited.attributes = {**cited.attributes, "level": 5}
        changeset.save(cited, row=2)
    Changeset.objects.create(game=game, source_kind="note", reverts=changeset.changeset)
    # A player's proposal with its private photo, a ruling published from another, and a
    # player barred from proposing.
    propose_attributes(cited, fan, faction="fallen")
    ruling = propose_ruling(
        proposer=fan,
        card=cited,
        question="Czy?",
        answer="Tak.",
        ruled_on=datetime.date(2026, 11, 1),
        source=ProposalSource("faq", document="FAQ"),
    )
    approve_proposal(proposal=ruling, moderator=owner, facts=[], seen={})
    block_proposer(user=fan, moderator=owner, reason="Spam.")
    _give_microseconds()
    return owner, deck, token.key


def _give_microseconds() -> None:
    """Set every timestamp (auto_now included) to a distinct one with microseconds."""
    moment = datetime.datetime(2025, 3, 4, 5, 6, 7, 1, tzinfo=datetime.UTC)
    step = 0
    for model in backed_up_models():
        stamps = [
            f.name for f in model._meta.concrete_fields if isinstance(f, models.DateTimeField)
        ]
        for pk in model._base_manager.values_list("pk", flat=True):
            step += 1
            when = moment + datetime.timedelta(seconds=step, microseconds=step * 1013)
            model._base_manager.filter(pk=pk).update(**dict.fromkeys(stamps, when))


def snapshot() -> dict[str, list[dict]]:
    """Return every backed-up row field by field, ordered by id; rows of content types and
    permissions, which a database numbers as it likes, by natural key."""
    site = {}
    for model in backed_up_models():
        rows = []
        for obj in model._base_manager.order_by("pk"):
            row = {}
            for f in model._meta.concrete_fields:
                if f.is_relation and by_natural_key(f.related_model):
                    related = getattr(obj, f.name)
                    row[f.name] = related.natural_key() if related else None
                else:
                    value = getattr(obj, f.attname)
                    row[f.attname] = value.name if isinstance(value, FieldFile) else value
            for f in model._meta.many_to_many:
                related = getattr(obj, f.name).all()
                row[f.name] = sorted(
                    r.natural_key() if by_natural_key(f.related_model) else r.pk for r in related
                )
            rows.append(row)
        site[model._meta.label_lower] = rows
    return site
