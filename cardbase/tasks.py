"""Background work on the catalogue, run by the tasks backend (`manage.py db_worker` by default)."""

from django_tasks import task

from cardbase.face_files import render_faces
from cardbase.import_runs import carry_out_import_run, create_import_run
from cardbase.models import Card, CardImportRun
from cardbase.pending_imports import PendingImport


@task()
def render_faces_of_cards(card_ids: list[int]) -> int:
    """Draw the faces of the cards not on disk yet, in every site language; return how many."""
    return render_faces(Card.objects.filter(pk__in=card_ids)).rendered


@task()
def carry_out_card_import(run_id: int) -> str:
    """Preview or apply an uploaded card file (a CardImportRun); return how the run ended."""
    run = CardImportRun.objects.select_related("game", "author").get(pk=run_id)
    return carry_out_import_run(run=run).status


def queue_card_import(*, pending: PendingImport, step: str, author) -> CardImportRun:
    """Record a run of the pending upload and queue it for a worker."""
    run = create_import_run(pending=pending, step=step, author=author)
    # The run is committed before it is queued (the admin's requests are not one transaction):
    # a worker on Redis may pick it up at once.
    carry_out_card_import.enqueue(run.pk)
    return run
