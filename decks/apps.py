from functools import partial

from django.apps import AppConfig
from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.db.models.signals import post_save, pre_delete
from django.utils.translation import gettext_lazy as _


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = _("Talie")

    def ready(self) -> None:
        from cardbase.changesets import changeset_applied, in_changeset
        from cardbase.models import Card
        from decks.contract import contract_reads
        from decks.models import Deck
        from decks.services.verdicts import revalidate_decks_with
        from decks.tasks import revalidate_decks_holding_cards

        def card_saved(sender, instance, created, raw=False, **kwargs):
            # A corrected card can make decks legal or illegal: keep their stored verdicts true.
            # A changeset's cards are judged once, when it is written (below).
            if not created and not raw and not in_changeset():
                revalidate_decks_with(card=instance)

        post_save.connect(card_saved, sender=Card, dispatch_uid="decks-revalidate-on-card-save")

        def changeset_written(sender, changeset, card_ids, facts, **kwargs):
            # In the background: a changeset of a card 20,000 decks hold returns at once. Queued
            # once the changeset commits, so no worker (Redis's least of all, outside the
            # transaction) judges the decks against cards not yet committed, or rolled back.
            # A card whose changed facts the rules never read (its text, its notes) is left out.
            judged = [pk for pk in card_ids if any(map(contract_reads, facts[pk]))]
            if judged:
                transaction.on_commit(
                    partial(revalidate_decks_holding_cards.enqueue, card_ids=judged)
                )

        changeset_applied.connect(changeset_written, dispatch_uid="decks-revalidate-on-changeset")

        def player_deleted(sender, instance, **kwargs):
            # The player's likes go with them by cascade, which no service sees: take them off
            # the liked decks' counts here, in the deletion's transaction.
            Deck.objects.filter(likes__user=instance).update(like_count=F("like_count") - 1)

        pre_delete.connect(
            player_deleted,
            sender=settings.AUTH_USER_MODEL,
            dispatch_uid="decks-unlike-on-user-delete",
        )
