"""A changed card's face is drawn anew in the background once its changeset commits."""

import pytest

from cardbase.changesets import Source, recording_changeset
from cardbase.face_files import face_png_path
from tests.factories import AngelFactory

pytestmark = pytest.mark.django_db


def _faces(settings) -> set[str]:
    folder = settings.MEDIA_ROOT / "faces"
    return {p.name for p in folder.iterdir()} if folder.is_dir() else set()


def _raise_level(card, django_capture_on_commit_callbacks):
    with (
        django_capture_on_commit_callbacks(execute=True),
        recording_changeset(game=card.game, source=Source.note("korekta")) as changeset,
    ):
        card.attributes = {**card.attributes, "level": 6}
        changeset.save(card)


def test_the_changed_cards_face_is_drawn_in_every_language(
    settings, django_capture_on_commit_callbacks
):
    settings.RENDER_FACES_AFTER_CHANGES = True
    gammon = AngelFactory(name="Gammon", slug="gammon", level=5)
    AngelFactory(name="Kasjel", slug="kasjel")

    _raise_level(gammon, django_capture_on_commit_callbacks)

    drawn = _faces(settings)
    assert len(drawn) == 2  # Polish and English, of the changed card only
    assert all(name.startswith("gammon-") for name in drawn)
    assert face_png_path(gammon).name in drawn  # the face of the card as it now is


def test_an_operator_can_leave_faces_to_their_first_visit(
    settings, django_capture_on_commit_callbacks
):
    settings.RENDER_FACES_AFTER_CHANGES = False
    gammon = AngelFactory(name="Gammon", slug="gammon", level=5)

    _raise_level(gammon, django_capture_on_commit_callbacks)

    assert _faces(settings) == set()
