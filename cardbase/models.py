"""The catalogue: games, editions, cards, their printings and the rulebook passages behind them."""

from typing import NamedTuple

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

import rules
from cardbase.attribute_slots import NUMBER_SLOTS, TEXT_SLOTS, slot_indexes, slot_map
from cardbase.facet_values import declared_facet_keys
from cardbase.language import page_lang
from cardbase.managers import CardManager
from rules.core import card_key
from rules.core.schema import UNLIMITED
from rules.core.schema import Game as GameRules


class Game(models.Model):
    """A card game the site serves; its rules live in rules/<slug>.py."""

    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=100)
    description = models.TextField(blank=True)
    rulebook = models.CharField(
        max_length=100, blank=True, help_text=_("Plik podręcznika w shared/rulebooks/.")
    )
    # The attributes its cards' facet values hold (cardbase/facet_values.py): the declaration's,
    # written when the row is made and brought up to date after every `migrate`. Null for a row
    # written by older code (a data migration's), which has none yet.
    facet_keys = models.JSONField(default=list, null=True, blank=True, editable=False)
    # Which attribute each of its cards' slot columns holds (cardbase/attribute_slots.py), by
    # column: the declaration's, kept the same way as the facet keys. No default: SQLite would
    # remake the table to write one, and the card triggers reading it forbid that.
    attribute_slots = models.JSONField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["name"]
        verbose_name = _("gra")
        verbose_name_plural = _("gry")

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        """Give a new game the facet keys and slots its declaration names, before any card of
        it is made."""
        if self._state.adding and rules.is_game(self.slug):
            declaration = rules.get_game(self.slug)
            self.facet_keys = self.facet_keys or declared_facet_keys(declaration)
            self.attribute_slots = self.attribute_slots or slot_map(declaration)
        super().save(*args, **kwargs)


class Edition(models.Model):
    """A published set of cards, known by the symbol printed on its cards."""

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="editions")
    slug = models.SlugField()
    name = models.CharField(max_length=100)
    symbol = models.CharField(
        max_length=100, blank=True, help_text=_("Opis symbolu edycji drukowanego na kartach.")
    )
    released = models.DateField(null=True, blank=True)

    class Meta:
        ordering = ["game", "released", "name"]
        constraints = [
            models.UniqueConstraint(fields=["game", "slug"], name="edition_unique_slug_per_game")
        ]
        verbose_name = _("edycja")
        verbose_name_plural = _("edycje")

    def __str__(self) -> str:
        return self.name


class AttributeSlots(models.Model):
    """A card's slot columns: copies of the attributes its game filters on, written by the
    database's triggers from the game's slot map (cardbase/attribute_slots.py), never by Python.
    """

    class Meta:
        abstract = True


for _column in TEXT_SLOTS:
    AttributeSlots.add_to_class(_column, models.TextField(null=True, editable=False))
for _column in NUMBER_SLOTS:
    AttributeSlots.add_to_class(_column, models.IntegerField(null=True, editable=False))


class StoredFacts(NamedTuple):
    """What a card held when it was read: the fields its facts live in."""

    name: str
    kind: str
    text: str
    attributes: dict
    notes: dict


