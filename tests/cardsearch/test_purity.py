"""The search language stays pure Python: no Django, no game of its own, importable anywhere."""

from tests.purity import REPO, django_modules_loaded_by, imported_modules, importers_of, sources

CHECKED = sources(REPO / "cardsearch")


def test_no_source_file_imports_django():
    assert len(CHECKED) >= 5
    assert importers_of("django", CHECKED) == []


def test_no_cardsearch_module_imports_a_game():
    for path in CHECKED:
        games = {
            name
            for name in imported_modules(path)
            if name.startswith("rules.") and not name.startswith("rules.core")
        }
        assert games == set(), path.name


def test_parsing_and_describing_loads_no_django():
    code = (
        "import cardsearch, rules.core.registry\n"
        "rules.core.registry.configure(['rules.aniolowie'])\n"
        "cardsearch.describe(cardsearch.parse('f:upadli zakon:potęgi wsparcie>=4'), 'pl')"
    )
    assert django_modules_loaded_by(code) == []
