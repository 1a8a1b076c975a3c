"""The search imports what it needs at the top, and the models and managers never reach it."""

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
SEARCH = sorted((REPO / "cardbase" / "search").glob("*.py"))


def nested_imports(path: Path) -> list[str]:
    """Return the lines of `path` that import inside a function or a class."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    for outer in ast.walk(tree):
        if isinstance(outer, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            for node in ast.walk(outer):
                if isinstance(node, ast.Import | ast.ImportFrom):
                    found.append(f"{path.name}:{node.lineno}")
    return found


def imported_names(path: Path) -> set[str]:
    """Return every module, and every name taken from a module, that `path` imports (dotted)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_no_search_module_imports_inside_a_function():
    assert SEARCH
    assert [line for path in SEARCH for line in nested_imports(path)] == []


def test_the_models_and_their_managers_import_no_search():
    for path in (REPO / "cardbase" / "models.py", REPO / "cardbase" / "managers.py"):
        imported = imported_names(path)
        assert not [name for name in imported if name.startswith("cardbase.search")], path.name
        assert nested_imports(path) == [], path.name