class Card(AttributeSlots):
    """A card of a game: shared columns, and the attributes its game's schema declares.

    `attributes` holds what the sources give, keyed by the schema's attribute ids; a missing key
    means unknown (no nulls are stored), and a key the card's kind does not have is refused by
    `clean()`, which every write path (admin, loaders, importers, API) passes through.
    """

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="cards")
    slug = models.SlugField(max_length=120)
    kind = models.CharField(_("rodzaj"), max_length=40)
    name = models.CharField(_("nazwa"), max_length=120)
    text = models.TextField(_("tekst karty"), blank=True)
    attributes = models.JSONField(_("atrybuty"), default=dict, blank=True)
    # Editorial notes on the card's facts, one text per language code.
    notes = models.JSONField(_("uwagi"), default=dict, blank=True)
    # Folded copies (lower case, no diacritics) so "swietnisko" finds "ŚWIĘTNISKO" on any database.
    search_name = models.CharField(max_length=120, editable=False, db_index=True)
    search_text = models.TextField(editable=False, blank=True)
    # Kept by the database's triggers from `attributes` and the game's facet keys, whoever writes
    # the card (cardbase/facet_values.py): what the facets' counts group
    # (cardbase.selectors.facets._value_counts), read from the `card_facets` index alone.
    # A database default: rows written by older code (a data migration's) name no such column.
    facet_values = models.TextField(db_default="", blank=True, editable=False)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    objects = CardManager()

    class Meta:
        ordering = ["name"]
        verbose_name = _("karta")
        verbose_name_plural = _("karty")
        constraints = [
            models.UniqueConstraint(fields=["game", "slug"], name="card_unique_slug_per_game")
        ]
        # Search indexes (cardbase/search/translate.py, docs/search.md): the attribute slots with
        # the name, so a facet's first page in name order comes straight off an index.
        indexes = [
            *slot_indexes(),
            # The facets' counts group by kind and facet values, reading this index alone: in
            # its order, no sort; the game last, for a count within one game.
            models.Index(fields=["kind", "facet_values", "game"], name="card_facets"),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        """Compute the derived attributes and search columns; refuse what the schema refuses.

        The schema's check runs on every save, as the database constraints it replaces did,
        so no write path can store a Fallen Throne or a human's order.
        """
        schema = self.schema
        self.attributes = schema.complete(self.kind, self.attributes or {})
        self._check_against(schema)
        self.search_name = card_key(self.name)
        searchable = [a.id for a in schema.attributes if a.searchable]
        self.search_text = card_key(
            " ".join(
                [
                    *(str(self.attributes[key]) for key in searchable if key in self.attributes),
                    self.text,
                    *(self.notes or {}).values(),
                ]
            )
        )
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("card-detail", kwargs={"game": self.game.slug, "slug": self.slug})

    # The card's facts as read from the database (None: not read whole, or a new card), so that
    # a changeset can tell what a write changes (cardbase.changesets).
    stored_facts: "StoredFacts | None" = None

    @classmethod
    def from_db(cls, db, field_names, values):
        card = super().from_db(db, field_names, values)
        loaded = card.__dict__
        if all(name in loaded for name in StoredFacts._fields):
            # Copies of the dicts: a write replaces them, and the stored ones must not follow.
            card.stored_facts = StoredFacts(
                card.name, card.kind, card.text, dict(card.attributes or {}), dict(card.notes or {})
            )
        return card

    def get_face_url(self) -> str:
        """Return the address of the card's generated face (its picture without a scan)."""
        return reverse("card-face", kwargs={"game": self.game.slug, "slug": self.slug})

    def clean(self) -> None:
        """Check the kind and attributes against the game's schema; name every fault."""
        super().clean()
        if not self.game_id:
            return
        try:
            schema = self.schema
        except rules.DeckFormatError as error:
            raise ValidationError({"game": error.message}) from error
        self._check_against(schema)

    def _check_against(self, schema: rules.core.CardSchema) -> None:
        """Raise ValidationError for every fault; an attribute's carries code "attribute:<id>"."""
        faults = schema.check(self.kind, self.attributes or {})
        if not faults:
            return
        lang, errors = page_lang(), {}
        for fault in faults:
            if fault.attribute == "kind":
                errors.setdefault("kind", []).append(ValidationError(fault.message(lang)))
            else:
                error = ValidationError(fault.message(lang), code=f"attribute:{fault.attribute}")
                errors.setdefault("attributes", []).append(error)
        raise ValidationError(errors)

    @property
    def game_rules(self) -> GameRules:
        """Return the declaration of the card's game."""
        return rules.get_game(self.game.slug)

    @property
    def schema(self) -> rules.core.CardSchema:
        """Return the card schema of the card's game."""
        return self.game_rules.schema

    def attribute(self, attribute_id: str):
        """Return an attribute's value, None while unknown."""
        return (self.attributes or {}).get(attribute_id)

    def kind_label(self, lang: str | None = None) -> str:
        """Return the label of the card's kind in `lang` (the page's by default)."""
        return self.schema.kind_label(self.kind, page_lang(lang))

    def value_label(self, attribute_id: str, lang: str | None = None) -> str | None:
        """Return how the card's value of an attribute reads ("Krąg II"); None while unknown."""
        value, attribute = self.attribute(attribute_id), self.schema.attribute(attribute_id)
        if value is None or attribute is None:
            return None
        return attribute.card_value_label(value, self.attributes, page_lang(lang))

    @property
    def copy_limit(self) -> int | None:
        """Return how many copies a deck may hold; None while the rule cannot tell or sets none."""
        rule = self.game_rules.copy_limit
        limit = None if rule is None else rule(self.kind, self.attributes or {})
        return None if limit == UNLIMITED else limit

    @property
    def limits_copies(self) -> bool:
        """Tell whether a deck may hold only so many copies of this card (or the limit is unknown)."""
        rule = self.game_rules.copy_limit
        return rule is not None and rule(self.kind, self.attributes or {}) != UNLIMITED


class Printing(models.Model):
    """A card as printed in an edition, with the operator's scan of it."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="printings")
    edition = models.ForeignKey(
        Edition, on_delete=models.PROTECT, related_name="printings", null=True, blank=True
    )
    image = models.ImageField(_("skan karty"), upload_to="cards/", blank=True)
    thumbnail = models.ImageField(upload_to="cards/thumbs/", blank=True, editable=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["card", "edition__released", "id"]
        constraints = [
            models.UniqueConstraint(fields=["card", "edition"], name="printing_once_per_edition")
        ]
        verbose_name = _("druk")
        verbose_name_plural = _("druki")

    def __str__(self) -> str:
        return f"{self.card} ({self.edition or _('edycja nieznana')})"


class CardSource(models.Model):
    """A passage that states facts about a card: a rulebook's page, or a data file's row."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="sources")
    # The rulebook's file, or the data file's name ("LackeyCCG-INWO carddata.txt").
    rulebook = models.CharField(max_length=100)
    page = models.PositiveSmallIntegerField(_("strona"), null=True, blank=True)
    # A data file's line number (its header is line 1); the quote is then the row as it reads.
    row = models.PositiveIntegerField(_("wiersz"), null=True, blank=True)
    quote = models.TextField(_("cytat"))
    gives = models.JSONField(_("podaje"), default=list, blank=True)

    class Meta:
        ordering = ["card", "page", "row", "id"]
        verbose_name = _("źródło")
        verbose_name_plural = _("źródła")

    def __str__(self) -> str:
        return self.citation()

    def citation(self) -> str:
        """Say where the passage stands: a rulebook's page, a card list's row, or the document.

        The document is named by the title its game declares (the rulebook's, a card list's);
        a document the game does not name keeps the name the source holds.
        """
        title = self.document_title()
        if self.page is not None:
            return gettext("%(book)s, s. %(page)s") % {"book": title, "page": self.page}
        if self.row is not None:
            return gettext("%(document)s, wiersz %(row)s") % {"document": title, "row": self.row}
        return title

    def document_title(self) -> str:
        """Return the title of the document the passage stands in, in the page's language."""
        game = self.card.game
        declared = self.card.game_rules
        if self.rulebook == game.rulebook and declared.rulebook:
            return declared.rulebook(page_lang())
        title = declared.documents.get(self.rulebook)
        return title(page_lang()) if title else self.rulebook


class Ruling(models.Model):
    """A ruling on a card: a question and its answer, or a clarification, with its source.

    Published once a moderator approves a player's proposal of it (proposals), or written by an
    operator in the admin; the card page and the API show it.
    """

    class SourceKind(models.TextChoices):
        RULEBOOK = "rulebook", _("podręcznik")
        FAQ = "faq", _("oficjalne FAQ")
        ORGANISER = "organiser", _("organizator turnieju")

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="rulings")
    # Blank: a clarification, not an answer to a question.
    question = models.TextField(_("pytanie"), blank=True)
    answer = models.TextField(_("odpowiedź lub wyjaśnienie"))
    source_kind = models.CharField(_("rodzaj źródła"), max_length=20, choices=SourceKind)
    # The rulebook's or FAQ's title, or who ruled (the organiser and their tournament).
    source_document = models.CharField(_("źródło"), max_length=200)
    source_page = models.PositiveSmallIntegerField(_("strona"), null=True, blank=True)
    ruled_on = models.DateField(_("data orzeczenia"), null=True, blank=True)
    proposer = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="proposed_rulings",
    )
    approved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="approved_rulings",
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["card", "ruled_on", "id"]
        verbose_name = _("orzeczenie")
        verbose_name_plural = _("orzeczenia")

    def __str__(self) -> str:
        return f"{self.card}: {self.question or self.answer}"[:100]


