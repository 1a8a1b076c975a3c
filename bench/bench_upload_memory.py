"""Measure the memory a card file of the largest size allowed (MAX_IMPORT_BYTES) costs the site.

On a scratch SQLite site with the games loaded, a child process per measure reports its peak
resident memory (VmHWM) over the baseline of the same child once Django is set up:

- `upload`: the admin's form checks a file Django has spooled to disk (as it does every upload
  over 2.5 MB) and keeps it for its preview, as the upload request does;
- `preview`: the background task's dry run of that file (import_cards), the file's rows read
  and compared with the catalogue;
- `small`: the same dry run of a file of a hundred rows, for scale.

Measured with DEBUG off, as production runs.

The file is a card table of Aniołowie: 5,000 cards, each with a long Polish text, made up here
(no card data). Prints peak and baseline in MB and the aim (under 300 MB); exits 0 whatever the
figures, non-zero only when the benchmark itself breaks.

    python bench/bench_upload_memory.py [--megabytes 50]
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
import tempfile
from pathlib import Path

from scratch import REPO, BenchError, run

TARGET_MB = 300.0
ROWS = 5_000
PROSE = "Zażółć gęślą jaźń: anioł strzeże bramy, póki upadły nie złoży przysięgi. "


def peak_mb() -> float:
    """Return this process's peak resident memory in MB."""
    # VmHWM, not ru_maxrss: the latter keeps the parent's peak across fork and exec.
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise BenchError("no VmHWM in /proc/self/status (Linux only)")


def measure(what: str, path: Path) -> dict:
    """In the child: the peak memory of one step over the child's own after setup."""
    import django

    sys.path.insert(0, str(REPO))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.core.files.uploadedfile import TemporaryUploadedFile

    from cardbase.admin.card_import import CardFileForm
    from cardbase.importers import import_cards
    from cardbase.pending_imports import keep_upload

    baseline = peak_mb()
    if what == "upload":
        size = path.stat().st_size
        upload = TemporaryUploadedFile(path.name, "text/csv", size, "utf-8")
        with path.open("rb") as source:
            while chunk := source.read(2**16):
                upload.write(chunk)
        upload.seek(0)
        form = CardFileForm(data={"game": "aniolowie", "fmt": "csv"}, files={"file": upload})
        if not form.is_valid():
            raise BenchError(f"the form refused the file: {form.errors.as_text()}")
        keep_upload({}, upload=upload, game="aniolowie", fmt="csv", comment="", version=None)
        rows = None
    else:
        report = import_cards(game_slug="aniolowie", fmt="csv", text_or_path=path, dry_run=True)
        rows = len(report.rows)
    return {"baseline_mb": baseline, "peak_mb": peak_mb(), "rows": rows}


def card_table(rows: int, text_bytes: int) -> str:
    """Return a card table of `rows` made-up angels, each with about `text_bytes` of text."""
    # Polish letters take two bytes: as many characters as make `text_bytes` of UTF-8.
    chars = max(1, text_bytes * len(PROSE) // len(PROSE.encode()))
    text = (PROSE * (chars // len(PROSE) + 1))[:chars]
    lines = ["name,kind,text"]
    lines += [f'Anioł próbny {n},angel,"{text}"' for n in range(rows)]
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--measure", choices=("upload", "preview"), help=argparse.SUPPRESS)
    parser.add_argument("--path", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--megabytes", type=float, default=50.0)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure, args.path)))
        return 0
    try:
        with tempfile.TemporaryDirectory(prefix="bench-upload-") as tmp:
            env = {
                **os.environ,
                "DATABASE_URL": f"sqlite:///{Path(tmp) / 'bench.sqlite3'}",
                "DJANGO_DEBUG": "1",
                "DJANGO_IMPORT_UPLOADS_DIR": str(Path(tmp) / "imports"),
                "MAX_IMPORT_BYTES": str(int(args.megabytes * 2**20)),
            }
            print("building the site…", flush=True)
            run([sys.executable, "manage.py", "migrate", "--no-input", "-v", "0"], env)
            run([sys.executable, "manage.py", "load_catalogue", "-v", "0"], env)
            # Just under the limit: the largest file the form takes.
            per_row = int(args.megabytes * 2**20 * 0.99) // ROWS
            big = Path(tmp) / "duzy.csv"
            big.write_text(card_table(ROWS, per_row), encoding="utf-8")
            small = Path(tmp) / "maly.csv"
            small.write_text(card_table(100, 200), encoding="utf-8")
            # Measured as production runs, DEBUG off: with it on, Django keeps every query's SQL
            # (9,000 of them, each with a card's text), which a worker in production does not.
            measuring = {**env, "DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": secrets.token_urlsafe(50)}
            figures = {}
            for label, what, path in (
                ("upload", "upload", big),
                ("preview", "preview", big),
                ("small preview", "preview", small),
            ):
                command = [sys.executable, __file__, "--measure", what, "--path", str(path)]
                figures[label] = json.loads(run(command, measuring).strip().splitlines()[-1])
            size_mb = big.stat().st_size / 2**20
    except (BenchError, ValueError) as exc:
        print(f"upload memory benchmark failed: {exc}", file=sys.stderr)
        return 1
    print(f"\n## A card table of {size_mb:.1f} MB ({ROWS:,} rows), peak resident memory\n")
    for label, data in figures.items():
        rows = f", {data['rows']:,} rows" if data["rows"] is not None else ""
        print(
            f"- {label}: {data['peak_mb']:.0f} MB (the process after setup: "
            f"{data['baseline_mb']:.0f} MB; ratio {data['peak_mb'] / data['baseline_mb']:.2f}"
            f"{rows})"
        )
    for label in ("upload", "preview"):
        met = figures[label]["peak_mb"] < TARGET_MB
        print(f"- aim: {label} under {TARGET_MB:.0f} MB: {'met' if met else 'missed'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
