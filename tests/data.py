"""Where the suite finds third-party card data (settings.CARD_DATA_DIR), skipping when absent."""

from pathlib import Path

import pytest


def card_data_file(relative: str) -> Path:
    """Return a data file under CARD_DATA_DIR, or skip the test saying what is missing."""
    # Settings are read here, not imported at the top, so pure tests can use the fixtures.
    from django.conf import settings

    path = Path(settings.CARD_DATA_DIR) / relative
    if not path.is_file():
        pytest.skip(
            f"{path} is not there: set CARD_DATA_DIR to the shared data directory "
            f"(the data is third-party and never in the repository)"
        )
    return path
