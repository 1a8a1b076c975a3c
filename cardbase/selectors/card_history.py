"""A card's history: the changesets that wrote its facts, newest first, each fact old → new."""

from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext as _

from cardbase.changesets.editions import EDITIONS_FACT
from cardbase.changesets.facts import fact_label
from cardbase.language import page_lang
from cardbase.models import Card, Changeset, Edition, FactChange
from cardbase.selectors.card_facts import shown_value


@dataclass(frozen=True)
class FactDiff:
    """One fact a changeset changed, as the page reads it (None: unknown)."""

    label: str
    old: object
    new: object
    row: int | None


@dataclass(frozen=True)
class HistoryEntry:
    """One changeset as the card's history shows it."""

    number: int
    created: datetime
    author: str
    comment: str
    source: str
    source_text: str
    reverts: int | None
    facts: tuple[FactDiff, ...]
    proposer: str = ""


def history_entries(card: Card) -> list[HistoryEntry]:
    """Return the changesets that changed the card's facts, newest first."""
    changes = (
        FactChange.objects.filter(card=card)
        .select_related("changeset__author", "changeset__proposer")
        .order_by("-changeset__created", "-changeset_id", "id")
    )
    grouped: dict[int, list[FactChange]] = {}
    for change in changes:
        grouped.setdefault(change.changeset_id, []).append(change)
    return [_entry(card, facts[0].changeset, facts) for facts in grouped.values()]


def _entry(card: Card, changeset: Changeset, changes: list[FactChange]) -> HistoryEntry:
    author = changeset.author.get_username() if changeset.author else _("serwis (import)")
    return HistoryEntry(
        number=changeset.pk,
        created=changeset.created,
        author=author,
        comment=changeset.comment,
        source=source_citation(card, changeset),
        source_text=changeset.source_text,
        reverts=changeset.reverts_id,
        proposer=changeset.proposer.get_username() if changeset.proposer else "",
        facts=tuple(
            FactDiff(
                fact_label(card, change.fact),
                fact_value(card, change.fact, change.old),
                fact_value(card, change.fact, change.new),
                change.row,
            )
            for change in changes
        ),
    )


def source_citation(card: Card, changeset: Changeset) -> str:
    """Say where a changeset's facts come from: the document's title and page, or a note."""
    if changeset.source_kind == Changeset.SourceKind.NOTE:
        return _("Uwaga redakcji")
    if changeset.source_kind == Changeset.SourceKind.PHOTO:
        return _("Zdjęcie lub skan karty")
    if changeset.source_kind == Changeset.SourceKind.PRODUCT:
        return changeset.source_document
    declared = card.game_rules
    document = changeset.source_document
    if document and document == card.game.rulebook and declared.rulebook:
        title = declared.rulebook(page_lang())
    else:
        named = declared.documents.get(document)
        title = named(page_lang()) if named else document
    if changeset.source_page is not None:
        return _("%(book)s, s. %(page)s") % {"book": title, "page": changeset.source_page}
    return title


def fact_value(card: Card, fact: str, value: object) -> object:
    """Return a fact's value the way the card page shows it; None stays None (unknown)."""
    if value is None:
        return None
    if fact == "kind":
        return card.schema.kind_label(str(value), page_lang())
    if fact == EDITIONS_FACT:
        names = dict(
            Edition.objects.filter(game=card.game, slug__in=value).values_list("slug", "name")
        )
        # An edition removed since is named by its slug.
        return ", ".join(names.get(slug, slug) for slug in value)
    attribute = card.schema.attribute(fact)
    if attribute is None:
        return value
    # Read as a card holding that value would show it, beside the card's other facts.
    holding = Card(game=card.game, kind=card.kind, attributes={**card.attributes, fact: value})
    return shown_value(holding, attribute, page_lang())
