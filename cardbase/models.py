"""The catalogue: games, editions, cards, their printings and the rulebook passages behind them."""

from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from cardbase.choices import (
    Alignment,
    Color,
    EditionSymbol,
    Faction,
    Kind,
    Order,
    Sex,
    choir_label,
)
from cardbase.managers import CardQuerySet
from rules.aniolowie.schema import choir_for_order, copy_limit
from rules.core import card_key


class Game(models.Model):
    """A card game the site serves; its rules live in rules/<slug>.py."""

    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=100)
    description = models.TextField(blank=True)
    rulebook = models.CharField(
        max_length=100, blank=True, help_text=_("Plik podręcznika w shared/rulebooks/.")
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("gra")
        verbose_name_plural = _("gry")

    def __str__(self) -> str:
        return self.name


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


class Card(models.Model):
    """A card as the rules see it; every attribute may be unknown (blank or NULL)."""

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="cards")
    slug = models.SlugField(max_length=120, unique=True)
    kind = models.CharField(_("rodzaj"), max_length=12, choices=Kind.choices)
    name = models.CharField(_("nazwa"), max_length=120)
    name_angelic = models.CharField(_("imię w piśmie anielskim"), max_length=120, blank=True)
    faction = models.CharField(_("frakcja"), max_length=6, choices=Faction.choices, blank=True)
    order = models.CharField(_("zakon"), max_length=14, choices=Order.choices, blank=True)
    level = models.PositiveSmallIntegerField(_("poziom"), null=True, blank=True)
    color = models.CharField(_("kolor"), max_length=5, choices=Color.choices, blank=True)
    support = models.PositiveSmallIntegerField(_("parametr wsparcia"), null=True, blank=True)
    is_anielica = models.BooleanField(_("ANIELICA"), null=True, blank=True)
    alignment = models.CharField(
        _("charakter"), max_length=7, choices=Alignment.choices, blank=True
    )
    sex = models.CharField(_("płeć"), max_length=6, choices=Sex.choices, blank=True)
    edition_symbol = models.CharField(
        _("symbol edycji"), max_length=6, choices=EditionSymbol.choices, blank=True
    )
    ability = models.TextField(_("umiejętność / działanie"), blank=True)
    # A human's card text may have parts that work only for one faction (p. 21); the text above
    # is the part with no faction named, which works for both.
    ability_lord = models.TextField(_("umiejętność dla Aniołów Pana"), blank=True)
    ability_fallen = models.TextField(_("umiejętność dla Upadłych"), blank=True)
    note_pl = models.TextField(_("uwagi (PL)"), blank=True)
    note_en = models.TextField(_("uwagi (EN)"), blank=True)
    # Folded copies (lower case, no diacritics) so "swietnisko" finds "ŚWIĘTNISKO" on any database.
    search_name = models.CharField(max_length=120, editable=False, db_index=True)
    search_text = models.TextField(editable=False, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    objects = CardQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        verbose_name = _("karta")
        verbose_name_plural = _("karty")
        # Search indexes (cardbase/search.py, docs/search.md). A facet + name index gives a
        # facet's first page in name order straight off the index; card_facet_counts (led by
        # the order) and card_kind_facets (led by the kind) cover the facets, so counting a
        # combination of keys reads an index, not the wide card rows.
        indexes = [
            models.Index(fields=["game", "kind", "faction"], name="card_facets"),
            models.Index(fields=["order", "level"], name="card_order_level"),
            models.Index(fields=["kind", "search_name"], name="card_kind_name"),
            models.Index(fields=["faction", "search_name"], name="card_faction_name"),
            models.Index(fields=["order", "search_name"], name="card_order_name"),
            models.Index(fields=["color", "search_name"], name="card_color_name"),
            models.Index(fields=["edition_symbol", "search_name"], name="card_symbol_name"),
            models.Index(fields=["alignment", "search_name"], name="card_alignment_name"),
            models.Index(fields=["sex", "search_name"], name="card_sex_name"),
            models.Index(fields=["level"], name="card_level"),
            models.Index(fields=["support"], name="card_support"),
            models.Index(
                fields=["is_anielica", "edition_symbol", "search_name"], name="card_anielica_name"
            ),
            models.Index(
                fields=[
                    "order",
                    "faction",
                    "kind",
                    "color",
                    "level",
                    "support",
                    "edition_symbol",
                    "is_anielica",
                    "alignment",
                    "sex",
                ],
                name="card_facet_counts",
            ),
            models.Index(
                fields=[
                    "kind",
                    "alignment",
                    "sex",
                    "faction",
                    "edition_symbol",
                    "is_anielica",
                    "color",
                ],
                name="card_kind_facets",
            ),
        ]
        constraints = [
            models.CheckConstraint(
                condition=~(Q(faction=Faction.FALLEN) & Q(order=Order.THRONES)),
                name="card_no_fallen_throne",
                violation_error_message=_(
                    "Trony występują tylko wśród Aniołów Pana: Upadły nie może być Tronem."
                ),
            ),
            models.CheckConstraint(
                condition=Q(kind=Kind.INTERVENTION) | ~Q(faction=Faction.ANY),
                name="card_any_faction_only_interventions",
                violation_error_message=_("Tylko interwencja może należeć do obu frakcji."),
            ),
            models.CheckConstraint(
                condition=Q(kind=Kind.ANGEL) | (Q(order="") & Q(color="") & Q(support=None)),
                name="card_angel_attributes_only_on_angels",
                violation_error_message=_("Zakon, kolor i parametr wsparcia mają tylko anioły."),
            ),
            models.CheckConstraint(
                condition=Q(kind=Kind.HUMAN) | (Q(alignment="") & Q(sex="")),
                name="card_human_attributes_only_on_humans",
                violation_error_message=_("Charakter i płeć mają tylko ludzie."),
            ),
            models.CheckConstraint(
                condition=Q(kind=Kind.HUMAN) | (Q(ability_lord="") & Q(ability_fallen="")),
                name="card_faction_abilities_only_on_humans",
                violation_error_message=_(
                    "Osobne umiejętności dla każdej frakcji mają tylko ludzie."
                ),
            ),
            models.CheckConstraint(
                condition=~Q(kind=Kind.HUMAN) | Q(faction=""),
                name="card_humans_have_no_faction",
                violation_error_message=_("Ludzie nie należą do żadnej frakcji."),
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        """Refresh the folded search columns before saving."""
        self.search_name = card_key(self.name)
        self.search_text = card_key(
            " ".join(
                [
                    self.name_angelic,
                    self.ability,
                    self.ability_lord,
                    self.ability_fallen,
                    self.note_pl,
                    self.note_en,
                ]
            )
        )
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("card-detail", kwargs={"slug": self.slug})

    @property
    def choir(self) -> str | None:
        """Return the choir (I, II, III) that follows from the order, or None if unknown."""
        return choir_for_order(self.order) if self.order else None

    @property
    def choir_display(self) -> str | None:
        """Name the choir as the card's faction does (Chór / Krąg)."""
        return choir_label(self.choir, self.faction) if self.choir else None

    @property
    def copy_limit(self) -> int | None:
        """Return how many copies a deck may hold, None while the edition symbol is unknown."""
        return copy_limit(self.edition_symbol) if self.edition_symbol else None


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
    """A rulebook passage that states or implies facts about a card."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="sources")
    rulebook = models.CharField(max_length=100)
    page = models.PositiveSmallIntegerField(_("strona"))
    quote = models.TextField(_("cytat"))
    gives = models.JSONField(_("podaje"), default=list, blank=True)

    class Meta:
        ordering = ["card", "page", "id"]
        verbose_name = _("źródło")
        verbose_name_plural = _("źródła")

    def __str__(self) -> str:
        return f"{self.rulebook} s. {self.page}"
