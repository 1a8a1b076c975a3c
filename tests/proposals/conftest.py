import pytest

from tests.proposal_steps import keep_photos_in


@pytest.fixture(autouse=True)
def _private_photos_in_a_temporary_folder(settings, tmp_path):
    keep_photos_in(settings, tmp_path / "private")
