from functools import partial

from django.apps import AppConfig
from django.conf import settings
from django.db import transaction
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


class CardbaseConfig(AppConfig):
    name = "cardbase"
    verbose_name = _("Katalog kart")

    def ready(self) -> None:
        # Imported here, not at the top: the catalogue version and the search import the models,
        # which Django loads only after every app's config (apps.py comes before models.py).
        from cardbase.attribute_slots import repair_slots_after_migrate
        from cardbase.catalogue_version import install_triggers_after_migrate
        from cardbase.changesets import changeset_applied
        from cardbase.facet_values import repair_facet_values_after_migrate
        from cardbase.search.fts_sqlite import repair_search_mirror_after_migrate
        from cardbase.tasks import render_faces_of_cards

        # A migration that remakes cardbase_card on SQLite drops the triggers feeding the
        # search mirror: every `migrate` (and `flush`) ends by putting them back.
        post_migrate.connect(
            repair_search_mirror_after_migrate, sender=self, dispatch_uid="cardbase_search_mirror"
        )
        # ... and those keeping the facet values, which also follow each game's declaration.
        post_migrate.connect(
            repair_facet_values_after_migrate, sender=self, dispatch_uid="cardbase_facet_values"
        )
        # ... and those filling the attribute slots, which follow each game's declaration too.
        post_migrate.connect(
            repair_slots_after_migrate, sender=self, dispatch_uid="cardbase_attribute_slots"
        )
        # The same remake drops the triggers that change the catalogue's version.
        post_migrate.connect(
            install_triggers_after_migrate, sender=self, dispatch_uid="cardbase_catalogue_version"
        )

        def changeset_written(sender, changeset, card_ids, **kwargs):
            # A changed card's face is drawn anew in the background, once the change commits,
            # so its first visitor does not wait for it.
            if settings.RENDER_FACES_AFTER_CHANGES:
                transaction.on_commit(
                    partial(render_faces_of_cards.enqueue, card_ids=list(card_ids))
                )

        changeset_applied.connect(changeset_written, dispatch_uid="cardbase-faces-on-changeset")
