"""Render every card's generated face ahead of the first visit."""

import time

from django.core.management.base import BaseCommand

from cardbase.face_files import render_faces
from cardbase.models import Card


class Command(BaseCommand):
    help = (
        "Render the generated face of every card in every site language into MEDIA_ROOT/faces, "
        "so that no visitor waits for one; faces already rendered for the same card version "
        "are kept."
    )

    def add_arguments(self, parser):
        parser.add_argument("--game", help="Only this game's cards (its slug).")

    def handle(self, *args, **options):
        cards = Card.objects.select_related("game").order_by("game__slug", "slug")
        if options["game"]:
            cards = cards.filter(game__slug=options["game"])
        started = time.monotonic()
        report = render_faces(cards.iterator(chunk_size=500))
        self.stdout.write(
            f"Faces: {report.rendered} rendered, {report.kept} already there "
            f"({time.monotonic() - started:.1f} s)."
        )
