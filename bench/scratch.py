"""What the benchmarks share: scratch PostgreSQL databases (one of the run's own, always
dropped), and running a command of the repository.

Not a benchmark itself (bench/run.py runs bench_*.py and load.py): the scripts import it.
"""

from __future__ import annotations

import secrets
import subprocess
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

# A database is only ever made and dropped under a name that starts so.
PREFIX = "cardbase_bench"
REPO = Path(__file__).resolve().parent.parent


class BenchError(Exception):
    """The benchmark itself failed (a command or a page broke, the server did not start)."""


def run(args: list[str], env: dict[str, str]) -> str:
    """Run a command in the repository with `env`; return its stdout or raise BenchError."""
    result = subprocess.run(args, cwd=REPO, env=env, capture_output=True, text=True, check=False)
    if result.returncode:
        raise BenchError(
            f"{' '.join(args)} failed:\n{result.stdout[-2000:]}{result.stderr[-4000:]}"
        )
    return result.stdout


def shown(url: str) -> str:
    """Return `url` with its password hidden, for messages."""
    parts = urlsplit(url)
    netloc = parts.netloc.rsplit("@", 1)
    if len(netloc) == 2 and ":" in netloc[0]:
        netloc[0] = netloc[0].split(":", 1)[0] + ":***"
    return urlunsplit(parts._replace(netloc="@".join(netloc)))


def unique_name(base: str, label: str = "") -> str:
    """Return `base` (and `label`) with the time and a random suffix: a name no other run has."""
    middle = f"_{label}" if label else ""
    return f"{base}{middle}_{datetime.now(UTC):%Y%m%d%H%M%S}_{secrets.token_hex(3)}"


def postgres_unavailable(url: str) -> str | None:
    """Say why PostgreSQL at `url`'s server cannot serve the run, or return None."""
    try:
        import psycopg
    except ImportError as exc:
        return f"psycopg is not installed ({exc})"
    admin = urlunsplit(urlsplit(url)._replace(path="/postgres"))
    try:
        psycopg.connect(admin, connect_timeout=3).close()
    except psycopg.Error as exc:
        return f"PostgreSQL at {shown(admin)} does not answer ({str(exc).strip()})"
    return None


class ScratchDatabase:
    """A PostgreSQL database of the run's own, created on entry and dropped on exit.

    Named after `base_url`'s database plus `label`, the time and a random suffix, so two runs
    at once never share one; the name must start with PREFIX.
    """

    def __init__(self, base_url: str, label: str = ""):
        parts = urlsplit(base_url)
        self.name = unique_name(parts.path.lstrip("/"), label)
        if not self.name.startswith(PREFIX):
            raise ValueError(
                f"{shown(base_url)}: a benchmark's database name must start with {PREFIX!r}"
            )
        self.url = urlunsplit(parts._replace(path=f"/{self.name}"))
        self.admin_url = urlunsplit(parts._replace(path="/postgres"))

    def __enter__(self) -> ScratchDatabase:
        import psycopg
        from psycopg import sql

        with psycopg.connect(self.admin_url, autocommit=True, connect_timeout=3) as conn:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(self.name)))
        return self

    def __exit__(self, *exc) -> None:
        import psycopg
        from psycopg import sql

        with psycopg.connect(self.admin_url, autocommit=True, connect_timeout=3) as conn:
            # FORCE: a child killed mid-query may leave its connection behind for a moment.
            drop = sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)")
            conn.execute(drop.format(sql.Identifier(self.name)))
