from django.apps import AppConfig
from django.db.models.signals import post_save
from django.utils.translation import gettext_lazy as _


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = _("Talie")

    def ready(self) -> None:
        from cardbase.models import Card
        from decks.services import revalidate_decks_with

        def card_saved(sender, instance, created, raw=False, **kwargs):
            # A corrected card can make decks legal or illegal: keep their stored verdicts true.
            if not created and not raw:
                revalidate_decks_with(card=instance)

        post_save.connect(card_saved, sender=Card, dispatch_uid="decks-revalidate-on-card-save")
