"""Check every saved deck again and store its fresh verdict."""

from django.core.management.base import BaseCommand

from decks.services.verdicts import revalidate_decks


class Command(BaseCommand):
    help = (
        "Check every saved deck against the current rules and catalogue and store the fresh "
        "verdict, so decks saved before an upgrade read as the rules now word and check them."
    )

    def handle(self, *args, **options):
        changed = revalidate_decks()
        self.stdout.write(f"Decks: {changed} verdicts refreshed.")
