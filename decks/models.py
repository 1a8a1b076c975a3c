"""Decks: a player's list of catalogue cards with counts, and the verdict of the rules on it."""

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

import rules
from cardbase.models import Card, Game
from decks.limits import FOLDER_NAME_MAX, TAG_MAX_CHARS
from decks.managers import DeckQuerySet
from rules.core.schema import Game as GameRules


class Visibility(models.TextChoices):
    PRIVATE = "private", _("prywatna")
    UNLISTED = "unlisted", _("dostępna przez link")
    PUBLIC = "public", _("publiczna")


class DeckFolder(models.Model):
    """A folder a player files their own decks in; nobody else sees it, a deck lies in one at most."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="deck_folders"
    )
    name = models.CharField(_("nazwa"), max_length=FOLDER_NAME_MAX)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            # Lower() folds ASCII only on SQLite: decks.services.organising compares in Python too.
            models.UniqueConstraint("owner", Lower("name"), name="deck_folder_name_once"),
        ]
        verbose_name = _("folder talii")
        verbose_name_plural = _("foldery talii")

    def __str__(self) -> str:
        return self.name


class Deck(models.Model):
    """A deck of one game with its options; `version` grows with every save to catch lost edits."""

    # A UUID, so that a deck's address cannot be guessed by counting.
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks"
    )
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="decks")
    name = models.CharField(_("nazwa"), max_length=100)
    description = models.TextField(_("opis"), blank=True, max_length=10_000)
    # {option id: value id} of the choices its game declares (Aniołowie: {"faction": "lord"}).
    options = models.JSONField(_("ustawienia"), default=dict, blank=True)
    format = models.CharField(_("format"), max_length=40)
    visibility = models.CharField(
        _("widoczność"), max_length=8, choices=Visibility.choices, default=Visibility.PRIVATE
    )
    version = models.PositiveIntegerField(default=1, editable=False)
    # The rules' verdict as of the last save or catalogue change (decks/contract.py's form).
    is_valid = models.BooleanField(default=False, editable=False)
    verdict = models.JSONField(default=dict, editable=False)
    card_total = models.PositiveIntegerField(default=0, editable=False)
    # Moves each time a catalogue change judges the deck anew and its verdict comes out
    # different (decks.services.verdicts): that happens after the catalogue's version has moved,
    # with no save, so pages kept by the deck's version keep by this too.
    judged = models.PositiveIntegerField(default=0, editable=False)
    # How many players like the deck: its DeckLike rows, counted as they come and go
    # (decks.services, and a deleted player's likes in decks.apps) so lists need not count them.
    like_count = models.PositiveIntegerField(default=0, editable=False)
    # The first version saved while the deck was shared (unlisted or public) since it was last
    # private; None while private. Others see the history from here: its private past stays private.
    visible_from = models.PositiveIntegerField(null=True, blank=True, editable=False)
    copied_from = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="copies"
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    # The owner's own filing, none of it a save of the deck: a folder of theirs (None: unfiled),
    # and the archive, which takes the deck off their list and the public one, not off its link.
    folder = models.ForeignKey(
        DeckFolder, null=True, blank=True, on_delete=models.SET_NULL, related_name="decks"
    )
    archived = models.BooleanField(_("w archiwum"), default=False)

    objects = DeckQuerySet.as_manager()

    class Meta:
        ordering = ["-updated"]
        indexes = [
            models.Index(fields=["visibility", "-updated"], name="deck_listing"),
            models.Index(fields=["visibility", "-created"], name="deck_listing_new"),
            models.Index(
                fields=["visibility", "-like_count", "-updated"], name="deck_listing_liked"
            ),
        ]
        verbose_name = _("talia")
        verbose_name_plural = _("talie")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("deck-detail", kwargs={"deck_id": self.pk})

    @property
    def game_rules(self) -> GameRules:
        """Return the declaration of the deck's game."""
        return rules.get_game(self.game.slug)

    def option_labels(self, lang: str) -> list[tuple[str, str, str, str]]:
        """Return (option id, its label, value id, value label) of each option set, in order."""
        return [
            (
                option.id,
                option.label(lang),
                self.options[option.id],
                option.value_label(self.options[option.id], lang),
            )
            for option in self.game_rules.options
            if option.id in self.options
        ]


