"""Background work on the catalogue, run by the tasks backend (`manage.py db_worker` by default)."""

from django_tasks import task

from cardbase.face_files import render_faces
from cardbase.models import Card


@task()
def render_faces_of_cards(card_ids: list[int]) -> int:
    """Draw the faces of the cards not on disk yet, in every site language; return how many."""
    return render_faces(Card.objects.filter(pk__in=card_ids)).rendered
