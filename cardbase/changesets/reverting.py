"""Revert a changeset: a changeset of its own that puts back every fact it changed.

Refused, naming each reason, where a later changeset changed one of the same facts and it was
not put back since (reverting would undo that one too, unseen), or where it added a card (reverting would delete the card,
and every deck holding it would lose it): those are undone by a new edit, not by a revert.
"""

from django.contrib import messages
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from cardbase.changesets.editions import (
    EDITIONS_FACT,
    edition_printings,
    editions_of,
    scanned_dropped,
)
from cardbase.changesets.facts import fact_label, facts_of_card, set_fact
from cardbase.changesets.recording import Source, recording_changeset
from cardbase.models import Card, Changeset, FactChange, Printing


class RevertRefused(Exception):
    """A changeset that cannot be reverted, with every reason why."""

    def __init__(self, reasons: tuple[str, ...]) -> None:
        self.reasons = reasons
        super().__init__(" ".join(reasons))


def revert_and_tell(request, changeset: Changeset) -> Changeset | None:
    """Revert the changeset as the request's user and tell them what became of it."""
    try:
        reverting = revert_changeset(changeset=changeset, author=request.user)
    except RevertRefused as refused:
        messages.error(
            request,
            _("Nie cofnięto zmiany nr %(number)s. %(reasons)s")
            % {"number": changeset.pk, "reasons": str(refused)},
        )
        return None
    messages.success(
        request,
        _("Cofnięto zmianę nr %(number)s: zapisana jako zmiana nr %(reverting)s.")
        % {"number": changeset.pk, "reverting": reverting.pk},
    )
    return reverting


@transaction.atomic
def revert_changeset(
    *, changeset: Changeset, author: AbstractBaseUser | None, comment: str = ""
) -> Changeset:
    """Put back every fact the changeset changed, as a new changeset that names it."""
    # Locked, so that two operators reverting it at once cannot both pass the checks.
    changeset = Changeset.objects.select_for_update().get(pk=changeset.pk)
    changes = list(changeset.changes.select_related("card__game").order_by("card_id", "id"))
    # The printings of the cards whose editions it changed, read once for the checks and the
    # writes.
    held = edition_printings({c.card for c in changes if c.fact == EDITIONS_FACT})
    reasons = _reasons_to_refuse(changeset, changes, held)
    if reasons:
        raise RevertRefused(tuple(reasons))
    cards: dict[int, Card] = {}
    editions_back: dict[int, list[str]] = {}
    for change in changes:
        card = cards.setdefault(change.card_id, change.card)
        if change.fact == EDITIONS_FACT:
            editions_back[card.pk] = change.old or []
        else:
            set_fact(card, change.fact, change.old)
    by_slug = {edition.slug: edition for edition in changeset.game.editions.all()}
    with recording_changeset(
        game=changeset.game,
        author=author,
        comment=comment or _("Cofnięcie zmiany nr %(number)s") % {"number": changeset.pk},
        source=Source.note(_("Cofnięcie zmiany nr %(number)s") % {"number": changeset.pk}),
        reverts=changeset,
    ) as recorder:
        for card in cards.values():
            recorder.save(card)
            if card.pk in editions_back:
                editions = [by_slug[slug] for slug in editions_back[card.pk]]
                recorder.save_editions(card, editions, held=held.get(card.pk, []))
    return recorder.changeset


def _reasons_to_refuse(
    changeset: Changeset, changes: list[FactChange], held: dict[int, list[Printing]]
) -> list[str]:
    reasons = []
    if not changes:
        reasons.append(_("Ta zmiana nie zmieniła żadnego faktu: nie ma czego cofać."))
    if Changeset.objects.filter(reverts=changeset).exists():
        reasons.append(_("Ta zmiana jest już cofnięta."))
    added = sorted({c.card.name for c in changes if c.fact == "name" and c.old is None})
    if added:
        reasons.append(
            _("Ta zmiana dodała karty (%(cards)s): cofnięcie usunęłoby je z talii graczy.")
            % {"cards": ", ".join(added)}
        )
    reasons += _editions_lost(changeset, changes, held)
    # A fact changed since and not put back (a later change reverted leaves it as it was).
    current = {card_id: facts_of_card(card) for card_id, card in _cards(changes).items()}
    for card_id in {c.card_id for c in changes if c.fact == EDITIONS_FACT}:
        current[card_id][EDITIONS_FACT] = editions_of(held.get(card_id, []))
    moved = [c for c in changes if current[c.card_id].get(c.fact) != c.new]
    if moved:
        latest = _latest_changes(changeset, moved)
        for change in moved:
            named = {"card": change.card.name, "fact": fact_label(change.card, change.fact)}
            number = latest.get((change.card_id, change.fact))
            if number is None:
                # Written since without a changeset (a shell, a data migration): still moved.
                reasons.append(_("%(card)s – %(fact)s zmieniono od tej zmiany.") % named)
            else:
                reasons.append(
                    _("Późniejsza zmiana nr %(number)s zmieniła też: %(card)s – %(fact)s.")
                    % {"number": number, **named}
                )
    return reasons


def _editions_lost(
    changeset: Changeset, changes: list[FactChange], held: dict[int, list[Printing]]
) -> list[str]:
    """Say which editions a revert cannot put back (gone from the game) or would drop with
    their scans."""
    reasons = []
    known = set(changeset.game.editions.values_list("slug", flat=True))
    for change in changes:
        if change.fact != EDITIONS_FACT:
            continue
        slugs = change.old or []
        named = {"card": change.card.name}
        if gone := [slug for slug in slugs if slug not in known]:
            reasons.append(
                _("%(card)s: edycji %(editions)s już nie ma w grze.")
                % {**named, "editions": ", ".join(gone)}
            )
        if scanned := scanned_dropped(held.get(change.card_id, []), slugs):
            reasons.append(
                _("%(card)s: druk w edycji %(editions)s ma skan; usuń go najpierw w panelu.")
                % {**named, "editions": ", ".join(sorted(p.edition.name for p in scanned))}
            )
    return reasons


def _cards(changes: list[FactChange]) -> dict[int, Card]:
    return {change.card_id: change.card for change in changes}


def _latest_changes(changeset: Changeset, moved: list[FactChange]) -> dict[tuple[int, str], int]:
    """Return, for each fact changed since, the number of the last changeset that changed it."""
    later = FactChange.objects.filter(
        card_id__in={c.card_id for c in moved},
        fact__in={c.fact for c in moved},
        changeset_id__gt=changeset.pk,
    ).values_list("card_id", "fact", "changeset_id")
    latest: dict[tuple[int, str], int] = {}
    for card_id, fact, number in later:
        latest[(card_id, fact)] = max(number, latest.get((card_id, fact), 0))
    return latest