class DeckCard(models.Model):
    """How many copies of a card lie in one section of a deck; a card may lie in several."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="entries")
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="deck_entries")
    count = models.PositiveSmallIntegerField()
    # A section id of the deck's game that takes the card's kind (its home by default; INWO
    # lets a Group lead); empty for a card of a kind no section takes.
    section = models.CharField(_("część talii"), max_length=40, blank=True)

    class Meta:
        # The decks holding a card, with their copies, read from the index alone: what a
        # collection covers of every deck (decks.selectors.buildable) never visits the rows.
        indexes = [models.Index(fields=["card", "deck", "count"], name="deck_card_by_card")]
        constraints = [
            models.UniqueConstraint(
                fields=["deck", "card", "section"], name="deck_card_once_per_section"
            ),
            models.CheckConstraint(condition=Q(count__gte=1), name="deck_card_count_positive"),
        ]
        verbose_name = _("karta w talii")
        verbose_name_plural = _("karty w talii")

    def __str__(self) -> str:
        return f"{self.count}× {self.card}"


class DeckTag(models.Model):
    """A short label the owner put on a deck, stored normalised (decks.organise_inputs.tag).

    Shown wherever the deck is; the public list filters by it, among public decks only.
    """

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="tags")
    name = models.CharField(_("tag"), max_length=TAG_MAX_CHARS)

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["deck", "name"], name="deck_tag_once")]
        # The public list's filter: the decks of one tag.
        indexes = [models.Index(fields=["name", "deck"], name="deck_tag_by_name")]
        verbose_name = _("tag talii")
        verbose_name_plural = _("tagi talii")

    def __str__(self) -> str:
        return self.name


class DeckVersion(models.Model):
    """The deck as one save left it: its name and cards, so history can show and restore it."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    name = models.CharField(max_length=100)
    options = models.JSONField(default=dict, blank=True)
    # {"<card id>:<section id>": count}; versions saved before sections could be chosen key by
    # the card id alone, meaning its kind's home section (decks.selectors.history.version_entries).
    cards = models.JSONField(default=dict)
    is_valid = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)
    # The builder's editing session that last saved into this version (empty: a save from
    # elsewhere); saves of one session close together update it instead of adding a version.
    session = models.CharField(max_length=32, blank=True, editable=False)
    updated = models.DateTimeField(null=True, editable=False)

    class Meta:
        ordering = ["deck", "-number"]
        constraints = [models.UniqueConstraint(fields=["deck", "number"], name="deck_version_once")]
        verbose_name = _("wersja talii")
        verbose_name_plural = _("wersje talii")

    def __str__(self) -> str:
        return f"{self.deck} v{self.number}"

    @property
    def saved(self):
        """Return when this version last took a save (a session's later saves update it)."""
        return self.updated or self.created


class DeckLike(models.Model):
    """A player's like of someone else's public deck."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="likes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="deck_likes"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["deck", "user"], name="deck_like_once")]
        verbose_name = _("polubienie")
        verbose_name_plural = _("polubienia")

    def __str__(self) -> str:
        return f"{self.user} ♥ {self.deck}"


class Collection(models.Model):
    """A player's own cards: one per player, private unless shared read-only by its link."""

    # The player's id is the collection's: a filter by the viewer's copies needs no join.
    owner = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="collection",
    )
    # The secret of the read-only link; empty while the collection is private.
    share_key = models.CharField(max_length=32, blank=True, db_index=True)
    # Every change to the copies or the want list moves it: pages showing them are versioned by it.
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("kolekcja")
        verbose_name_plural = _("kolekcje")

    def __str__(self) -> str:
        return str(self.owner)


class OwnedCard(models.Model):
    """How many copies of a card a player owns, all editions together, and per edition if told."""

    collection = models.ForeignKey(Collection, on_delete=models.CASCADE, related_name="owned")
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="owned_copies")
    count = models.PositiveSmallIntegerField()
    # {edition slug: copies} of the copies whose edition the player gave; the rest (count less
    # their sum) are of an edition not given. The rules count copies, never editions.
    editions = models.JSONField(default=dict, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["collection", "card"], name="owned_card_once"),
            models.CheckConstraint(condition=Q(count__gte=1), name="owned_card_count_positive"),
        ]
        verbose_name = _("posiadana karta")
        verbose_name_plural = _("posiadane karty")

    def __str__(self) -> str:
        return f"{self.count}× {self.card}"


class WantedCard(models.Model):
    """How many more copies of a card a player wants: their want list."""

    collection = models.ForeignKey(Collection, on_delete=models.CASCADE, related_name="wanted")
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="wanted_copies")
    count = models.PositiveSmallIntegerField()
    added = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["collection", "card"], name="wanted_card_once"),
            models.CheckConstraint(condition=Q(count__gte=1), name="wanted_card_count_positive"),
        ]
        verbose_name = _("poszukiwana karta")
        verbose_name_plural = _("poszukiwane karty")

    def __str__(self) -> str:
        return f"{self.count}× {self.card}"
