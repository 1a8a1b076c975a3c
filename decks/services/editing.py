"""Save decks: create, change, restore, copy and delete them, each save a version the rules judged.

The values come typed and shaped from the boundaries (decks.inputs, the forms, the API's
serializers); a save checks what needs the catalogue or the game's rules, and refuses to
overwrite a newer version (DeckConflict).
"""

from collections.abc import Mapping
from datetime import timedelta

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import F
from django.utils import timezone, translation
from django.utils.translation import gettext as _

import rules
from cardbase.models import Card, Game
from decks.contract import Entry
from decks.errors import (
    DeckConflict,
    DeckInputError,
    copies_out_of_range,
    listed_twice,
    option_missing,
    shown,
    too_many_cards,
    unknown_value,
)
from decks.limits import (
    DESCRIPTION_MAX,
    MAX_COPIES_PER_ENTRY,
    MAX_DISTINCT_CARDS,
    shortened_name,
)
from decks.models import Deck, DeckCard, DeckVersion, Visibility
from decks.selectors.history import version_by_number
from decks.services.verdicts import refresh_verdict
from rules.core.schema import Game as GameRules

# Saves of one editing session make one version in the history while no pause between them is
# longer than this; the builder keeps the per-change undo.
EDIT_SESSION_PAUSE = timedelta(minutes=30)

# A key of the cards mapping: a card id (the card lies in its kind's home section), or a
# (card id, section id) pair, where a section of None or "" is the home too.
CardKey = int | tuple[int, str | None]


def _checked_options(game: GameRules, options: Mapping[str, str | None]) -> dict[str, str]:
    """Check a deck's options against its game's; a required one missing is an error.

    None clears an option. A problem names the option itself as its field, as the forms and
    the API show options.
    """
    clean: dict[str, str] = {}
    for key, value in options.items():
        option = game.option(key)
        if option is None:
            allowed = ", ".join(o.id for o in game.options) or "—"
            raise DeckInputError(
                _("Ta gra nie ma ustawienia talii %(key)s; ma: %(allowed)s.")
                % {"key": shown(key), "allowed": allowed},
                "options",
            )
        if value is not None:
            if option.value(value) is None:
                raise unknown_value(value, (v.id for v in option.values), key)
            clean[key] = value
    for option in game.options:
        if option.required and option.id not in clean:
            raise option_missing(option)
    return clean


def _checked_format(game: GameRules, format_id: str | None) -> str:
    """Return a format of the game (None: its default)."""
    if format_id is None:
        return game.default_format.id
    if game.format(format_id) is None:
        raise unknown_value(format_id, (f.id for f in game.formats), "format")
    return format_id


def _section_of(game: GameRules, card: Card, section_id: str | None) -> str:
    """Return where a card lies: the section asked for if it takes the card, else refuse."""
    placed = game.placed(card.kind, section_id)
    if placed is not None:
        return placed
    section = game.section(section_id)
    if section is None:
        allowed = ", ".join(s.id for s in game.sections) or "—"
        raise DeckInputError(
            _("Ta gra nie ma części talii %(section)s; ma: %(allowed)s.")
            % {"section": shown(section_id), "allowed": allowed},
            "section",
        )
    lang = translation.get_language() or "pl"
    allowed = ", ".join(s.label(lang) for s in game.sections_for(card.kind)) or "—"
    raise DeckInputError(
        _("Karta „%(card)s” nie może leżeć w części „%(section)s”; może w: %(allowed)s.")
        % {"card": card.name, "section": section.label(lang), "allowed": allowed},
        "section",
    )


def _resolve_cards(game: Game, cards: Mapping[CardKey, int]) -> list[Entry]:
    """Check the cards are the game's, each where it may lie; return them in name and section order.

    The limits are checked here too: deck_add_cards and deck_adjust_card add to stored counts
    that no input check saw.
    """
    if len(cards) > MAX_DISTINCT_CARDS:
        raise too_many_cards()
    asked: dict[tuple[int, str | None], int] = {}
    for key, count in cards.items():
        card_id, section = key if isinstance(key, tuple) else (key, None)
        slot = (card_id, section or None)
        if slot in asked:
            raise listed_twice(card_id)
        if not 0 <= count <= MAX_COPIES_PER_ENTRY:
            raise copies_out_of_range(card_id)
        asked[slot] = count
    wanted = {card_id for (card_id, _section), count in asked.items() if count}
    found = {card.pk: card for card in Card.objects.filter(game=game, pk__in=wanted)}
    missing = sorted(wanted - set(found))
    if missing:
        raise DeckInputError(
            _("Nie ma w katalogu tej gry kart o numerach: %(ids)s.")
            % {"ids": ", ".join(map(str, missing))},
            "cards",
        )
    declaration = rules.get_game(game.slug)
    clean: dict[tuple[int, str], int] = {}
    for (card_id, section_id), count in asked.items():
        if not count:
            continue
        key = (card_id, _section_of(declaration, found[card_id], section_id))
        if key in clean:  # (12, None) and (12, "groups") name one entry when groups is its home
            raise listed_twice(card_id)
        clean[key] = count
    order = {section.id: index for index, section in enumerate(declaration.sections)}
    return sorted(
        (Entry(found[card_id], section, n) for (card_id, section), n in clean.items()),
        key=lambda entry: (entry.card.search_name, order.get(entry.section, len(order))),
    )


