"""The house's layout holds: no hall of a module, no import circle, no hidden import, no game in shared code."""

import ast
import importlib
import io
import re
import tokenize
from pathlib import Path

from tests.purity import REPO, sources

# What the layout rules cover: the project's own code, not its tests, benchmarks or migrations.
APP_FOLDERS = ("accounts", "api", "backups", "cardbase", "cardsearch", "common", "config", "decks")
GAME_FOLDERS = tuple(
    path.parent for path in (REPO / "rules").glob("*/__init__.py") if path.parent.name != "core"
)
MAX_LINES = 700


def project_sources() -> list[Path]:
    """Return every Python file of the apps and of rules/, migrations left out."""
    folders = [REPO / name for name in APP_FOLDERS] + [REPO / "rules"]
    return [path for path in sources(*folders) if "migrations" not in path.parts]


def shown(path: Path) -> str:
    """Return a path relative to the repository, as a failure shows it."""
    return str(path.relative_to(REPO))


def module_name(path: Path) -> str:
    """Return the dotted module name of a source file."""
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_type_checking(node: ast.If) -> bool:
    """Tell whether an `if` guards type-only imports."""
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def run_time_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """Return the imports a module runs when it loads: top level, outside TYPE_CHECKING."""
    found = []
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif isinstance(node, (ast.If, ast.Try)) and not (
            isinstance(node, ast.If) and is_type_checking(node)
        ):
            found += [
                inner for inner in ast.walk(node) if isinstance(inner, (ast.Import, ast.ImportFrom))
            ]
    return found


def imported_project_modules(path: Path, modules: set[str]) -> set[str]:
    """Return the project modules a file imports when it loads."""
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    names = set()
    for node in run_time_imports(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
            continue
        base = node.module or ""
        if node.level:
            anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
            base = ".".join([*anchor, base] if base else anchor)
        for alias in node.names:
            # `from cardbase import search` imports the module cardbase.search.
            names.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base)
    return {name for name in names if name in modules and name != here}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Return each group of modules that import one another in a loop (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_module_outside_tests_benchmarks_and_migrations_is_over_700_lines():
    long = {
        shown(path): lines
        for path in project_sources()
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }

    assert long == {}


def test_the_import_graph_has_no_circle():
    paths = project_sources()
    modules = {module_name(path) for path in paths}
    graph = {module_name(path): imported_project_modules(path, modules) for path in paths}

    assert circles(graph) == []


def test_the_circle_finder_finds_a_circle_of_three_and_ignores_a_chain():
    looped = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    chained = {"a": {"b"}, "b": {"c"}, "c": set()}

    assert circles(looped) == [["a", "b", "c"]]
    assert circles(chained) == []


def test_no_import_hides_inside_a_function_without_saying_why():
    # An app's ready() imports its models once the registry is loaded: that is Django's load
    # order, and any other import inside a function must say so in a comment on the line above.
    hidden = []
    for path in project_sources():
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        for function in ast.walk(ast.parse(text)):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            if path.name == "apps.py" and function.name == "ready":
                continue
            for node in ast.walk(function):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    above = lines[node.lineno - 2].strip()
                    if not (above.startswith("#") and "load order" in above.lower()):
                        hidden.append(f"{shown(path)}:{node.lineno}")

    assert hidden == []


def game_words() -> dict[str, set[str]]:
    """Return, for each game package, its id, its package's name and its names in each language."""
    words = {}
    for folder in GAME_FOLDERS:
        game = importlib.import_module(f"rules.{folder.name}").GAME
        names = set(game.name.values())
        # A name's first word ("Illuminati", "Dark Eden" whole) is what shared code would write.
        words[folder.name] = {folder.name, game.id, *names, *(name.split(":")[0] for name in names)}
    return words


def docstring_lines(tree: ast.Module) -> set[int]:
    """Return the lines of every docstring in a module."""
    lines = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                lines.update(range(first.lineno, first.end_lineno + 1))
    return lines


def code_of_python(text: str) -> list[tuple[int, str]]:
    """Return the names and strings a Python file runs with, by line: no comment, no docstring."""
    skipped = docstring_lines(ast.parse(text))
    return [
        (token.start[0], token.string)
        for token in tokenize.generate_tokens(io.StringIO(text).readline)
        if token.type in (tokenize.NAME, tokenize.STRING) and token.start[0] not in skipped
    ]


COMMENTS = re.compile(r"/\*.*?\*/|\{#.*?#\}|<!--.*?-->|^\s*//.*?$", re.S | re.M)


def code_of_page(text: str) -> list[tuple[int, str]]:
    """Return a template's, a stylesheet's or a script's lines with their comments blanked."""
    kept = COMMENTS.sub(lambda match: "\n" * match.group().count("\n"), text)
    return list(enumerate(kept.splitlines(), 1))


def test_shared_code_names_no_game():
    # Each game's id, package and name may be written only in its own package; comments and
    # docstrings may cite a game as an example. The list of games the site serves
    # (rules/games.py) is configuration. The backup file's format name predates the other games
    # and is kept so that every backup ever written still restores. The benchmarks' generators
    # (bench/) invent cards shaped as Aniołowie's on purpose and are no shared code.
    allowed = {"backups/archive.py"}
    shared = [
        path
        for folder in (*APP_FOLDERS, "rules/core", "templates", "static")
        for path in (REPO / folder).rglob("*")
        if path.suffix in {".py", ".html", ".js", ".css", ".txt"}
        and "migrations" not in path.parts
        and shown(path) not in allowed
    ] + [REPO / "rules" / "__init__.py", REPO / "rules" / "__main__.py", REPO / "rules" / "cli.py"]
    words = set().union(*game_words().values())
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, sorted(words))) + r")\b", re.I)
    found = []
    for path in shared:
        text = path.read_text(encoding="utf-8")
        pieces = code_of_python(text) if path.suffix == ".py" else code_of_page(text)
        found += [
            f"{shown(path)}:{line}: {piece}" for line, piece in pieces if pattern.search(piece)
        ]

    assert found == []


def test_the_site_calls_a_games_declaration_gamerules_and_its_row_game():
    # One name for one thing: `Game` is the model (cardbase.models), `GameRules` the declaration.
    misnamed = []
    for path in project_sources():
        if path.parts[len(REPO.parts)] in ("rules", "cardsearch"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom):
                continue
            for alias in node.names:
                if alias.name != "Game":
                    continue
                wanted = "GameRules" if node.module == "rules.core.schema" else None
                if node.module in ("rules.core.schema", "cardbase.models") and (
                    alias.asname != wanted
                ):
                    misnamed.append(f"{shown(path)}:{node.lineno}: {node.module} as {alias.asname}")

    assert misnamed == []
