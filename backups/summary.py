"""How the backup and restore commands report what they carried."""

from collections.abc import Callable

from backups.services import Summary


def write_summary(write: Callable[[str], None], summary: Summary) -> None:
    """Write one line per model with its rows, then the media files."""
    width = max(map(len, summary.counts), default=0)
    for label, count in summary.counts.items():
        write(f"{label:<{width}}  {count:>8}")
    write(f"{'media files':<{width}}  {summary.files:>8}")
