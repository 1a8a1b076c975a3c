"""The rules engine stays pure Python: no Django, importable anywhere."""

import ast
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
CHECKED = sorted((REPO / "rules").rglob("*.py")) + sorted(Path(__file__).parents[1].rglob("*.py"))


def imported_modules(path: Path) -> set[str]:
    """Return the top-level names of every module a source file imports."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


def test_no_source_file_imports_django():
    assert CHECKED
    offenders = [path.name for path in CHECKED if "django" in imported_modules(path)]
    assert offenders == []


def test_importing_and_running_rules_loads_no_django():
    code = (
        "import sys, rules, rules.cli, rules.core.registry, rules.aniolowie\n"
        "rules.validate_contract({'game': 'aniolowie', 'cards': []})\n"
        "loaded = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "print(loaded)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
