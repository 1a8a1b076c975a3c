"""A small deck of each game in two sections or more, names with markup characters among them."""

from decks import services
from decks.selectors.entries import deck_entries
from tests.dark_eden_factories import LeaderFactory, WarriorFactory
from tests.factories import AngelFactory, HumanFactory, InterventionFactory
from tests.inwo_factories import GroupFactory, IlluminatiFactory, PlotFactory
from tests.seven_fallen_factories import (
    AdorateurFactory,
    ArchangeFactory,
    SevenFallenCardFactory,
)

# Names every markup reads as its own: BBCode's brackets, Markdown's stars, links, underscores
# and escapes, the text format's "#" comment mark and its "x" count.
MARKED_NAMES = ("Nazwa [x]", "*Gwiazda*", "[b]Nie pogrubiaj[/b]", "Anioł #1", "a_b_ (c) \\ x")


def aniolowie_deck(owner):
    """A Fallen deck: angels with markup in their names in the Zastęp, two humans apart."""
    cards = {
        AngelFactory(name=name, slug=f"aniol-{n}", faction="fallen").pk: n % 2 + 1
        for n, name in enumerate(MARKED_NAMES)
    }
    cards[
        InterventionFactory(name="Interwencja", slug="interwencja-upadlych", faction="fallen").pk
    ] = 2
    cards[HumanFactory(name="Człowiek dobry", slug="czlowiek-dobry").pk] = 1
    cards[HumanFactory(name="Człowiek __zły__", slug="czlowiek-zly").pk] = 1
    return services.deck_create(
        owner=owner, name="Upadli *na forum* [x] #1", options={"faction": "fallen"}, cards=cards
    )


def inwo_deck(owner):
    """An INWO deck in its three sections, an Illuminati hidden in the Plot deck, a tournament."""
    lead = IlluminatiFactory(name="[UFO] Bractwo", slug="ufo-bractwo")
    spare = IlluminatiFactory(name="_Drugie_ Bractwo", slug="drugie-bractwo")
    group = GroupFactory(name="Grupa (2) **mocna**", slug="grupa-mocna")
    plot = PlotFactory(name="Spisek: wielki", slug="spisek-wielki")
    cards = {lead.pk: 1, group.pk: 1, (spare.pk, "plots"): 1, plot.pk: 3}
    return services.deck_create(
        owner=owner, name="Spisek #2", game="inwo", format="tournament", cards=cards
    )


def dark_eden_deck(owner):
    """A Dark Eden deck: its leader apart, warriors in the deck."""
    cards = {LeaderFactory(name="WÓDZ [KRÓL]", slug="wodz-krol").pk: 1}
    cards[WarriorFactory(name="WOJAK_1", slug="wojak-1").pk] = 5
    cards[WarriorFactory(name="WOJAK x2", slug="wojak-x2").pk] = 4
    return services.deck_create(owner=owner, name="Templariusze", game="dark-eden", cards=cards)


def seven_fallen_deck(owner):
    """A 7 Fallen deck in its three sections, French names with markup characters."""
    cards = {ArchangeFactory(name="Archange (d'essai)", slug="archange-d-essai").pk: 1}
    cards[AdorateurFactory(name="Adorateur *fidèle*", slug="adorateur-fidele").pk] = 1
    cards[SevenFallenCardFactory(name="Miracle [#3]", slug="miracle-3").pk] = 3
    return services.deck_create(owner=owner, name="Nuit", game="7-fallen", cards=cards)


DECKS = {
    "aniolowie": aniolowie_deck,
    "inwo": inwo_deck,
    "dark-eden": dark_eden_deck,
    "7-fallen": seven_fallen_deck,
}


def counts_of(deck):
    """Return a deck's entries as an import gives them: {(card id, section id): count}."""
    return {(entry.card.pk, entry.section): entry.count for entry in deck_entries(deck)}
