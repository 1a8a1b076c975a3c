"""Writes to decks: every save validates with rules/ and refuses to overwrite a newer version."""

import re
from collections.abc import Iterable, Mapping
from datetime import timedelta

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Count, F, OuterRef, Prefetch, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone, translation
from django.utils.translation import gettext as _

import rules
from cardbase.models import Card, Game
from decks.contract import Entry, contract_for, judge
from decks.limits import (
    DESCRIPTION_MAX,
    MAX_CARD_ID,
    MAX_COPIES_PER_ENTRY,
    MAX_DISTINCT_CARDS,
    NAME_MAX,
)
from decks.models import Deck, DeckCard, DeckLike, DeckVersion, Visibility

_DIGITS = re.compile(r"[0-9]+", re.ASCII)
# Saves of one editing session make one version in the history while no pause between them is
# longer than this; the builder keeps the per-change undo.
EDIT_SESSION_PAUSE = timedelta(minutes=30)
_SESSION = re.compile(r"[0-9a-f]{1,32}", re.ASCII)
# Echoed in messages: a pasted megabyte of digits is cut, not repeated.
_SHOWN_CHARS = 24


class DeckInputError(ValueError):
    """Input a deck cannot take; `field` names where (e.g. "cards", "name")."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class DeckConflict(Exception):
    """The deck was saved elsewhere since the caller read it; nothing was written."""

    def __init__(self, current_version: int) -> None:
        super().__init__(f"the deck is now at version {current_version}")
        self.current_version = current_version


def _shown(value: object) -> str:
    text = (
        str(value) if isinstance(value, str | int) and not isinstance(value, bool) else repr(value)
    )
    return text if len(text) <= _SHOWN_CHARS else text[: _SHOWN_CHARS - 1] + "…"


def _type_name(value: object) -> str:
    """Name a JSON value's type in Polish (accusative), for "expected text, got …"."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return _("wartość logiczną")
    if isinstance(value, int | float):
        return _("liczbę")
    if isinstance(value, list | tuple):
        return _("listę")
    if isinstance(value, Mapping):
        return _("obiekt")
    return type(value).__name__


def _clean_text(value: object, *, field: str, label: str, max_chars: int | None) -> str:
    """Check that `value` is storable text of at most `max_chars` characters (None: any)."""
    if not isinstance(value, str):
        raise DeckInputError(
            _("%(label)s: oczekiwano tekstu, a podano %(type)s.")
            % {"label": label, "type": _type_name(value)},
            field,
        )
    if "\x00" in value:
        # PostgreSQL cannot store NUL in text; refuse it here rather than fail in the database.
        raise DeckInputError(
            _("%(label)s: tekst nie może zawierać znaku NUL.") % {"label": label}, field
        )
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:  # JSON's "\ud800" decodes to a lone surrogate no database takes
        raise DeckInputError(
            _("%(label)s: tekst zawiera niepoprawne znaki (niesparowany surogat UTF-16).")
            % {"label": label},
            field,
        ) from None
    if max_chars is not None and len(value) > max_chars:
        raise DeckInputError(
            _("%(label)s: najwyżej %(max)d znaków, a podano %(count)d.")
            % {"label": label, "max": max_chars, "count": len(value)},
            field,
        )
    return value


def _clean_name(name: object) -> str:
    name = _clean_text(name, field="name", label=_("Nazwa talii"), max_chars=None)
    name = name.strip()
    if not name:
        raise DeckInputError(_("Podaj nazwę talii."), "name")
    if len(name) > NAME_MAX:
        raise DeckInputError(
            _("Nazwa talii może mieć najwyżej %(max)d znaków.") % {"max": NAME_MAX}, "name"
        )
    return name


def _clean_description(description: object) -> str:
    return _clean_text(description, field="description", label=_("Opis"), max_chars=DESCRIPTION_MAX)


def _clean_choice(value: object, allowed_ids: Iterable[str], field: str) -> str:
    allowed_ids = list(allowed_ids)
    if not isinstance(value, str) or value not in allowed_ids:
        allowed = ", ".join(allowed_ids)
        raise DeckInputError(
            _("Nieznana wartość %(value)s; dozwolone: %(allowed)s.")
            % {
                "value": _shown(value) if isinstance(value, str) else _type_name(value),
                "allowed": allowed,
            },
            field,
        )
    return value