def entry_key(entry: Entry) -> str:
    """Return the key a stored version gives an entry: "<card id>:<section id>"."""
    return f"{entry.card.pk}:{entry.section}"


def _stored_slot(key: str) -> tuple[int, str | None]:
    """Return (card id, section id or None) of a stored version's key: "12:groups", or "12"."""
    card_id, _colon, section = key.partition(":")
    return int(card_id), section or None


def _store_cards(deck: Deck, entries: list[Entry]) -> None:
    """Replace the deck's entries, each in its section, and refresh verdict and totals."""
    deck.entries.all().delete()
    DeckCard.objects.bulk_create(
        [
            DeckCard(deck=deck, card=entry.card, count=entry.count, section=entry.section)
            for entry in entries
        ]
    )
    refresh_verdict(deck, entries)


def _keep_version(deck: Deck, entries: list[Entry], *, session: str = "") -> None:
    """Record the deck as this save leaves it, so its history can show and restore it.

    A save of the editing session that made the newest version, soon after it, updates that
    version (renumbered to this save's number) instead of adding one.
    """
    now = timezone.now()
    fields = {
        "number": deck.version,
        "name": deck.name,
        "options": deck.options,
        "cards": {entry_key(entry): entry.count for entry in entries},
        "is_valid": deck.is_valid,
        "session": session,
        "updated": now,
    }
    if session:
        # "deck" too: the related manager reads it to attach `deck`, a query more if deferred.
        last = deck.versions.order_by("-number").only("deck", "session", "updated").first()
        if (
            last is not None
            and last.session == session
            and last.updated is not None
            and now - last.updated <= EDIT_SESSION_PAUSE
        ):
            DeckVersion.objects.filter(pk=last.pk).update(**fields)
            return
    DeckVersion.objects.create(deck=deck, **fields)


def _game_with_rules(slug: str) -> Game:
    if not rules.is_game(slug):
        raise DeckInputError(_("Dla tej gry nie ma jeszcze reguł budowania talii."), "game")
    try:
        return Game.objects.get(slug=slug)
    except Game.DoesNotExist:
        raise DeckInputError(_("Nie ma takiej gry: %(slug)s.") % {"slug": slug}, "game") from None


@transaction.atomic
def deck_create(
    *,
    owner: AbstractBaseUser,
    name: str,
    options: Mapping[str, str | None] | None = None,
    game: str | None = None,
    format: str | None = None,
    description: str = "",
    visibility: str = Visibility.PRIVATE,
    cards: Mapping[CardKey, int] | None = None,
    copied_from: Deck | None = None,
    session: str = "",
) -> Deck:
    """Create a deck, validate it and store the verdict; raise DeckInputError on bad input.

    `session` names the editing session (see `deck_update`).
    """
    game_obj = _game_with_rules(game or rules.default_game_id())
    declaration = rules.get_game(game_obj.slug)
    deck = Deck(
        owner=owner,
        game=game_obj,
        name=name,
        description=description,
        options=_checked_options(declaration, options or {}),
        format=_checked_format(declaration, format),
        visibility=visibility,
        copied_from=copied_from,
    )
    deck.visible_from = _visible_from(deck)
    deck.save(force_insert=True)
    entries = _resolve_cards(game_obj, cards or {})
    _store_cards(deck, entries)
    _keep_version(deck, entries, session=session)
    return deck


def _visible_from(deck: Deck) -> int | None:
    """Return the first version shared since the deck was last private (None: it is private)."""
    if deck.visibility == Visibility.PRIVATE:
        return None
    return deck.visible_from or deck.version


def _track_sharing(deck: Deck) -> None:
    """Store `visible_from` as this save leaves the deck."""
    visible_from = _visible_from(deck)
    if visible_from != deck.visible_from:
        deck.visible_from = visible_from
        Deck.objects.filter(pk=deck.pk).update(visible_from=visible_from)


# A deck's columns but its links (owner, game, original), which no save changes.
_OWN_FIELDS = [f.attname for f in Deck._meta.concrete_fields if not f.is_relation]


