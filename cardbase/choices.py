"""Value sets of the Aniołowie catalogue; the identifiers are those of the rulebook glossary."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from rules.aniolowie.schema import ORDERS, choir_for_order


class Kind(models.TextChoices):
    ANGEL = "angel", _("anioł")
    HUMAN = "human", _("człowiek")
    INTERVENTION = "intervention", _("interwencja")


class Faction(models.TextChoices):
    LORD = "lord", _("Aniołowie Pana")
    FALLEN = "fallen", _("Upadli")
    ANY = "any", _("obie frakcje")


class Order(models.TextChoices):
    ANGELS = "angels", _("Aniołowie")
    ARCHANGELS = "archangels", _("Archaniołowie")
    PRINCIPALITIES = "principalities", _("Księstwa")
    VIRTUES = "virtues", _("Cnoty")
    POWERS = "powers", _("Potęgi")
    DOMINIONS = "dominions", _("Panowania")
    CHERUBIM = "cherubim", _("Cherubini")
    SERAPHIM = "seraphim", _("Serafini")
    THRONES = "thrones", _("Trony")


class Choir(models.TextChoices):
    I = "I", "I"  # noqa: E741 - the rulebook's own Roman numeral
    II = "II", "II"
    III = "III", "III"


class Color(models.TextChoices):
    GOLD = "gold", _("złoty")
    RED = "red", _("czerwony")
    BLUE = "blue", _("niebieski")
    BLACK = "black", _("czarny")
    WHITE = "white", _("biały")


class Alignment(models.TextChoices):
    GOOD = "good", _("dobry")
    EVIL = "evil", _("zły")
    NEUTRAL = "neutral", _("neutralny")


class Sex(models.TextChoices):
    FEMALE = "female", _("kobieta")
    MALE = "male", _("mężczyzna")


class EditionSymbol(models.TextChoices):
    EMPTY = "empty", _("pusty (2 kopie)")
    FILLED = "filled", _("wypełniony (1 kopia)")


def order_level(order: str) -> int | None:
    """Return the level an order stands for (Aniołowie 3 … Trony 11), None if unknown."""
    return ORDER_LEVELS.get(order)


def orders_in_choir(choir: str) -> list[str]:
    """Return the orders that make up a choir, lowest first."""
    return [order for order in Order.values if choir_for_order(order) == choir]


def choir_label(choir: str, faction: str) -> str:
    """Name a choir the way its faction does: Chór for the Lord's angels, Krąg for the Fallen."""
    words = {Faction.LORD: _("Chór"), Faction.FALLEN: _("Krąg")}
    return f"{words.get(faction, _('Chór / Krąg'))} {choir}"


ORDER_LEVELS = {info.id: info.level for info in ORDERS}