def _clean_options(game: rules.core.Game, options: object) -> dict[str, str]:
    """Check a deck's options against its game's; a required one missing is an error.

    A problem names the option itself as its field, as the forms and the API show options.
    """
    if not isinstance(options, Mapping):
        raise DeckInputError(
            _("Ustawienia talii podaje się jako słownik, a podano %(type)s.")
            % {"type": _type_name(options)},
            "options",
        )
    clean: dict[str, str] = {}
    for key, value in options.items():
        option = game.option(key) if isinstance(key, str) else None
        if option is None:
            allowed = ", ".join(o.id for o in game.options) or "—"
            raise DeckInputError(
                _("Ta gra nie ma ustawienia talii %(key)s; ma: %(allowed)s.")
                % {"key": _shown(key), "allowed": allowed},
                "options",
            )
        if value is not None:
            clean[key] = _clean_choice(value, (v.id for v in option.values), key)
    for option in game.options:
        if option.required and option.id not in clean:
            raise DeckInputError(
                _("Wybierz: %(option)s.") % {"option": option.label(translation.get_language())},
                option.id,
            )
    return clean


def _clean_format(game: rules.core.Game, format_id: object) -> str:
    if format_id is None:
        return game.default_format.id
    return _clean_choice(format_id, (f.id for f in game.formats), "format")


def _clean_version(version: object) -> int:
    # bool is an int subclass, but `true` is no version number.
    if type(version) is not int or version < 1:
        raise DeckInputError(
            _("Numer wersji talii musi być dodatnią liczbą całkowitą, a podano %(value)s.")
            % {"value": _shown(version)},
            "version",
        )
    return version


def _whole_number(value: object) -> int | None:
    """Return an int given as an int or a string of ASCII digits; None for anything else."""
    if type(value) is int:
        return value
    if isinstance(value, str):
        digits = value.strip()
        # Test the length before int(): a megabyte of digits must not become a bignum.
        if _DIGITS.fullmatch(digits) and len(digits.lstrip("0")) <= len(str(MAX_CARD_ID)):
            return int(digits)
    return None


def _card_id(raw: object) -> int:
    """Return a card id from a key of the cards mapping; raise DeckInputError if it is not one."""
    card_id = _whole_number(raw)
    if card_id is None or not 1 <= card_id <= MAX_CARD_ID:
        raise DeckInputError(
            _("„%(id)s” nie jest numerem karty: numer to liczba całkowita od 1 do %(max)d.")
            % {"id": _shown(raw), "max": MAX_CARD_ID},
            "cards",
        )
    return card_id


# A key of the cards mapping: a card id (the card lies in its kind's home section), a
# (card id, section id) pair, or the builder's "<card id>:<section id>".
CardKey = int | str | tuple[int | str, str]


def _entry_key(raw: object) -> tuple[int, str | None]:
    """Return (card id, section id or None for the home) of a key of the cards mapping."""
    if isinstance(raw, tuple) and len(raw) == 2:
        card, section = raw
    elif isinstance(raw, str) and ":" in raw:
        card, section = raw.split(":", 1)
    else:
        card, section = raw, None
    if section is not None and not isinstance(section, str):
        raise DeckInputError(
            _("Część talii podaje się jako tekst, a podano %(type)s.")
            % {"type": _type_name(section)},
            "section",
        )
    return _card_id(card), section or None


def _section_of(game: rules.core.Game, card: Card, section_id: str | None) -> str:
    """Return where a card lies: the section asked for if it takes the card, else refuse."""
    placed = game.placed(card.kind, section_id)
    if placed is not None:
        return placed
    section = game.section(section_id)
    if section is None:
        allowed = ", ".join(s.id for s in game.sections) or "—"
        raise DeckInputError(
            _("Ta gra nie ma części talii %(section)s; ma: %(allowed)s.")
            % {"section": _shown(section_id), "allowed": allowed},
            "section",
        )
    lang = translation.get_language() or "pl"
    allowed = ", ".join(s.label(lang) for s in game.sections_for(card.kind)) or "—"
    raise DeckInputError(
        _("Karta „%(card)s” nie może leżeć w części „%(section)s”; może w: %(allowed)s.")
        % {"card": card.name, "section": section.label(lang), "allowed": allowed},
        "section",
    )


