"""Shared test setup: media files go to a temporary folder, never the real one."""

import pytest


@pytest.fixture(autouse=True)
def _media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
