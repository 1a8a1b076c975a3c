from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CardbaseConfig(AppConfig):
    name = "cardbase"
    verbose_name = _("Katalog kart")