class Changeset(models.Model):
    """One write to a game's card facts: who made it, when, why, and the source it follows.

    Every write path (the admin, the loaders, the importers) records one through
    `cardbase.changesets.recording_changeset`; its `changes` say, fact by fact, what was before
    and what is now. A changeset that reverts another names it.
    """

    class SourceKind(models.TextChoices):
        RULEBOOK = "rulebook", _("podręcznik")
        FILE = "file", _("plik z danymi")
        NOTE = "note", _("uwaga")
        # A player's proposal, approved by a moderator: its photo or scan of the card, or the
        # printed product it names.
        PHOTO = "photo", _("zdjęcie lub skan karty")
        PRODUCT = "product", _("wydrukowany produkt")

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="changesets")
    # None: written by the site itself (a loader or an import run from the command line).
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="changesets",
    )
    # The player whose proposal it applies (its author is the moderator who approved it).
    proposer = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="proposed_changesets",
    )
    created = models.DateTimeField(auto_now_add=True, db_index=True)
    comment = models.TextField(_("komentarz"), blank=True)
    source_kind = models.CharField(_("rodzaj źródła"), max_length=20, choices=SourceKind)
    # The rulebook's or data file's name; for a note, empty.
    source_document = models.CharField(_("dokument"), max_length=200, blank=True)
    source_page = models.PositiveSmallIntegerField(_("strona"), null=True, blank=True)
    # A rulebook's words, or the note itself.
    source_text = models.TextField(_("cytat lub uwaga"), blank=True)
    reverts = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="reverted_by",
    )

    class Meta:
        ordering = ["-created", "-id"]
        verbose_name = _("zestaw zmian")
        verbose_name_plural = _("zestawy zmian")

    def __str__(self) -> str:
        return f"#{self.pk} {self.comment or self.source_document}".strip()


