"""Factories for 7 Fallen cards; invented names and values, never a card list's."""

import factory

from tests.factories import CardFactory, GameFactory


class SevenFallenGameFactory(GameFactory):
    slug = "7-fallen"
    name = "7 Fallen"


class SevenFallenCardFactory(CardFactory):
    game = factory.SubFactory(SevenFallenGameFactory)
    kind = "miracle"
    name = factory.Sequence(lambda n: f"Miracle {n}")
    slug = factory.Sequence(lambda n: f"miracle-{n}")
    keywords = factory.LazyFunction(list)


class ArchangeFactory(SevenFallenCardFactory):
    kind = "archange"
    name = factory.Sequence(lambda n: f"Archange {n}")
    slug = factory.Sequence(lambda n: f"archange-{n}")


class TempleFactory(SevenFallenCardFactory):
    kind = "temple"
    name = factory.Sequence(lambda n: f"Temple {n}")
    slug = factory.Sequence(lambda n: f"temple-{n}")
    subtype = "Extros"


class DiviniteFactory(SevenFallenCardFactory):
    kind = "divinite"
    name = factory.Sequence(lambda n: f"Divinité {n}")
    slug = factory.Sequence(lambda n: f"divinite-{n}")


class AdorateurFactory(SevenFallenCardFactory):
    kind = "adorateur"
    name = factory.Sequence(lambda n: f"Adorateur {n}")
    slug = factory.Sequence(lambda n: f"adorateur-{n}")


class AngeFactory(SevenFallenCardFactory):
    kind = "ange"
    name = factory.Sequence(lambda n: f"Ange {n}")
    slug = factory.Sequence(lambda n: f"ange-{n}")
    classes = factory.LazyFunction(lambda: ["Goule"])
