"""What is left of the hard-coded Aniołowie value sets: the API schema's faction enum only.

Everything else reads the game's schema (rules/aniolowie/schema.py). `Faction` stays while
settings.SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"] names it; delete this module with that entry.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Faction(models.TextChoices):
    LORD = "lord", _("Aniołowie Pana")
    FALLEN = "fallen", _("Upadli")
    ANY = "any", _("obie frakcje")