class FactChange(models.Model):
    """One fact of one card a changeset changed: its value before and after (None: unknown)."""

    changeset = models.ForeignKey(Changeset, on_delete=models.CASCADE, related_name="changes")
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="fact_changes")
    # "name", "kind", "text", "note:<language>" or one of the game's attribute ids.
    fact = models.CharField(max_length=60)
    old = models.JSONField(null=True, blank=True)
    new = models.JSONField(null=True, blank=True)
    # The row of the changeset's data file that gives the new value.
    row = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["changeset", "card", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["changeset", "card", "fact"], name="fact_change_once_per_changeset"
            )
        ]
        indexes = [models.Index(fields=["card", "fact"], name="fact_change_card_fact")]
        verbose_name = _("zmiana faktu")
        verbose_name_plural = _("zmiany faktów")

    def __str__(self) -> str:
        return f"{self.card_id}.{self.fact}: {self.old!r} → {self.new!r}"


class CatalogueVersion(models.Model):
    """The catalogue's version: one row whose token changes with every write to the catalogue.

    Database triggers on every catalogue table draw a new token in the writing transaction
    (cardbase/catalogue_version.py), so no write path (admin, importers, bulk_create, update(),
    raw SQL, a restore) can leave a cached page or answer keyed on the old one.
    """

    token = models.CharField(max_length=32)

    def __str__(self) -> str:
        return self.token


class CardImportRun(models.Model):
    """A card file uploaded in the admin, previewed or applied by a background task.

    The task reads the upload from `IMPORT_UPLOADS_DIR` and leaves its report here: the totals,
    the facts it would write or wrote (the first of them), the rows it refused and why.
    """

    class Step(models.TextChoices):
        PREVIEW = "preview", _("podgląd")
        APPLY = "apply", _("zapis")

    class Status(models.TextChoices):
        QUEUED = "queued", _("w kolejce")
        RUNNING = "running", _("w toku")
        DONE = "done", _("gotowe")
        FAILED = "failed", _("nieudane")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="import_runs")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="card_import_runs"
    )
    # The pending upload's token (cardbase/pending_imports.py), its name and format.
    token = models.CharField(max_length=40)
    file_name = models.CharField(max_length=200)
    fmt = models.CharField(max_length=40)
    comment = models.TextField(blank=True)
    # The catalogue's version the preview was made against (applying to another previews anew).
    version = models.CharField(max_length=32, blank=True)
    step = models.CharField(max_length=10, choices=Step)
    status = models.CharField(max_length=10, choices=Status, default=Status.QUEUED)
    # What the run found (ImportReport, in plain values), or why it could not run ({pl, en}).
    report = models.JSONField(null=True, blank=True)
    error = models.JSONField(null=True, blank=True)
    changeset = models.ForeignKey(
        Changeset, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-id"]

    def __str__(self) -> str:
        return f"{self.file_name} ({self.step}, {self.status})"
