"""Factories for Dark Eden cards; invented names and values, never the card list's."""

import factory

from tests.factories import CardFactory, GameFactory


class DarkEdenGameFactory(GameFactory):
    slug = "dark-eden"
    name = "Dark Eden"


class DarkEdenCardFactory(CardFactory):
    game = factory.SubFactory(DarkEdenGameFactory)
    kind = "intrigue"
    name = factory.Sequence(lambda n: f"Podstęp {n}")
    slug = factory.Sequence(lambda n: f"podstep-{n}")
    expansion = "dark-eden"
    affiliation = "general"
    unlimited = False


class LeaderFactory(DarkEdenCardFactory):
    kind = "leader"
    name = factory.Sequence(lambda n: f"Wódz {n}")
    slug = factory.Sequence(lambda n: f"wodz-{n}")
    affiliation = "templars"
    combat_value = 12
    tactics = factory.LazyFunction(lambda: ["land", "air"])
    provides = factory.LazyFunction(lambda: ["gold", "gold", "food"])
    consumes = factory.LazyFunction(list)


class WarriorFactory(DarkEdenCardFactory):
    kind = "warrior"
    name = factory.Sequence(lambda n: f"Wojak {n}")
    slug = factory.Sequence(lambda n: f"wojak-{n}")
    combat_value = 4
    tactics = factory.LazyFunction(lambda: ["land"])
    provides = factory.LazyFunction(list)
    consumes = factory.LazyFunction(lambda: ["food"])


class PlaceFactory(DarkEdenCardFactory):
    kind = "place"
    name = factory.Sequence(lambda n: f"Osada {n}")
    slug = factory.Sequence(lambda n: f"osada-{n}")
    combat_value = 9
    tactics = factory.LazyFunction(lambda: ["land", "sea"])
