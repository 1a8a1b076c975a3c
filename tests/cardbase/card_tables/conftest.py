"""Fixtures for the card-table tests."""

import pytest


@pytest.fixture
def operator_upload_dir(settings, tmp_path):
    """Keep uploaded card files, and their runs' progress, in the test's own directory."""
    settings.IMPORT_UPLOADS_DIR = tmp_path / "imports"
    return settings.IMPORT_UPLOADS_DIR
