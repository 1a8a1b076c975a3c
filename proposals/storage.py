"""Where a proposal's photo is kept: never at a media address anyone could guess or open.

Locally under PRIVATE_MEDIA_ROOT, outside MEDIA_ROOT (which a web server may serve); on S3 under
its own prefix with private objects. Either way the site reads the file and serves it through
a view that checks who asks (proposals.views.proposing.source_image).
"""

import uuid

from django.core.files.storage import storages
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils.functional import LazyObject, empty

ALIAS = "proposal_sources"


class _SourceStorage(LazyObject):
    # Resolved when first used and again after STORAGES changes (as Django's default_storage
    # is), not once when the model is defined.
    def _setup(self) -> None:
        self._wrapped = storages[ALIAS]


_source_storage = _SourceStorage()


@receiver(setting_changed)
def _storages_changed(*, setting: str, **kwargs) -> None:
    if setting == "STORAGES":
        _source_storage._wrapped = empty


def source_storage():
    """Return the storage that keeps proposals' photos."""
    return _source_storage


def source_image_name(instance, filename: str) -> str:
    """Name a photo at random: its name tells nothing and cannot be guessed."""
    return f"proposals/{uuid.uuid4().hex}.jpg"