def _resolve_cards(game: Game, cards: object) -> list[Entry]:
    """Check card ids, sections and counts; return the entries, in name and section order."""
    if not isinstance(cards, Mapping):
        raise DeckInputError(
            _("Karty podaje się jako słownik {numer karty: liczba kopii}, a podano %(type)s.")
            % {"type": _type_name(cards)},
            "cards",
        )
    if len(cards) > MAX_DISTINCT_CARDS:
        raise DeckInputError(
            _("Talia może mieć najwyżej %(max)d różnych kart.") % {"max": MAX_DISTINCT_CARDS},
            "cards",
        )
    asked: dict[tuple[int, str | None], int] = {}
    for raw_key, raw_count in cards.items():
        key = _entry_key(raw_key)
        card_id = key[0]
        if key in asked:
            raise DeckInputError(
                _("Karta %(id)d jest podana więcej niż raz.") % {"id": card_id}, "cards"
            )
        count = _whole_number(raw_count)
        if count is None:
            raise DeckInputError(
                _("Karta %(id)d: liczba kopii musi być liczbą całkowitą, a podano %(value)s.")
                % {"id": card_id, "value": _shown(raw_count)},
                "cards",
            )
        if count < 0 or count > MAX_COPIES_PER_ENTRY:
            raise DeckInputError(
                _("Karta %(id)d: liczba kopii musi wynosić od 0 do %(max)d.")
                % {"id": card_id, "max": MAX_COPIES_PER_ENTRY},
                "cards",
            )
        asked[key] = count
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
        if key in clean:  # "12" and "12:groups" name one entry when groups is its home
            raise DeckInputError(
                _("Karta %(id)d jest podana więcej niż raz.") % {"id": card_id}, "cards"
            )
        clean[key] = count
    order = {section.id: index for index, section in enumerate(declaration.sections)}
    return sorted(
        (Entry(found[card_id], section, n) for (card_id, section), n in clean.items()),
        key=lambda entry: (entry.card.search_name, order.get(entry.section, len(order))),
    )


def entry_key(entry: Entry) -> str:
    """Return the key the cards mapping and a stored version give an entry: "<id>:<section>"."""
    return f"{entry.card.pk}:{entry.section}"


def _store_cards(deck: Deck, entries: list[Entry]) -> None:
    """Replace the deck's entries, each in its section, and refresh verdict and totals."""
    deck.entries.all().delete()
    DeckCard.objects.bulk_create(
        [
            DeckCard(deck=deck, card=entry.card, count=entry.count, section=entry.section)
            for entry in entries
        ]
    )
    _refresh_verdict(deck, entries)


def _clean_session(session: object) -> str:
    if not isinstance(session, str) or not (session == "" or _SESSION.fullmatch(session)):
        raise DeckInputError(_("Niepoprawny identyfikator sesji edycji."), "session")
    return session


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


def verdict_fields(deck: Deck, entries: list[Entry]) -> dict:
    """Return the deck's verdict, validity and card total as the rules judge `entries` now."""
    contract = contract_for(
        game=deck.game.slug, options=deck.options, format=deck.format, entries=entries
    )
    verdict = judge(contract)
    return {
        "verdict": verdict,
        "is_valid": verdict["valid"],
        "card_total": sum(entry.count for entry in entries),
    }


