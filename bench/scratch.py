"""What the benchmarks share: scratch PostgreSQL databases (one of the run's own, always
dropped), and running a command of the repository.

Not a benchmark itself (bench/run.py runs bench_*.py and load.py): the scripts import it.
"""

from __future__ import annotations

import argparse
import os
import secrets
import signal
import subprocess
import sys
import tempfile
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


DEFAULT_PG_URL = "postgres://postgres@127.0.0.1:5432/cardbase_bench"


def on_each_database(label: str, only: str | None, build, report) -> int:
    """Build and measure a scratch site on SQLite, then on PostgreSQL when a server answers,
    and print each one's report; return the exit status (1 when the benchmark itself broke).

    `build(database_url, work)` builds and measures a site, returning its figures, and `work` is
    a temporary folder the run shares (static files, media); `report(name, figures)` returns
    the lines to print. `only` ("sqlite" or "postgresql") skips the other database.
    """
    # A TERM (a CI timeout, a kill) unwinds through the `with` blocks as Ctrl-C does.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    out = []
    try:
        with tempfile.TemporaryDirectory(prefix=f"bench-{label}-") as tmp:
            work = Path(tmp)
            if only != "postgresql":
                print("SQLite", flush=True)
                url = f"sqlite:///{tmp}/cardbase_bench_{label.replace('-', '_')}.sqlite3"
                out += [*report("SQLite", build(url, work)), ""]
            if only != "sqlite":
                base = os.environ.get("BENCH_DATABASE_URL", DEFAULT_PG_URL)
                why_not = postgres_unavailable(base)
                if why_not:
                    print(f"PostgreSQL skipped: {why_not}")
                else:
                    with ScratchDatabase(base, label.replace("-", "_")) as database:
                        print(f"PostgreSQL: scratch database {database.name}", flush=True)
                        out += [*report("PostgreSQL", build(database.url, work)), ""]
    except (BenchError, ValueError) as exc:
        print(f"{label} benchmark failed: {exc}", file=sys.stderr)
        return 1
    print()
    print("\n".join(out))
    return 0


def aim_verdict(p95: float, aim: float | None) -> str:
    """Return a report's last column: the aim and whether the p95 met it ("" without one)."""
    if aim is None:
        return ""
    return f"< {aim:.0f} ms: " + ("met" if p95 < aim else "MISSED")


def bench_arguments(doc: str) -> argparse.ArgumentParser:
    """Return a benchmark's parser with the options every scratch-site benchmark takes:
    `--rounds`, `--only` (one database) and the child's hidden `--measure`."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--only", choices=("sqlite", "postgresql"))
    return parser
