"""Load-test the site as production serves it: gunicorn, PostgreSQL, Redis, DEBUG off.

The run, start to end, owns everything it uses and removes it afterwards, failure or not:

1. a scratch PostgreSQL database named after BENCH_LOAD_DATABASE_URL's (default
   postgres://postgres@127.0.0.1:5432/cardbase_bench_load) plus a suffix unique to the run,
   created, migrated, loaded with the catalogue and the card data (CARD_DATA_DIR), then dropped;
2. the static files collected into a temporary DJANGO_STATIC_ROOT;
3. players and decks made by bench/load_setup.py (public decks to open, players who save);
4. gunicorn on 127.0.0.1:--port (8851) with production settings and a random secret key,
   Redis at BENCH_LOAD_REDIS_URL (default redis://127.0.0.1:6379/15) as the cache, keeping its
   PostgreSQL connections open (DATABASE_CONN_MAX_AGE); killed at the end. The Redis database is
   emptied at the end only when it was empty at the start;
5. locust (bench/load_scenario.py), headless, one phase per endpoint group: --users visitors
   request that group back to back for --duration seconds. /livez, the view that touches
   nothing, is the first phase: the baseline every group's rate is compared with.

Prints per group requests/s, p50/p95/p99, errors and the rate as a share of /livez's, and whether
the aims are met (no errors; p99 under 200 ms; cached reads at half /livez's rate or better),
and writes the same table to bench/results/load-<time>.md. The API's throttles are lifted for
the run (one client would otherwise be told 429 within seconds): the bench measures the site,
not its limits. Exits 0 whatever the figures; non-zero only when the benchmark itself fails. When
PostgreSQL or Redis does not answer, it says so and exits 0 without running.

With --scale [CARDS] the site serves `manage.py make_scale_data` (50,000 cards, 2,000 players,
20,000 decks with versions and likes) instead of the real catalogue, and the public decks opened
are the scale data's.

    python bench/load.py [--users 8] [--duration 30] [--workers 2] [--threads 4]
                         [--groups livez,catalogue,...] [--port 8851] [--scale [CARDS]]
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from scratch import REPO, BenchError, ScratchDatabase, run, shown

RESULTS = REPO / "bench" / "results"
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/cardbase_bench_load"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/15"
# Group name (as the scenario names its requests) -> the scenario's user class.
GROUPS = {
    "livez": "Livez",
    "healthz": "Healthz",
    "catalogue": "Catalogue",
    "search": "Search",
    "card page": "CardPage",
    "public deck": "PublicDeck",
    "validate API": "ValidateApi",
    "builder save": "BuilderSave",
}
# The reads the "half the minimal view's rate" aim is about: the pages the cache serves.
CACHED_PAGE_READS = ("catalogue", "search", "card page", "public deck")
TARGET_P99_MS = 200.0
# --scale: the cards of make_scale_data, with players and decks as bench_pages.py scales them.
SCALE_CARDS = 50_000


def scale_of(cards: int) -> tuple[int, int]:
    """Return the players and decks that go with `cards`: 2,000 and 20,000 for 50,000 cards."""
    return max(2, cards // 25), max(1, cards * 2 // 5)


TARGET_RATE_SHARE = 0.5


@dataclass
class Row:
    """One group's figures from one locust phase."""

    group: str
    requests: int
    errors: int
    rate: float
    p50: float
    p95: float
    p99: float


