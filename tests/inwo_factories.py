"""Factories for INWO cards; invented names and values, never the card list's."""

import factory

from tests.factories import CardFactory, GameFactory


class InwoGameFactory(GameFactory):
    slug = "inwo"
    name = "Illuminati: New World Order"


class InwoCardFactory(CardFactory):
    game = factory.SubFactory(InwoGameFactory)
    kind = "plot"
    name = factory.Sequence(lambda n: f"Spisek {n}")
    slug = factory.Sequence(lambda n: f"spisek-{n}")


class IlluminatiFactory(InwoCardFactory):
    kind = "illuminati"
    name = factory.Sequence(lambda n: f"Bractwo {n}")
    slug = factory.Sequence(lambda n: f"bractwo-{n}")
    back = "hand"
    power = 10
    global_power = 4
    control_arrows = 4


class GroupFactory(InwoCardFactory):
    kind = "organization"
    name = factory.Sequence(lambda n: f"Grupa {n}")
    slug = factory.Sequence(lambda n: f"grupa-{n}")
    back = "puppet"
    power = 4
    resistance = 3
    control_arrows = 2
    alignments = factory.LazyFunction(lambda: ["weird"])


class ResourceFactory(InwoCardFactory):
    kind = "resource"
    name = factory.Sequence(lambda n: f"Zasób {n}")
    slug = factory.Sequence(lambda n: f"zasob-{n}")
    back = "puppet"


class PlotFactory(InwoCardFactory):
    back = "hand"


class NwoFactory(InwoCardFactory):
    kind = "nwo"
    name = factory.Sequence(lambda n: f"Porządek {n}")
    slug = factory.Sequence(lambda n: f"porzadek-{n}")
    back = "hand"
    nwo_colour = "yellow"
