import pytest
from django.contrib.auth.models import Permission

from tests.factories import UserFactory
from tests.proposal_steps import keep_photos_in


@pytest.fixture(autouse=True)
def _private_photos_in_a_temporary_folder(settings, tmp_path):
    keep_photos_in(settings, tmp_path / "private")


@pytest.fixture
def moderator(db):
    """A player granted the moderators' permission."""
    user = UserFactory(username="moderatorka")
    user.user_permissions.add(Permission.objects.get(codename="moderate_proposal"))
    return user
