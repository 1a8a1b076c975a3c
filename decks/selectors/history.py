"""A deck's history: the versions a player may see, each with what it changed."""

from collections.abc import Mapping
from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User
from django.core.paginator import Page, Paginator
from django.db.models import Count, OuterRef, QuerySet, Subquery

from cardbase.language import page_lang
from cardbase.models import Card
from decks.models import Deck, DeckVersion
from rules.core.schema import Game as GameRules


@dataclass(frozen=True)
class Change:
    card_id: int
    name: str
    before: int
    after: int
    # The section's label where the card's kind may lie in more than one, else empty.
    section: str = ""

    @property
    def delta(self) -> int:
        return self.after - self.before


@dataclass(frozen=True)
class HistoryEntry:
    version: DeckVersion
    added: list[Change]
    removed: list[Change]
    renamed_from: str | None
    # The number of the version it was diffed against (the one before it the viewer may see).
    previous: int | None = None


HISTORY_PAGE_SIZE = 25


def _version_key(key: str) -> tuple[int, str | None]:
    card_id, _colon, section = key.partition(":")
    return int(card_id), section if _colon else None


def version_entries(
    cards: Mapping[str, int], kinds: Mapping[int, str], game: GameRules
) -> dict[tuple[int, str], int]:
    """Return a stored version's cards as {(card id, section id): count}.

    A version saved before sections could be chosen keys a card by its id alone: it lay in its
    kind's home section (`kinds` gives each card's kind; a deleted card has none).
    """
    entries: dict[tuple[int, str], int] = {}
    for key, count in cards.items():
        card_id, section = _version_key(key)
        if section is None:
            section = game.home_id(kinds.get(card_id, ""))
        entries[(card_id, section)] = entries.get((card_id, section), 0) + count
    return entries


def version_card_ids(cards: Mapping[str, int]) -> set[int]:
    """Return the ids of the cards a stored version holds."""
    return {_version_key(key)[0] for key in cards}


def _history_entries(
    game: GameRules, shown: list[DeckVersion], previous: DeckVersion | None, lang: str
) -> list[HistoryEntry]:
    """Diff each version in `shown` (newest first) against the one after it, or `previous`."""
    chain = [*shown, previous] if previous else shown
    ids = {card_id for v in chain for card_id in version_card_ids(v.cards)}
    rows = Card.objects.filter(pk__in=ids).values_list("pk", "name", "kind")
    names = {pk: name for pk, name, _kind in rows}
    kinds = {pk: kind for pk, _name, kind in rows}
    labels = {section.id: section.label(lang) for section in game.sections}

    def where(card_id: int, section: str) -> str:
        return labels.get(section, "") if len(game.sections_for(kinds.get(card_id, ""))) > 1 else ""

    entries = []
    for index, version in enumerate(shown):
        before = chain[index + 1] if index + 1 < len(chain) else None
        old = version_entries(before.cards, kinds, game) if before else {}
        new = version_entries(version.cards, kinds, game)
        changes = [
            Change(key[0], names.get(key[0], "?"), old.get(key, 0), new.get(key, 0), where(*key))
            for key in sorted(set(old) | set(new), key=lambda k: (names.get(k[0], ""), k[1]))
            if old.get(key, 0) != new.get(key, 0)
        ]
        entries.append(
            HistoryEntry(
                version=version,
                added=[c for c in changes if c.delta > 0],
                removed=[c for c in changes if c.delta < 0],
                renamed_from=before.name if before and before.name != version.name else None,
                previous=before.number if before else None,
            )
        )
    return entries


def _numbered(versions: QuerySet[DeckVersion]) -> QuerySet[DeckVersion]:
    """Give each version its `ordinal`: its place in the deck's history, 1 for the first.

    Pages show it: `number` counts every save (a session's saves share one version), so a deck's
    only version could read "version 25"; addresses keep `number`, which old links name.
    """
    earlier = (
        DeckVersion.objects.filter(deck=OuterRef("deck"), number__lte=OuterRef("number"))
        .order_by()
        .values("deck")
        .annotate(count=Count("pk"))
        .values("count")
    )
    return versions.annotate(ordinal=Subquery(earlier))


def version_by_number(*, deck: Deck, number: int) -> DeckVersion | None:
    """Return the version a history page named by its save number, as it stands now.

    A version's number moves up as later saves of its editing session join it, never onto
    another version's: the first at or above the number is the one an older page meant.
    """
    if number > deck.version:
        return None
    return _numbered(deck.versions.filter(number__gte=number).order_by("number")).first()


def _oldest_visible(deck: Deck, user: User | AnonymousUser) -> int | None:
    """Return the number of the oldest version `user` may see; None for the owner, who sees all."""
    if deck.owner_id == user.pk:
        return None
    # A shared deck always has `visible_from`; the newest version alone is the safe fallback.
    return deck.visible_from or deck.version


def visible_versions(*, deck: Deck, user: User | AnonymousUser) -> QuerySet[DeckVersion]:
    """Return the versions `user` may see, newest first: all for the owner, else the shared ones."""
    versions = _numbered(deck.versions.order_by("-number"))
    oldest = _oldest_visible(deck, user)
    return versions if oldest is None else versions.filter(number__gte=oldest)


def visible_version_by_number(
    *, deck: Deck, user: User | AnonymousUser, number: int
) -> DeckVersion | None:
    """Return the version a page named by its save number, if `user` may see it, else None.

    The number names a version as version_by_number reads it; a version older than the viewer
    may see is as absent as one the deck never had.
    """
    version = version_by_number(deck=deck, number=number)
    oldest = _oldest_visible(deck, user)
    if version is None or (oldest is not None and version.number < oldest):
        return None
    return version


def deck_history(
    *, deck: Deck, user: User | AnonymousUser, page_number: str | None
) -> tuple[Page, list[HistoryEntry]]:
    """Return a page of the versions `user` may see, newest first, each with what it changed."""
    versions = visible_versions(deck=deck, user=user)
    page = Paginator(versions, HISTORY_PAGE_SIZE).get_page(page_number)
    if not page.paginator.count:
        return page, []
    # The page's versions and, in the same query, the one just before the oldest shown, to diff
    # it too; the first one shared is diffed against nothing, as what changed from a private
    # version would tell that version.
    start, end = page.start_index() - 1, page.end_index()
    rows = list(versions[start : end + 1])
    shown, previous = rows[: end - start], next(iter(rows[end - start :]), None)
    return page, _history_entries(deck.game_rules, shown, previous, page_lang())


def latest_change(*, deck: Deck, user: User | AnonymousUser) -> HistoryEntry | None:
    """Return the newest version with what it changed from the one before `user` may see, if any."""
    versions = list(visible_versions(deck=deck, user=user)[:2])
    if len(versions) < 2:
        # The first version (or the first shared one) changes nothing: it is the deck as made.
        return None
    return _history_entries(deck.game_rules, versions[:1], versions[1], page_lang())[0]
