"""Re-check every card in the catalogue against its game's schema."""

from django.core.management.base import BaseCommand, CommandError

from cardbase.selectors.faults import catalogue_faults


class Command(BaseCommand):
    help = (
        "Check every stored card against its game's declared schema (rules/<game>/); print each "
        "fault as game/slug: attribute: message and exit 1 if there is any."
    )

    def add_arguments(self, parser):
        parser.add_argument("--lang", choices=("en", "pl"), default="en")

    def handle(self, *args, **options):
        faults = 0
        for fault in catalogue_faults(lang=options["lang"]):
            faults += 1
            self.stdout.write(f"{fault.game}/{fault.slug}: {fault.attribute}: {fault.message}")
        if faults:
            raise CommandError(f"{faults} faults: correct them in the admin or the fixture")
        self.stdout.write("Every card agrees with its game's schema.")
