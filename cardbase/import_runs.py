"""Preview or apply an uploaded card file as a run a background task carries out.

A file of thousands of rows takes longer than a request may: the admin queues a run and shows
its progress (`run_progress`) until the run's report is ready. The progress lives in a small
file beside the upload, because the import's own transaction hides every row it writes until
it ends; a worker on another machine needs `IMPORT_UPLOADS_DIR` shared to read the upload anyway.
"""

import os
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.utils import timezone
from django.utils.translation import gettext as _

import rules
from cardbase.changesets.facts import schema_fact_label
from cardbase.importers import CardImportError, ImportReport, import_cards
from cardbase.models import CardImportRun, Game
from cardbase.pending_imports import PendingImport
from rules.core.schema import Text

# A report keeps at most this many facts; its totals count them all.
KEPT_FACTS = 500
UNEXPECTED = Text(
    pl="błąd serwera w trakcie wczytywania; nic nie zapisano, a administrator ma jego opis",
    en="a server error while reading the file; nothing was written, and the operator's log "
    "holds its description",
)


def create_import_run(
    *, pending: PendingImport, step: str, author: AbstractBaseUser
) -> CardImportRun:
    """Record a run of the pending upload (`CardImportRun.Step`), queued for a worker."""
    return CardImportRun.objects.create(
        game=Game.objects.get(slug=pending.game),
        author=author,
        token=pending.token,
        file_name=pending.name,
        fmt=pending.fmt,
        comment=pending.comment,
        version=pending.version or "",
        step=step,
    )


def carry_out_import_run(*, run: CardImportRun) -> CardImportRun:
    """Preview or apply the run's file and keep its report (or why it failed) on the run."""
    run.status = CardImportRun.Status.RUNNING
    run.save(update_fields=["status"])
    pending = pending_of(run)
    try:
        report = import_cards(
            game_slug=run.game.slug,
            fmt=run.fmt,
            text_or_path=pending.path,
            dry_run=run.step == CardImportRun.Step.PREVIEW,
            author=run.author if run.step == CardImportRun.Step.APPLY else None,
            comment=run.comment or _("Plik %(name)s wczytany w panelu") % {"name": run.file_name},
            document=run.file_name,
            progress=lambda done, total: _write_progress(run, done, total),
            keep_facts=KEPT_FACTS,
        )
    except CardImportError as error:
        _finish(run, pending, error=dict(error.message))
    except Exception:
        # The worker logs the error with its traceback; the operator's page must not wait on.
        _finish(run, pending, error=dict(UNEXPECTED))
        raise
    else:
        run.report, run.changeset_id = report_values(report), report.changeset
        _finish(run, pending)
    return run


def _finish(run: CardImportRun, pending: PendingImport, *, error: dict | None = None) -> None:
    _progress_path(run).unlink(missing_ok=True)
    if run.step == CardImportRun.Step.APPLY or error is not None:
        # Applied, or unreadable: the file is done with.
        pending.path.unlink(missing_ok=True)
    run.status = CardImportRun.Status.DONE if error is None else CardImportRun.Status.FAILED
    run.error, run.finished = error, timezone.now()
    run.save(update_fields=["status", "report", "error", "changeset", "finished"])


def pending_of(run: CardImportRun) -> PendingImport:
    """Return the upload the run reads."""
    return PendingImport(
        run.token, run.game.slug, run.fmt, run.file_name, run.comment, run.version or None
    )


def run_progress(run: CardImportRun) -> tuple[int, int] | None:
    """Return (rows done, rows in all) of a running run, None before its first row."""
    try:
        done, total = _progress_path(run).read_text().split()
    except (OSError, ValueError):
        return None
    return int(done), int(total)


def report_values(report: ImportReport) -> dict[str, Any]:
    """Return what a run's page shows of an import's report, in values JSON keeps."""
    return {
        "totals": dict(report.totals),
        "facts": [[fact.row, fact.card, fact.fact, fact.old, fact.new] for fact in report.facts],
        "more_facts": report.facts_total - len(report.facts),
        "rejected": [
            [row.row, row.name, dict(row.reason) if row.reason else None]
            for row in report.rows
            if row.status == "rejected"
        ],
        "kept": [
            [row.row, row.name, list(row.changed)] for row in report.rows if row.status == "kept"
        ],
        "not_in_file": list(report.not_in_file),
    }


def shown_report(run: CardImportRun, lang: str) -> dict[str, Any]:
    """Return a finished run's report as its page shows it: totals, facts by their labels,
    rejected rows with their reasons in `lang`, the cards left as they were."""
    report = run.report
    schema = rules.get_game(run.game.slug).schema
    return {
        "totals": report["totals"],
        "facts": [
            (row, card, schema_fact_label(schema, fact), old, new)
            for row, card, fact, old, new in report["facts"]
        ],
        "more_facts": report["more_facts"],
        "rejected": [
            (row, name, reason_text(reason, lang)) for row, name, reason in report["rejected"]
        ],
        "kept": report["kept"],
    }


def reason_text(reason: dict[str, str] | None, lang: str) -> str:
    """Return a rejected row's reason, kept in a report, in `lang`."""
    return Text(**reason)(lang) if reason else ""


def _progress_path(run: CardImportRun) -> Path:
    return Path(settings.IMPORT_UPLOADS_DIR) / f"run-{run.pk}.progress"


def _write_progress(run: CardImportRun, done: int, total: int) -> None:
    path = _progress_path(run)
    # Written aside, then moved: a page reading it never sees half a line.
    partial = path.with_suffix(".partial")
    partial.write_text(f"{done} {total}")
    os.replace(partial, path)
