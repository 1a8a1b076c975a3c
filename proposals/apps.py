from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ProposalsConfig(AppConfig):
    name = "proposals"
    verbose_name = _("Propozycje graczy")