class Server:
    """gunicorn serving the site in its own process group, stopped on exit whatever happened."""

    def __init__(self, env: dict[str, str], *, port: int, workers: int, threads: int, log: Path):
        self.env, self.port, self.workers, self.threads, self.log = env, port, workers, threads, log
        self.process: subprocess.Popen | None = None

    def __enter__(self) -> Server:
        command = [
            sys.executable, "-m", "gunicorn", "config.wsgi:application",
            # As `make serve` runs it; the options below override the file's.
            "--config", str(REPO / "config" / "gunicorn.conf.py"),
            "--bind", f"127.0.0.1:{self.port}",
            "--worker-class", "gthread",
            "--workers", str(self.workers),
            "--threads", str(self.threads),
            "--log-level", "warning",
        ]  # fmt: skip
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(
                command, cwd=REPO, env=self.env, stdout=log, stderr=log, start_new_session=True
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise BenchError(f"gunicorn stopped at start:\n{self.log.read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(f"{self.url}/healthz", timeout=2) as response:
                    if response.status == 200:
                        return self
            except OSError:
                time.sleep(0.3)
        raise BenchError(f"gunicorn did not answer /healthz within 60 s:\n{self.log.read_text()}")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __exit__(self, *exc) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()


def unavailable(database_url: str, redis_url: str) -> str | None:
    """Say why PostgreSQL or Redis cannot serve the run, or return None when both answer."""
    try:
        import psycopg
        import redis
    except ImportError as exc:
        return f"missing dependency ({exc})"
    admin = urlunsplit(urlsplit(database_url)._replace(path="/postgres"))
    try:
        psycopg.connect(admin, connect_timeout=3).close()
    except psycopg.Error as exc:
        return f"PostgreSQL at {shown(admin)} does not answer ({exc})"
    try:
        redis.Redis.from_url(redis_url, socket_connect_timeout=3).ping()
    except redis.RedisError as exc:
        return f"Redis at {shown(redis_url)} does not answer ({exc})"
    return None


def phase(server_url: str, group: str, *, users: int, duration: int, env, workdir: Path) -> Row:
    """Run one group's locust phase against the server; return its figures."""
    prefix = workdir / GROUPS[group]
    # The class name may take every user at once: start them all in the first second.
    run(
        [
            sys.executable,
            "-m",
            "locust",
            "-f",
            str(REPO / "bench" / "load_scenario.py"),
            "--headless",
            "--only-summary",
            "--host",
            server_url,
            "--users",
            str(users),
            "--spawn-rate",
            str(users),
            "--run-time",
            f"{duration}s",
            "--stop-timeout",
            "5",
            "--csv",
            str(prefix),
            "--exit-code-on-error",
            "0",
            GROUPS[group],
        ],  # fmt: skip
        env,
    )
    with open(f"{prefix}_stats.csv", encoding="utf-8") as file:
        stats = {row["Name"]: row for row in csv.DictReader(file)}
    if group not in stats:
        raise BenchError(f"locust recorded no {group!r} request: {sorted(stats)}")
    row = stats[group]
    return Row(
        group=group,
        requests=int(row["Request Count"]),
        # Every failure of the phase, the builder's opening request's too.
        errors=int(stats["Aggregated"]["Failure Count"]),
        rate=float(row["Requests/s"]),
        p50=float(row["50%"]),
        p95=float(row["95%"]),
        p99=float(row["99%"]),
    )


# The fixtures' lists of addresses that anonymous visitors read, which the page cache keeps.
CACHED_READS = ("catalogue", "search", "cards", "decks")


def warm_up(server_url: str, fixtures: dict) -> None:
    """Ask once for every address the read phases ask for, so they measure a warm cache."""
    started = time.perf_counter()
    asked = 0
    for name in CACHED_READS:
        for path in fixtures.get(name, []):
            # The catalogue answers htmx's facet changes with a fragment, cached on its own.
            for headers in ({}, {"HX-Request": "true"}) if name == "catalogue" else ({},):
                # Searches hold Polish letters: percent-encode what is not ASCII, as locust does.
                address = server_url + urllib.parse.quote(path, safe=":/?#[]@!$&'()*+,;=%")
                request = urllib.request.Request(address, headers=headers)
                with urllib.request.urlopen(request, timeout=60) as response:
                    response.read()
                asked += 1
    print(f"warm-up: {asked} addresses in {time.perf_counter() - started:.1f} s", flush=True)


def table(rows: list[Row], baseline: float) -> list[str]:
    """Format the figures as a Markdown table, each rate also as a share of /livez's."""
    lines = [
        "| group | requests | req/s | × livez | p50 ms | p95 ms | p99 ms | errors |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        share = f"{r.rate / baseline:.2f}" if baseline else "-"
        lines.append(
            f"| {r.group} | {r.requests} | {r.rate:.1f} | {share} | {r.p50:.0f} | {r.p95:.0f} "
            f"| {r.p99:.0f} | {r.errors} |"
        )
    return lines


def verdicts(rows: list[Row], baseline: float) -> list[str]:
    """Say of each aim whether the run met it."""
    errors = sum(r.errors for r in rows)
    slow = [r.group for r in rows if r.p99 >= TARGET_P99_MS]
    reads = [r for r in rows if r.group in CACHED_PAGE_READS]
    behind = [r.group for r in reads if not baseline or r.rate / baseline < TARGET_RATE_SHARE]
    met = {True: "met", False: "missed"}
    return [
        f"- no errors: {met[errors == 0]} ({errors} errors)",
        f"- p99 under {TARGET_P99_MS:.0f} ms: {met[not slow]}"
        + (f" (over: {', '.join(slow)})" if slow else ""),
        f"- catalogue, card and public deck pages at ≥ {TARGET_RATE_SHARE:.0%} of /livez's rate: "
        + (f"{met[not behind]}" if reads else "not measured")
        + (f" (behind: {', '.join(behind)})" if behind else ""),
    ]


def main() -> int:
    """Set up, serve, load each group in turn, report, and clean up whatever happens."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=8, help="concurrent visitors per phase")
    parser.add_argument("--duration", type=int, default=30, help="seconds per phase")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    parser.add_argument("--threads", type=int, default=4, help="threads per gunicorn worker")
    parser.add_argument("--port", type=int, default=8851)
    parser.add_argument(
        "--groups", default=",".join(GROUPS), help=f"comma-separated, of: {', '.join(GROUPS)}"
    )
    parser.add_argument(
        "--scale",
        type=int,
        nargs="?",
        const=SCALE_CARDS,
        metavar="CARDS",
        help="serve `make_scale_data` (CARDS cards, default 50,000, with players and decks to "
        "match) instead of the real catalogue",
    )
    parser.add_argument(
        "--cold",
        action="store_true",
        help="start every phase with an empty page cache (by default each address the phases "
        "ask for is requested once first, as a site that has been serving for a while has it)",
    )
    args = parser.parse_args()
    groups = [g.strip() for g in args.groups.split(",") if g.strip()]
    if unknown := [g for g in groups if g not in GROUPS]:
        parser.error(f"unknown group(s) {unknown}; known: {', '.join(GROUPS)}")
    if "livez" not in groups:
        groups.insert(0, "livez")  # the baseline every rate is compared with

    database_url = os.environ.get("BENCH_LOAD_DATABASE_URL", DEFAULT_DATABASE_URL)
    redis_url = os.environ.get("BENCH_LOAD_REDIS_URL", DEFAULT_REDIS_URL)
    if reason := unavailable(database_url, redis_url):
        print(f"load benchmark skipped: {reason}")
        return 0
    import redis

    cache = redis.Redis.from_url(redis_url)
    cache_was_empty = cache.dbsize() == 0
    # A TERM (a CI timeout, a kill) unwinds through the `with` blocks like Ctrl-C does.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    started = datetime.now(UTC)
    load_before = os.getloadavg()[0]
    try:
        with (
            tempfile.TemporaryDirectory(prefix="bench-load-") as tmp,
            ScratchDatabase(database_url) as database,
        ):
            work = Path(tmp)
            env = {
                **os.environ,
                "DJANGO_DEBUG": "0",
                "DJANGO_SECRET_KEY": secrets.token_urlsafe(48),  # 64 characters
                "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
                "DJANGO_SECURE_SSL_REDIRECT": "0",
                "DJANGO_SECURE_COOKIES": "0",
                "DJANGO_STATIC_ROOT": str(work / "static"),
                "DJANGO_MEDIA_ROOT": str(work / "media"),
                "DATABASE_URL": database.url,
                "DATABASE_CONN_MAX_AGE": "600",
                "GUNICORN_ACCESS_LOG": "",  # a line per request would be measured too
                "REDIS_URL": redis_url,
                "API_THROTTLE_ANON": "1000000/second",
                "API_THROTTLE_USER": "1000000/second",
                "API_THROTTLE_VALIDATE": "1000000/second",
                "API_THROTTLE_DECK_WRITE": "1000000/second",
                "LOAD_FIXTURES": str(work / "fixtures.json"),
            }
            manage = [sys.executable, "manage.py"]
            what = f"{args.scale:,} cards of scale data" if args.scale else "the catalogue"
            print(f"scratch database {database.name}; loading {what}…", flush=True)
            run([*manage, "collectstatic", "--no-input", "-v", "0"], env)
            run([*manage, "migrate", "--no-input", "-v", "0"], env)
            setup = [sys.executable, "bench/load_setup.py", "--players", str(args.users)]
            if args.scale:
                players, decks = scale_of(args.scale)
                run(
                    [
                        *manage,
                        "make_scale_data",
                        *("--cards", str(args.scale), "--players", str(players)),
                        *("--decks", str(decks)),
                    ],
                    env,
                )
                setup.append("--scale")
            else:
                run([*manage, "load_catalogue"], env)
                run([*manage, "load_card_data"], env)
            fixtures = run(setup, env)
            (work / "fixtures.json").write_text(fixtures, encoding="utf-8")
            with Server(
                env,
                port=args.port,
                workers=args.workers,
                threads=args.threads,
                log=work / "gunicorn.log",
            ) as server:
                if not args.cold:
                    warm_up(server.url, json.loads(fixtures))
                rows = []
                for group in groups:
                    print(f"phase {group}: {args.users} users, {args.duration} s", flush=True)
                    rows.append(
                        phase(
                            server.url,
                            group,
                            users=args.users,
                            duration=args.duration,
                            env=env,
                            workdir=work,
                        )
                    )
                server_log = (work / "gunicorn.log").read_text(errors="replace")
    except BenchError as error:
        print(f"load benchmark failed: {error}", file=sys.stderr)
        return 1
    finally:
        if cache_was_empty:
            cache.flushdb()

    baseline = rows[0].rate
    load_after = os.getloadavg()[0]
    report = [
        f"# Load benchmark, {started:%Y-%m-%d %H:%M} UTC",
        "",
        f"gunicorn gthread {args.workers} workers × {args.threads} threads on {os.cpu_count()} "
        f"CPUs; {args.users} users per phase, {args.duration} s per phase, no think time; "
        + (
            f"scale data: {args.scale:,} cards, {scale_of(args.scale)[1]:,} decks; "
            if args.scale
            else "the real catalogue; "
        )
        + "PostgreSQL, Redis cache, DEBUG off. Load average (1 min) before and after: "
        f"{load_before:.1f}, {load_after:.1f}: the figures are only as quiet as the machine.",
        "",
        *table(rows, baseline),
        "",
        "Aims:",
        *verdicts(rows, baseline),
    ]
    if errors_logged := [line for line in server_log.splitlines() if "Error" in line][:5]:
        report += ["", "Server errors logged (first 5):", *errors_logged]
    text = "\n".join(report) + "\n"
    print(text)
    RESULTS.mkdir(exist_ok=True)
    result = RESULTS / f"load-{started:%Y%m%d-%H%M%S}.md"
    result.write_text(text, encoding="utf-8")
    (result.with_suffix(".json")).write_text(
        json.dumps([r.__dict__ for r in rows], indent=1), encoding="utf-8"
    )
    print(f"written to {result.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
