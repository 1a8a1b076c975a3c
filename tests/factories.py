"""Factories for catalogue and deck objects; invented names, never catalogue facts."""

import factory
from django.contrib.contenttypes.models import ContentType

from cardbase.models import Card, CardImportRun, Edition, Game, Printing


class GameFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Game
        django_get_or_create = ("slug",)

    slug = "aniolowie"
    name = "Aniołowie"


class EditionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Edition

    game = factory.SubFactory(GameFactory)
    name = factory.Sequence(lambda n: f"Edycja {n}")
    slug = factory.Sequence(lambda n: f"edycja-{n}")


CARD_COLUMNS = frozenset(field.name for field in Card._meta.get_fields())


class CardFactory(factory.django.DjangoModelFactory):
    """A card; any keyword that is not a column (order=, faction=…) is one of its attributes.

    None leaves an attribute unknown; `note_pl=`/`note_en=` fill the notes.
    """

    class Meta:
        model = Card

    game = factory.SubFactory(GameFactory)
    kind = "angel"
    name = factory.Sequence(lambda n: f"Testiel {n}")
    slug = factory.Sequence(lambda n: f"testiel-{n}")

    @classmethod
    def _adjust_kwargs(cls, **kwargs):
        attributes = dict(kwargs.pop("attributes", None) or {})
        notes = dict(kwargs.pop("notes", None) or {})
        for key in list(kwargs):
            if key.startswith("note_"):
                notes[key.removeprefix("note_")] = kwargs.pop(key)
            elif key not in CARD_COLUMNS:
                attributes[key] = kwargs.pop(key)
        kwargs["attributes"] = {k: v for k, v in attributes.items() if v not in (None, "")}
        kwargs["notes"] = {k: v for k, v in notes.items() if v}
        return kwargs


class AngelFactory(CardFactory):
    faction = "lord"
    order = "angels"
    level = 3


class HumanFactory(CardFactory):
    kind = "human"
    name = factory.Sequence(lambda n: f"Człowiek {n}")
    slug = factory.Sequence(lambda n: f"czlowiek-{n}")


class InterventionFactory(CardFactory):
    kind = "intervention"
    name = factory.Sequence(lambda n: f"Interwencja {n}")
    slug = factory.Sequence(lambda n: f"interwencja-{n}")


class PrintingFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Printing

    card = factory.SubFactory(CardFactory)
    edition = factory.SubFactory(EditionFactory)


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "auth.User"
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"gracz{n}")
    password = factory.django.Password("anioly-i-demony-7")


class DeckFactory(factory.django.DjangoModelFactory):
    """A deck row made directly (no verdict); use decks.services to build real decks."""

    class Meta:
        model = "decks.Deck"

    owner = factory.SubFactory(UserFactory)
    game = factory.SubFactory(GameFactory)
    name = factory.Sequence(lambda n: f"Talia {n}")
    options = factory.LazyFunction(lambda: {"faction": "lord"})
    format = "standard"


def legal_deck_cards(faction: str = "fallen", *, game=None) -> dict[int, int]:
    """Create catalogue cards for a legal deck of `faction`; return {card id: count}, 46 cards.

    Three angels in each order from Angels (03) up to Seraphim, two good and two evil humans,
    nine interventions of the faction twice over; every edition symbol empty (two copies allowed).
    """
    from rules.aniolowie.schema import ORDERS

    game = game or GameFactory()
    cards: dict[int, int] = {}
    for order in ORDERS:
        if order.id == "thrones":
            continue
        for n in range(3):
            angel = AngelFactory(
                game=game,
                name=f"{order.one_en} {faction} {n}",
                slug=f"{order.id}-{faction}-{n}",
                faction=faction,
                order=order.id,
                level=order.level,
                edition_symbol="empty",
            )
            cards[angel.pk] = 1
    for n, alignment in enumerate(["good", "good", "evil", "evil"]):
        human = HumanFactory(
            game=game,
            alignment=alignment,
            edition_symbol="empty",
            name=f"Człowiek {alignment} {faction} {n}",
            slug=f"human-{faction}-{n}",
        )
        cards[human.pk] = 1
    for n in range(9):
        card = InterventionFactory(
            game=game,
            faction=faction,
            edition_symbol="empty",
            name=f"Interwencja {faction} {n}",
            slug=f"intervention-{faction}-{n}",
        )
        cards[card.pk] = 2
    return cards


class CardSourceFactory(factory.django.DjangoModelFactory):
    """A rulebook passage behind a card; the quote is invented."""

    class Meta:
        model = "cardbase.CardSource"

    card = factory.SubFactory(CardFactory)
    rulebook = "000_test.txt"
    page = 12
    quote = factory.Sequence(lambda n: f"Cytat testowy {n}.")
    gives = factory.LazyFunction(lambda: ["order"])


class GroupFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "auth.Group"
        django_get_or_create = ("name",)

    name = factory.Sequence(lambda n: f"Redaktorzy {n}")


class TokenFactory(factory.django.DjangoModelFactory):
    """An API token of a user (`Authorization: Token <key>`)."""

    class Meta:
        model = "authtoken.Token"

    user = factory.SubFactory(UserFactory)


class LogEntryFactory(factory.django.DjangoModelFactory):
    """An admin's log line saying an operator changed a card."""

    class Meta:
        model = "admin.LogEntry"

    user = factory.SubFactory(UserFactory)
    content_type = factory.LazyFunction(lambda: ContentType.objects.get_for_model(Card))
    object_id = factory.LazyAttribute(lambda entry: str(CardFactory().pk))
    object_repr = "Testiel"
    action_flag = 2
    change_message = '[{"changed": {"fields": ["text"]}}]'


class CardImportRunFactory(factory.django.DjangoModelFactory):
    """A card file uploaded in the admin, queued for its preview."""

    class Meta:
        model = CardImportRun

    game = factory.SubFactory(GameFactory)
    author = factory.SubFactory(UserFactory, is_staff=True, is_superuser=True)
    token = factory.Sequence(lambda n: f"{n:0>22}")
    file_name = "karty.csv"
    fmt = "csv"
    step = CardImportRun.Step.PREVIEW
