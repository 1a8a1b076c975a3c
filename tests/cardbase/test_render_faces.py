"""Faces rendered ahead of the first visit: every card, every language, once per card version."""

import io

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from tests.factories import AngelFactory, GameFactory, HumanFactory

pytestmark = pytest.mark.django_db


def _render(*args) -> str:
    out = io.StringIO()
    call_command("render_faces", *args, stdout=out)
    return out.getvalue()


def _faces(settings) -> set[str]:
    return {p.name for p in (settings.MEDIA_ROOT / "faces").iterdir()}


def test_every_card_gets_a_face_in_every_language(settings):
    AngelFactory(name="Gammon", slug="gammon")
    HumanFactory(name="Kowal", slug="kowal")

    # Aniołowie has no French labels: a card's French face is its English one, drawn once.
    assert "Faces: 4 rendered, 2 already there" in _render()

    names = _faces(settings)
    assert len(names) == 4
    assert sum(name.startswith("gammon-") for name in names) == 2
    assert all(name.endswith(".png") for name in names)


def test_a_second_pass_keeps_every_face(settings):
    AngelFactory(name="Gammon", slug="gammon")
    _render()
    before = {p.name: p.stat().st_mtime_ns for p in (settings.MEDIA_ROOT / "faces").iterdir()}

    assert "Faces: 0 rendered, 3 already there" in _render()

    after = {p.name: p.stat().st_mtime_ns for p in (settings.MEDIA_ROOT / "faces").iterdir()}
    assert after == before


def test_an_edited_card_is_drawn_again_and_only_it(settings):
    gammon = AngelFactory(name="Gammon", slug="gammon")
    AngelFactory(name="Lewiatan", slug="lewiatan")
    _render()
    gammon.attributes = {**gammon.attributes, "level": 8}
    gammon.save()

    assert "Faces: 2 rendered, 4 already there" in _render()
    assert len(_faces(settings)) == 6


def test_the_first_visit_is_served_the_face_rendered_ahead(client, settings):
    AngelFactory(name="Gammon", slug="gammon")
    _render()
    before = {p.name: p.stat().st_mtime_ns for p in (settings.MEDIA_ROOT / "faces").iterdir()}

    for lang in ("pl", "en"):
        client.post(reverse("set_language"), {"language": lang, "next": "/"})
        url = reverse("card-face", kwargs={"game": "aniolowie", "slug": "gammon"})
        assert b"".join(client.get(url).streaming_content).startswith(b"\x89PNG")

    after = {p.name: p.stat().st_mtime_ns for p in (settings.MEDIA_ROOT / "faces").iterdir()}
    assert after == before


def test_one_game_alone(settings, other_game):
    AngelFactory(name="Gammon", slug="gammon")
    AngelFactory(name="Bis", slug="bis", game=GameFactory(slug=other_game, name="Bis"))

    assert "Faces: 2 rendered, 1 already there" in _render("--game", other_game)
    assert {name.split("-")[0] for name in _faces(settings)} == {"bis"}


def test_prune_removes_the_faces_no_card_shows_any_more(settings):
    gammon = AngelFactory(name="Gammon", slug="gammon")
    AngelFactory(name="Lewiatan", slug="lewiatan")
    _render()
    old = {name for name in _faces(settings) if name.startswith("gammon-")}
    gammon.attributes = {**gammon.attributes, "level": 8}
    gammon.save()

    assert "Faces: 2 rendered, 4 already there, 2 outdated removed" in _render("--prune")

    names = _faces(settings)
    assert len(names) == 4 and not old & names


def test_prune_refuses_one_game_alone():
    with pytest.raises(CommandError, match="--prune needs every card"):
        _render("--prune", "--game", "aniolowie")


def test_the_default_language_goes_first_and_the_cards_in_the_catalogues_order(client, settings):
    """A first visitor opens the catalogue's first page in Polish: those faces are ready first."""
    for name in ("Zenon", "Abaddon", "Michał"):
        AngelFactory(name=name, slug=name.lower().replace("ł", "l"))
    _render()

    written = sorted(
        (settings.MEDIA_ROOT / "faces").iterdir(), key=lambda path: path.stat().st_mtime_ns
    )
    slugs = [path.name.split("-")[0] for path in written]
    assert slugs == ["abaddon", "michal", "zenon"] * 2
    url = reverse("card-face", kwargs={"game": "aniolowie", "slug": "abaddon"})
    polish = b"".join(client.get(url, HTTP_ACCEPT_LANGUAGE="pl").streaming_content)
    english = b"".join(client.get(url, HTTP_ACCEPT_LANGUAGE="en").streaming_content)
    assert polish != english
    assert written[0].read_bytes() == polish and written[3].read_bytes() == english
