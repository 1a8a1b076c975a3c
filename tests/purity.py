"""Check that a pure-Python package (rules/, cardsearch/) imports no Django and no game of its own."""

import ast
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def sources(*folders: Path) -> list[Path]:
    """Return every Python file below the folders."""
    return sorted(path for folder in folders for path in folder.rglob("*.py"))


def imported_modules(path: Path) -> set[str]:
    """Return the dotted name of every module a source file imports (relative ones left out)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def importers_of(package: str, paths: list[Path]) -> list[str]:
    """Return the names of the files that import `package` or any module in it."""
    return [
        path.name
        for path in paths
        if any(name == package or name.startswith(f"{package}.") for name in imported_modules(path))
    ]


def django_modules_loaded_by(code: str) -> list[str]:
    """Run `code` in a fresh interpreter and return the Django modules it loaded."""
    probe = (
        f"{code}\nimport sys\n"
        "print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True, check=True
    )
    return ast.literal_eval(result.stdout.strip())
