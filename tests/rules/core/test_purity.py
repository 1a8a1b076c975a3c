"""The rules engine stays pure Python: no Django, importable anywhere."""

from tests.purity import REPO, django_modules_loaded_by, importers_of, sources

CHECKED = sources(REPO / "rules", REPO / "tests" / "rules")


def test_no_source_file_imports_django():
    assert CHECKED
    assert importers_of("django", CHECKED) == []


def test_importing_and_running_rules_loads_no_django():
    code = (
        "import rules, rules.cli, rules.core.registry, rules.aniolowie\n"
        "rules.core.registry.configure(['rules.aniolowie'])\n"
        "rules.validate_contract({'game': 'aniolowie', 'cards': []})"
    )
    assert django_modules_loaded_by(code) == []