@transaction.atomic
def deck_update(
    *,
    deck: Deck,
    expected_version: int,
    name: str | None = None,
    description: str | None = None,
    options: Mapping[str, str | None] | None = None,
    format: str | None = None,
    visibility: str | None = None,
    cards: Mapping[CardKey, int] | None = None,
    session: str = "",
) -> Deck:
    """Save changes made to `expected_version`; raise DeckConflict if the deck moved on since.

    A save from an older version that asks for what is stored already is no conflict: the deck
    comes back as it is, saved no more.

    Fields left as None keep their value; `options` change the ones they name (None clears
    one); `cards` ({card id or (card id, section id): count}, 0 removes) replaces the list.
    `session` names the editing session (hex, up to 32 characters; empty: none): its saves
    with pauses of at most EDIT_SESSION_PAUSE make one version in the history.
    """
    changes: dict = {}
    if name is not None:
        changes["name"] = name
    if description is not None:
        changes["description"] = description
    if options is not None:
        changes["options"] = _checked_options(deck.game_rules, {**deck.options, **options})
    if format is not None:
        changes["format"] = _checked_format(deck.game_rules, format)
    if visibility is not None:
        changes["visibility"] = visibility
    entries = _resolve_cards(deck.game, cards) if cards is not None else None
    # Compare-and-set in one UPDATE, so two saves racing from the same version cannot both win.
    # QuerySet.update() skips auto_now, so `updated` is set here, or no save would ever move it.
    won = Deck.objects.filter(pk=deck.pk, version=expected_version).update(
        version=F("version") + 1, updated=timezone.now(), **changes
    )
    if not won:
        try:
            deck.refresh_from_db(fields=_OWN_FIELDS)
        except Deck.DoesNotExist:  # deleted meanwhile
            raise DeckConflict(0) from None
        # A save whose answer a reload lost is sent again from the page's older version: what it
        # asks for is what is stored, so there is nothing to save and nothing to refuse.
        if _holds(deck, changes, entries):
            return deck
        raise DeckConflict(deck.version)
    # Reload the row's own fields only: a full refresh forgets the game and owner already read,
    # and reading the game again is a query more on every save.
    deck.refresh_from_db(fields=_OWN_FIELDS)
    _track_sharing(deck)
    if entries is None:
        entries = _stored_entries(deck)
        refresh_verdict(deck, entries)
    else:
        _store_cards(deck, entries)
    _keep_version(deck, entries, session=session)
    return deck


def _holds(deck: Deck, changes: Mapping[str, object], entries: list[Entry] | None) -> bool:
    """Say whether the deck as stored already has every field in `changes` and these cards."""
    if any(getattr(deck, field) != value for field, value in changes.items()):
        return False
    if entries is None:
        return True
    return stored_counts(deck) == {(entry.card.pk, entry.section): entry.count for entry in entries}


def _stored_entries(deck: Deck) -> list[Entry]:
    return [
        Entry(row.card, row.section, row.count)
        for row in deck.entries.select_related("card").order_by("card__search_name", "pk")
    ]


def stored_counts(deck: Deck) -> dict[tuple[int, str], int]:
    """Return the deck's entries as the cards mapping: {(card id, section id): count}."""
    return {
        (card_id, section): count
        for card_id, section, count in deck.entries.values_list("card_id", "section", "count")
    }


def deck_restore(*, deck: Deck, number: int, expected_version: int) -> Deck:
    """Save an earlier version's name and cards as the newest version (history stays whole).

    Cards deleted from the catalogue since then are left out.
    """
    old = version_by_number(deck=deck, number=number)
    if old is None:
        raise DeckInputError(
            _("Ta talia nie ma wersji %(number)s.") % {"number": number}, "version"
        )
    # A key without a section (a version saved before sections could be chosen) means the home.
    stored = {_stored_slot(key): n for key, n in old.cards.items()}
    existing = set(
        Card.objects.filter(
            game=deck.game, pk__in=[card_id for card_id, _section in stored]
        ).values_list("pk", flat=True)
    )
    return deck_update(
        deck=deck,
        expected_version=expected_version,
        name=old.name,
        options=old.options,
        cards={slot: n for slot, n in stored.items() if slot[0] in existing},
    )


def deck_delete(*, deck: Deck) -> None:
    """Delete a deck and its entries."""
    deck.delete()


def deck_copy(*, deck: Deck, owner: AbstractBaseUser) -> Deck:
    """Copy a deck into `owner`'s private decks, remembering where it came from."""
    return deck_create(
        owner=owner,
        name=shortened_name(_("Kopia: %(name)s") % {"name": deck.name}),
        options=deck.options,
        game=deck.game.slug,
        format=deck.format,
        # A description stored before its length was checked may be longer than a new one can be.
        description=deck.description[:DESCRIPTION_MAX],
        cards=stored_counts(deck),
        copied_from=deck,
    )
