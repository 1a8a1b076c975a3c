"""The registry: the games named, in order, each by the id it declares; nothing of one game in
the public interface."""

import subprocess
import sys

import pytest

import rules
from rules.core import registry
from rules.core.schema import Game
from tests.purity import REPO


@pytest.fixture
def restored():
    """Give a test the registry to configure as it likes, and put the site's back afterwards."""
    modules, default = registry.configuration()
    yield registry
    registry.configure(modules, default=default)


def test_every_served_game_declares_itself_under_its_id():
    games = rules.all_games()
    assert [game.id for game in games] == list(rules.game_ids())
    assert all(isinstance(game, Game) for game in games)
    assert all(rules.is_game(game.id) for game in games)


def test_the_games_are_served_in_the_order_named_and_the_first_is_the_default(restored):
    restored.configure(["rules.inwo", "rules.aniolowie"])
    assert rules.game_ids() == ("inwo", "aniolowie")
    assert rules.default_game_id() == "inwo"


def test_a_named_default_game_wins_over_the_order(restored):
    restored.configure(["rules.inwo", "rules.aniolowie"], default="aniolowie")
    assert rules.default_game_id() == "aniolowie"


def test_a_game_id_is_what_its_package_declares_not_its_module_name(restored):
    restored.configure(["rules.aniolowie", "tests.toy_game", "tests.other_game"])
    assert rules.game_ids() == ("aniolowie", "toy", "aniolowie-bis")
    assert rules.get_game("aniolowie-bis").id == "aniolowie-bis"
    assert not rules.is_game("other_game") and not rules.is_game("toy_game")


def test_a_game_left_out_is_unknown(restored):
    restored.configure(["rules.aniolowie"])
    assert not rules.is_game("inwo")
    with pytest.raises(
        rules.DeckFormatError, match="unknown game 'inwo'; expected one of aniolowie"
    ):
        rules.validate_contract({"game": "inwo", "cards": []})


def test_register_adds_a_game_after_the_others_and_unregister_removes_it(restored):
    restored.configure(["rules.aniolowie"])
    assert restored.register("tests.toy_game") == "toy"
    assert rules.game_ids() == ("aniolowie", "toy")
    assert restored.configuration() == (("rules.aniolowie", "tests.toy_game"), None)
    restored.unregister("toy")
    assert rules.game_ids() == ("aniolowie",)


@pytest.mark.parametrize(
    ("modules", "default", "message"),
    [
        (["rules.aniolowie", "rules.core"], None, "rules.core defines no GAME"),
        (
            ["rules.aniolowie", "tests.other_game", "tests.other_game"],
            None,
            "'aniolowie-bis' again",
        ),
        (["rules.aniolowie"], "inwo", "the default game 'inwo' is not among the games configured"),
        ([], None, "GAMES names none"),
    ],
)
def test_a_configuration_that_cannot_be_served_says_why(restored, modules, default, message):
    restored.configure(modules, default=default)
    with pytest.raises(registry.RegistryError, match=message):
        rules.default_game_id()


def test_registering_an_id_already_served_is_refused(restored):
    restored.configure(["rules.aniolowie", "tests.other_game"])
    with pytest.raises(registry.RegistryError, match="'aniolowie-bis' again"):
        restored.register("tests.other_game")
    assert rules.game_ids() == ("aniolowie", "aniolowie-bis")


def test_a_site_serving_one_game_never_imports_the_others():
    code = (
        "import sys\n"
        "from rules.core import registry\n"
        "registry.configure(['rules.inwo'])\n"
        "registry.validate_contract({'game': 'inwo', 'cards': []})\n"
        "print(sorted(m for m in sys.modules if m.startswith('rules.') and m.count('.') == 1))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "['rules.core', 'rules.inwo']"


def test_the_public_interface_names_no_game_specific_fact():
    for name in ("ORDERS", "choir_for_order", "copy_limit", "OrderInfo"):
        assert not hasattr(rules, name)
