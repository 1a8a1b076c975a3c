import pytest


@pytest.fixture(autouse=True)
def _private_photos_in_a_temporary_folder(settings, tmp_path):
    settings.STORAGES = {
        **settings.STORAGES,
        "proposal_sources": {
            "BACKEND": "django.core.files.storage.FileSystemStorage",
            "OPTIONS": {"location": tmp_path / "private", "base_url": None},
        },
    }
