"""Generated faces are pure Pillow and pure rules: no Django and no database needed."""

import pytest


@pytest.fixture(autouse=True)
def _media_root():
    """Override tests/cardbase/conftest.py's fixture, which needs pytest-django's `settings`.

    Nothing here writes media files.
    """
