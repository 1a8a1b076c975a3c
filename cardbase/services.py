"""Writes to the catalogue: loading the fixture files and storing card images."""

import json
from dataclasses import dataclass
from pathlib import Path

from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.db import transaction
from django.utils.text import slugify

from cardbase import images
from cardbase.changesets import Source, recording_changeset
from cardbase.models import Card, CardSource, Game, Printing
from rules.core import card_key

# The keys of a card entry in a fixture file; its game's attributes go under "attributes".
ENTRY_KEYS = frozenset({"name", "slug", "kind", "text", "attributes", "notes", "sources"})


class CatalogueFileError(Exception):
    """A fixture file that cannot be loaded; the message names the file and the entry."""


@dataclass(frozen=True)
class LoadReport:
    created: int
    updated: int
    unchanged: int


def card_slug(*, name: str) -> str:
    """Make the URL slug of a card from its name, ignoring case and diacritics."""
    return slugify(card_key(name)) or "card"


def _read_json(path: Path) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise CatalogueFileError(f"{path}: file not found") from exc
    except json.JSONDecodeError as exc:
        raise CatalogueFileError(f"{path}: not valid JSON ({exc})") from exc


def _card_values(entry: dict, where: str) -> dict:
    unknown = set(entry) - ENTRY_KEYS
    if unknown:
        raise CatalogueFileError(f"{where}: unknown keys {sorted(unknown)}")
    if not isinstance(entry.get("name"), str) or not entry["name"].strip():
        raise CatalogueFileError(f"{where}: a card needs a name")
    attributes, notes = entry.get("attributes") or {}, entry.get("notes") or {}
    if not isinstance(attributes, dict) or not isinstance(notes, dict):
        raise CatalogueFileError(f"{where}: attributes and notes must be JSON objects")
    return {
        "name": entry["name"],
        "kind": entry.get("kind") or "",
        "text": entry.get("text") or "",
        # null means unknown, the same as a missing key: only the known values are stored.
        "attributes": {key: value for key, value in attributes.items() if value is not None},
        "notes": {lang: note for lang, note in notes.items() if note},
    }


@transaction.atomic
def load_catalogue(*, fixtures_dir: Path, update: bool = False) -> LoadReport:
    """Load games and cards from fixtures_dir; keep operators' edits unless update is set."""
    games = _read_json(fixtures_dir / "games.json")["games"]
    for game in games:
        Game.objects.update_or_create(slug=game["slug"], defaults=game)
    created = updated = unchanged = 0
    for path in sorted(fixtures_dir.glob("*/cards.json")):
        data = _read_json(path)
        game = Game.objects.filter(slug=data.get("game")).first()
        if game is None:
            raise CatalogueFileError(f"{path}: unknown game {data.get('game')!r}")
        rulebook = data.get("rulebook", "")
        # The project's own transcription of the rulebook: each card cites its pages.
        with recording_changeset(
            game=game,
            source=Source.rulebook(rulebook),
            comment=f"load_catalogue: {path.parent.name}/{path.name}",
        ) as changeset:
            for index, entry in enumerate(data.get("cards", [])):
                where = f"{path.name}: cards[{index}] ({entry.get('name', '?')})"
                values = _card_values(entry, where)
                slug = entry.get("slug") or card_slug(name=values["name"])
                card = Card.objects.filter(game=game, slug=slug).first()
                if card is not None and not update:
                    unchanged += 1
                    continue
                is_new = card is None
                card = card or Card(game=game, slug=slug)
                for field, value in values.items():
                    setattr(card, field, value)
                try:
                    card.full_clean()
                except ValidationError as exc:
                    raise CatalogueFileError(f"{where}: {describe_validation_error(exc)}") from exc
                changeset.save(card)
                _replace_sources(card=card, sources=entry.get("sources", []), rulebook=rulebook)
                created += is_new
                updated += not is_new
    return LoadReport(created=created, updated=updated, unchanged=unchanged)


def _replace_sources(*, card: Card, sources: list[dict], rulebook: str) -> None:
    card.sources.all().delete()
    CardSource.objects.bulk_create(
        CardSource(
            card=card,
            rulebook=source.get("rulebook", rulebook),
            page=source.get("page"),
            quote=source["quote"],
            gives=source.get("gives", []),
        )
        for source in sources
    )


def describe_validation_error(exc: ValidationError) -> str:
    """Name each fault by its field, or by its attribute ("order: …") for the game's attributes."""
    if not hasattr(exc, "error_dict"):
        return " ".join(exc.messages)
    parts = []
    for field, errors in exc.error_dict.items():
        for error in errors:
            code = error.code or ""
            where = code.removeprefix("attribute:") if code.startswith("attribute:") else field
            parts.append(f"{where}: {' '.join(error.messages)}")
    return "; ".join(parts)


def make_printing_thumbnail(*, printing: Printing) -> Printing:
    """Make the scan's thumbnail once, when the scan is stored, rather than per request."""
    with printing.image.open("rb") as scan:
        thumb = images.make_thumbnail(scan.read())
    stem = Path(printing.image.name).stem
    printing.thumbnail.save(f"{stem}-thumb.jpg", ContentFile(thumb), save=False)
    printing.save(update_fields=["thumbnail"])
    return printing