def _refresh_verdict(deck: Deck, entries: list[Entry]) -> None:
    fields = verdict_fields(deck, entries)
    for name, value in fields.items():
        setattr(deck, name, value)
    Deck.objects.filter(pk=deck.pk).update(**fields)


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
    options: Mapping[str, str] | None = None,
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
    session = _clean_session(session)
    game_obj = _game_with_rules(game or rules.default_game_id())
    declaration = rules.get_game(game_obj.slug)
    deck = Deck(
        owner=owner,
        game=game_obj,
        name=_clean_name(name),
        description=_clean_description("" if description is None else description),
        options=_clean_options(declaration, {} if options is None else options),
        format=_clean_format(declaration, format),
        visibility=_clean_choice(visibility, Visibility.values, "visibility"),
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

    Fields left as None keep their value; `options` change the ones they name (None clears
    one); `cards` ({card id or (card id, section id): count}, 0 removes) replaces the list.
    `session` names the editing session (hex, up to 32 characters; empty: none): its saves
    with pauses of at most EDIT_SESSION_PAUSE make one version in the history.
    """
    expected_version = _clean_version(expected_version)
    session = _clean_session(session)
    changes: dict = {}
    if name is not None:
        changes["name"] = _clean_name(name)
    if description is not None:
        changes["description"] = _clean_description(description)
    if options is not None:
        merged = {**deck.options, **options} if isinstance(options, Mapping) else options
        changes["options"] = _clean_options(deck.game_rules, merged)
    if format is not None:
        changes["format"] = _clean_format(deck.game_rules, format)
    if visibility is not None:
        changes["visibility"] = _clean_choice(visibility, Visibility.values, "visibility")
    entries = _resolve_cards(deck.game, cards) if cards is not None else None
    # Compare-and-set in one UPDATE, so two saves racing from the same version cannot both win.
    # QuerySet.update() skips auto_now, so `updated` is set here, or no save would ever move it.
    won = Deck.objects.filter(pk=deck.pk, version=expected_version).update(
        version=F("version") + 1, updated=timezone.now(), **changes
    )
    if not won:
        current = Deck.objects.filter(pk=deck.pk).values_list("version", flat=True).first()
        raise DeckConflict(current or 0)
    # Reload the row's own fields only: a full refresh forgets the game and owner already read,
    # and reading the game again is a query more on every save.
    deck.refresh_from_db(fields=_OWN_FIELDS)
    _track_sharing(deck)
    if entries is None:
        entries = _stored_entries(deck)
        _refresh_verdict(deck, entries)
    else:
        _store_cards(deck, entries)
    _keep_version(deck, entries, session=session)
    return deck


def _stored_entries(deck: Deck) -> list[Entry]:
    return [
        Entry(row.card, row.section, row.count)
        for row in deck.entries.select_related("card").order_by("card__search_name", "pk")
    ]


def _stored_counts(deck: Deck) -> dict[str, int]:
    """Return the deck's entries as the cards mapping: {"<card id>:<section id>": count}."""
    return {
        f"{card_id}:{section}": count
        for card_id, section, count in deck.entries.values_list("card_id", "section", "count")
    }


def deck_adjust_card(
    *,
    deck: Deck,
    card_id: int,
    delta: int,
    expected_version: int,
    section: str | None = None,
    session: str = "",
) -> Deck:
    """Add (delta 1) or take away (delta -1) one copy of a card and save it as a new version.

    Without a section a copy is added to the card's home section, and taken from there if it
    has copies there, else from the first section it lies in.
    """
    if type(delta) is not int or delta not in (1, -1):
        raise DeckInputError(_("Można dodać albo odjąć jedną kopię naraz."), "delta")
    card_id = _card_id(card_id)
    counts = _stored_counts(deck)
    if section is None:
        section = _section_to_adjust(deck, card_id, delta, counts)
    key = f"{card_id}:{section}"
    counts[key] = max(0, counts.get(key, 0) + delta)
    # deck_update compares versions, so counts read from a deck saved meanwhile are never stored.
    return deck_update(deck=deck, expected_version=expected_version, cards=counts, session=session)


def deck_add_cards(
    *,
    deck: Deck,
    expected_version: int,
    added: Mapping[tuple[int, str], int],
    cards: Mapping[CardKey, int] | None = None,
    session: str = "",
    **changes,
) -> Deck:
    """Add copies ({(card id, section id): count}) to `cards` and save them with `changes`.

    `cards` are the counts the builder shows (the deck's stored cards when None); `changes`
    are deck_update's other fields.
    """
    counts = _stored_counts(deck) if cards is None else cards
    if isinstance(counts, Mapping):  # anything else: deck_update says what is wrong with it
        counts = dict(counts)
        for (card_id, section), count in added.items():
            key = f"{card_id}:{section}"
            counts[key] = (_whole_number(counts.get(key, 0)) or 0) + count
    return deck_update(
        deck=deck, expected_version=expected_version, cards=counts, session=session, **changes
    )


def _section_to_adjust(deck: Deck, card_id: int, delta: int, counts: Mapping[str, int]) -> str:
    card = Card.objects.filter(game=deck.game, pk=card_id).only("kind").first()
    if card is None:
        return ""  # the save refuses the unknown card with its usual message
    game = deck.game_rules
    places = [s.id for s in game.sections_for(card.kind)] or [""]
    if delta < 0:
        return next((s for s in places if counts.get(f"{card_id}:{s}")), places[0])
    return places[0]


def deck_move_card(
    *,
    deck: Deck,
    card_id: int,
    from_section: str,
    to_section: str,
    expected_version: int,
    session: str = "",
) -> Deck:
    """Move one copy of a card to another section that takes it, and save a new version."""
    card_id = _card_id(card_id)
    counts = _stored_counts(deck)
    source = f"{card_id}:{from_section}"
    if not isinstance(to_section, str) or not counts.get(source):
        raise DeckInputError(_("Tej karty nie ma w tej części talii; odśwież stronę."), "section")
    target = f"{card_id}:{to_section}"
    counts[source] -= 1
    counts[target] = counts.get(target, 0) + 1
    return deck_update(deck=deck, expected_version=expected_version, cards=counts, session=session)


def deck_restore(*, deck: Deck, number: int, expected_version: int) -> Deck:
    """Save an earlier version's name and cards as the newest version (history stays whole).

    Cards deleted from the catalogue since then are left out.
    """
    try:
        old = deck.versions.get(number=number)
    except DeckVersion.DoesNotExist:
        raise DeckInputError(
            _("Ta talia nie ma wersji %(number)s.") % {"number": number}, "version"
        ) from None
    stored = {key: (_entry_key(key)[0], n) for key, n in old.cards.items()}
    existing = set(
        Card.objects.filter(
            game=deck.game, pk__in=[card_id for card_id, _n in stored.values()]
        ).values_list("pk", flat=True)
    )
    # A key without a section (a version saved before sections could be chosen) means the home.
    cards = {key: n for key, (card_id, n) in stored.items() if card_id in existing}
    return deck_update(
        deck=deck,
        expected_version=expected_version,
        name=old.name,
        options=old.options,
        cards=cards,
    )


def deck_like(*, deck: Deck, user: AbstractBaseUser) -> bool:
    """Like a public deck of another player; return False if it was already liked."""
    if deck.owner_id == user.pk:
        raise DeckInputError(_("Nie można polubić własnej talii."), "like")
    if deck.visibility != Visibility.PUBLIC:
        raise DeckInputError(_("Polubić można tylko talie publiczne."), "like")
    with transaction.atomic():
        created = DeckLike.objects.get_or_create(deck=deck, user=user)[1]
        # Counted only for a row really made: a second like (or one racing it) adds nothing.
        if created:
            Deck.objects.filter(pk=deck.pk).update(like_count=F("like_count") + 1)
    return created


def deck_unlike(*, deck: Deck, user: AbstractBaseUser) -> None:
    """Take back a like."""
    with transaction.atomic():
        deleted, _rows = DeckLike.objects.filter(deck=deck, user=user).delete()
        # Only for a row really deleted: a second unlike (or one racing it) takes nothing off.
        if deleted:
            Deck.objects.filter(pk=deck.pk).update(like_count=F("like_count") - deleted)


def recount_likes(*, decks: QuerySet[Deck] | None = None) -> int:
    """Set the stored like count of `decks` (default: every deck) from their likes; return how many.

    For likes written around deck_like and deck_unlike (a bulk load, SQL); those keep it right.
    """
    likes = (
        DeckLike.objects.filter(deck=OuterRef("pk"))
        .order_by()
        .values("deck")
        .annotate(n=Count("pk"))
        .values("n")
    )
    chosen = Deck.objects.all() if decks is None else decks
    return chosen.update(like_count=Coalesce(Subquery(likes), 0))


def deck_delete(*, deck: Deck) -> None:
    """Delete a deck and its entries."""
    deck.delete()


def deck_copy(*, deck: Deck, owner: AbstractBaseUser) -> Deck:
    """Copy a deck into `owner`'s private decks, remembering where it came from."""
    return deck_create(
        owner=owner,
        name=(_("Kopia: %(name)s") % {"name": deck.name})[:NAME_MAX],
        options=deck.options,
        game=deck.game.slug,
        format=deck.format,
        # A description stored before its length was checked may be longer than a new one can be.
        description=deck.description[:DESCRIPTION_MAX],
        cards=_stored_counts(deck),
        copied_from=deck,
    )


def revalidate_decks_with(*, card: Card) -> int:
    """Refresh the stored verdict of every deck holding `card` (corrected); return how many changed."""
    return revalidate_decks(
        decks=Deck.objects.filter(pk__in=DeckCard.objects.filter(card=card).values("deck_id"))
    )


def revalidate_decks(*, decks: QuerySet[Deck] | None = None) -> int:
    """Refresh the stored verdict of `decks` (default: every deck); return how many changed.

    Run when a card is corrected and after an upgrade that words or checks the rules anew. Three
    queries for up to 500 decks (the decks, their entries with their cards, one bulk update of the
    decks whose verdict, validity or total moved), read in chunks so memory stays flat.
    """
    entries = DeckCard.objects.select_related("card").order_by("card__search_name")
    decks = (
        (Deck.objects.all() if decks is None else decks)
        .select_related("game")
        .prefetch_related(Prefetch("entries", queryset=entries))
    )
    changed = []
    for deck in decks.iterator(chunk_size=500):
        entries = [Entry(row.card, row.section, row.count) for row in deck.entries.all()]
        fresh = verdict_fields(deck, entries)
        if any(getattr(deck, name) != value for name, value in fresh.items()):
            for name, value in fresh.items():
                setattr(deck, name, value)
            changed.append(deck)
    Deck.objects.bulk_update(changed, ["verdict", "is_valid", "card_total"], batch_size=500)
    return len(changed)
