"""Where each of a card's facts comes from: the last changeset that wrote it, or a cited passage."""

from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext as _

from cardbase.models import Card, CardSource, FactChange
from cardbase.selectors.card_history import source_citation


@dataclass(frozen=True)
class Provenance:
    """One fact's source as the card page names it, with the history entry it links to."""

    citation: str
    quote: str = ""
    changeset: int | None = None
    author: str = ""
    when: datetime | None = None
    # The player whose proposal the changeset applied (its author approved it).
    proposer: str = ""


def fact_provenance(card: Card) -> dict[str, Provenance]:
    """Return, per fact the card holds, where its value comes from.

    The last changeset that wrote a fact is its source: an edit with its author and date, an
    import with its file and row. A fact no recorded changeset wrote (loaded before the history
    was kept) is given by the passages the card cites (`CardSource.gives`). A fact in neither is
    left out: the page says no source gives it. One query, with the card's sources prefetched.
    """
    cited = cited_passages(card.sources.all())
    found: dict[str, Provenance] = {}
    changes = (
        FactChange.objects.filter(card=card)
        .select_related("changeset__author", "changeset__proposer")
        .order_by("changeset_id", "id")
    )
    for change in changes:
        if change.new is None:
            found.pop(change.fact, None)  # made unknown: no source gives it now
            continue
        found[change.fact] = _written_by(card, change, cited.get(change.fact))
    for fact, source in cited.items():
        found.setdefault(fact, _passage(source))
    return found


def cited_passages(sources) -> dict[str, CardSource]:
    """Return, per fact, the first of the passages that gives it."""
    cited: dict[str, CardSource] = {}
    for source in sources:
        # A passage cited for a card names it and says what it is: a card list's row by its
        # columns, a rulebook's page by what it tells of the card.
        for fact in ("name", "kind", *source.gives):
            cited.setdefault(fact, source)
    return cited


def _written_by(card: Card, change: FactChange, passage: CardSource | None) -> Provenance:
    changeset = change.changeset
    # A third party's card list is quoted row by row: show the row the fact stands in.
    if passage is not None and passage.rulebook == changeset.source_document:
        cited = _passage(passage)
        return Provenance(cited.citation, cited.quote, changeset.pk, "", changeset.created)
    citation = source_citation(card, changeset)
    if change.row is not None:
        citation = _("%(document)s, wiersz %(row)s") % {"document": citation, "row": change.row}
    author = changeset.author.get_username() if changeset.author else ""
    proposer = changeset.proposer.get_username() if changeset.proposer else ""
    return Provenance(
        citation, changeset.source_text, changeset.pk, author, changeset.created, proposer
    )


def _passage(source: CardSource) -> Provenance:
    return Provenance(source.citation(), source.quote)


@dataclass(frozen=True)
class ProvenanceRow:
    """One line of the card page's "where the facts come from": facts that share one source."""

    labels: tuple[str, ...]
    known: bool
    provenance: Provenance | None
    derived: bool = False


def provenance_rows(card: Card, facts) -> list[ProvenanceRow]:
    """Return the card's facts grouped by their source, in the page's order: name, kind, text,
    then each fact of `facts` (card_facts); the unknown ones last, together."""
    sources = fact_provenance(card)
    lines = [
        (_("Nazwa"), True, sources.get("name"), False),
        (_("Rodzaj"), True, sources.get("kind"), False),
        (_("Tekst karty"), bool(card.text), sources.get("text"), False),
    ]
    for fact in facts:
        attribute = card.schema.attribute(fact.id)
        known = fact.value is not None
        derived = attribute is not None and attribute.derived and known
        lines.append((fact.label, known, sources.get(fact.id), derived))
    grouped: dict[tuple, list[str]] = {}
    for label, known, provenance, derived in lines:
        key = (known, None if not known or derived else provenance, derived)
        grouped.setdefault(key, []).append(label)
    rows = [ProvenanceRow(tuple(labels), *key) for key, labels in grouped.items()]
    # Unknown facts close the table, whatever the order they came in.
    return sorted(rows, key=lambda row: not row.known)
