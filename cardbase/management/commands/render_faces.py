"""Render every card's generated face ahead of the first visit."""

import time

from django.core.management.base import BaseCommand, CommandError

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
        parser.add_argument(
            "--prune",
            action="store_true",
            help="Also remove the files of faces no card shows any more (not with --game).",
        )

    def handle(self, *args, **options):
        if options["prune"] and options["game"]:
            raise CommandError("--prune needs every card: leave out --game.")
        cards = Card.objects.all()
        if options["game"]:
            cards = cards.filter(game__slug=options["game"])
        started = time.monotonic()
        report = render_faces(cards, prune=options["prune"])
        removed = f", {report.removed} outdated removed" if options["prune"] else ""
        self.stdout.write(
            f"Faces: {report.rendered} rendered, {report.kept} already there{removed} "
            f"({time.monotonic() - started:.1f} s)."
        )
