"""The rules engine stays pure Python: no Django, no site settings, no game in the shared core."""

from tests.purity import REPO, django_modules_loaded_by, importers_of, sources

CHECKED = sources(REPO / "rules", REPO / "tests" / "rules")
RULES = REPO / "rules"
GAMES = sorted(
    path.name for path in RULES.iterdir() if (path / "__init__.py").exists() and path.name != "core"
)


def test_no_source_file_imports_django():
    assert CHECKED
    assert importers_of("django", CHECKED) == []


def test_no_rules_module_imports_the_site_settings():
    assert importers_of("config", sources(RULES)) == []


def test_the_shared_core_imports_no_game():
    core = sources(RULES / "core")
    assert GAMES and core
    assert [importers_of(f"rules.{game}", core) for game in GAMES] == [[] for _ in GAMES]


def test_importing_and_running_rules_loads_no_django():
    code = (
        "import rules, rules.cli, rules.core.registry, rules.aniolowie\n"
        "rules.core.registry.configure(['rules.aniolowie'])\n"
        "rules.validate_contract({'game': 'aniolowie', 'cards': []})"
    )
    assert django_modules_loaded_by(code) == []
