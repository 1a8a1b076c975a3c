"""The catalogue's facets, shared by the catalogue page and the API, read from the games' schemas.

Every facet is an attribute a game declares with `facet=True`: a choice attribute becomes a set of
checkboxes (with "unknown" unless it is derived), a number a `<id>_min`/`<id>_max` range. The sorts
are the name and each sortable attribute (a number by its value, a ranked choice by its rank).
"""

import django_filters as filters
from django import forms
from django.db.models import Case, IntegerField, Q, QuerySet, When
from django.db.models import Value as V
from django.db.models.lookups import Exact
from django.utils.functional import cached_property, lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

import rules
from cardbase.attributes import attribute_expression, attribute_q, unknown_q
from cardbase.language import page_lang
from cardbase.models import Card, Edition, Game
from cardbase.search.cards import search_cards
from cardbase.search.ranking import ranked
from cardbase.search.translate import owned_q, vocabulary_of
from cardsearch import SearchError, parse
from rules.core.schema import Attribute, Kind, Text

UNKNOWN = "unknown"
UNKNOWN_CHOICE = (UNKNOWN, gettext_lazy("nieznane"))
# A ranked value the card does not have (unknown order) sorts after every known one.
UNRANKED = 10**6


def _label(text: Text, capital: bool = True) -> str:
    label = text(page_lang())
    return label[:1].upper() + label[1:] if capital else label


# A schema's Text read in the language active when the page renders, not when this module loads.
lazy_label = lazy(_label, str)


def _formatted(message: str, text: Text) -> str:
    # `message` is marked with gettext_noop where it is written, so that it is extracted.
    return _(message) % {"label": _label(text)}


lazy_formatted = lazy(_formatted, str)


def _unique_by_id(items) -> tuple:
    """Keep the first declaration of each id (the catalogue spans every game)."""
    seen: dict[str, object] = {}
    for item in items:
        seen.setdefault(item.id, item)
    return tuple(seen.values())


def catalogue_kinds() -> tuple[Kind, ...]:
    """Return the kinds of card of every game, first declaration first."""
    return _unique_by_id(kind for game in rules.all_games() for kind in game.schema.kinds)


def catalogue_attributes() -> tuple[Attribute, ...]:
    """Return the attributes of every game, first declaration first."""
    return _unique_by_id(a for game in rules.all_games() for a in game.schema.attributes)


def with_its_games(label: str, attribute_id: str) -> str:
    """Return an attribute's label followed by the games that declare it, where not every game
    does: the catalogue of every game names whose facet or sort each is ("Set – " and a name)."""
    games = rules.all_games()
    owners = [game for game in games if game.schema.attribute(attribute_id) is not None]
    if not owners or len(owners) == len(games):
        return label
    return f"{label} – {', '.join(game.name(page_lang()) for game in owners)}"


def is_ranked(attribute: Attribute) -> bool:
    """Tell whether a choice attribute's values all have a rank (an order's level)."""
    return (
        attribute.type == "choice"
        and bool(attribute.values)
        and all(v.rank is not None for v in attribute.values)
    )


def rank_expression(attribute: Attribute, *, game: str | None = None, prefix: str = ""):
    """Return a ranked choice attribute's rank as SQL; an unknown value ranks last."""
    expression = attribute_expression(attribute, game=game, prefix=prefix)
    return Case(
        *(When(Exact(expression, value.id), then=V(value.rank)) for value in attribute.values),
        default=V(UNRANKED),
        output_field=IntegerField(),
    )


def sort_expression(attribute: Attribute, *, game: str | None = None, prefix: str = ""):
    """Return what a sortable attribute sorts by: a number's value, a ranked choice's rank.

    With `game`, the caller sorts that game's cards only (see attribute_expression)."""
    if is_ranked(attribute):
        return rank_expression(attribute, game=game, prefix=prefix)
    return attribute_expression(attribute, game=game, prefix=prefix)


FACET_ATTRIBUTES = tuple(
    a for a in catalogue_attributes() if a.facet and a.type in ("choice", "bool")
)
RANGE_ATTRIBUTES = tuple(a for a in catalogue_attributes() if a.facet and a.type == "int")
SORT_ATTRIBUTES = tuple(
    a for a in catalogue_attributes() if a.sortable and (a.type == "int" or is_ranked(a))
)


def searched_game(attribute_filter: filters.Filter) -> str | None:
    """Return the game whose cards a filter of a filterset keeps (None: every game's)."""
    parent = getattr(attribute_filter, "parent", None)
    return parent.searched_game() if parent is not None else None


class UnknownAwareChoiceFilter(filters.MultipleChoiceFilter):
    """Filter on one or more values of an attribute, where "unknown" picks the cards without one.

    A value that a kind of card does not have (a human's order) is not unknown, so "unknown"
    only picks cards of the kinds the attribute belongs to. A derived attribute offers no
    "unknown" of its own: it is unknown exactly when what it follows from is.
    """

    def __init__(self, *args, attribute: Attribute, **kwargs):
        kwargs.setdefault("widget", forms.CheckboxSelectMultiple)
        # The attribute is in the card's own row: no join, so no card can come twice.
        kwargs.setdefault("distinct", False)
        self.attribute = attribute
        choices = [(v.id, lazy_label(v.label, False)) for v in attribute.values]
        if attribute.type == "bool":
            choices = [("true", gettext_lazy("tak")), ("false", gettext_lazy("nie"))]
        if self.unknown_aware:
            choices.append(UNKNOWN_CHOICE)
        kwargs.setdefault("label", lazy_label(attribute.label))
        super().__init__(*args, choices=choices, **kwargs)

    @property
    def unknown_aware(self) -> bool:
        return not self.attribute.derived

    def values_q(self, value) -> Q:
        """Return the Q keeping the cards of any of these choices (ids, or UNKNOWN)."""
        known = [item for item in value if item != UNKNOWN]
        if self.attribute.type == "bool":
            known = [item == "true" for item in known]
        query, game = Q(), searched_game(self)
        if known:
            query |= attribute_q(self.attribute, known, "in", game=game)
        if UNKNOWN in value:
            query |= unknown_q(self.attribute, game=game)
        return query

    def holds(self, choice: str, *, kind: str, stored) -> bool:
        """Tell whether `choice` keeps a card of `kind` whose attribute reads `stored` (as the
        database returns the attribute's expression): the Python twin of `values_q`, so that
        facet counts can be summed from cards grouped by their values."""
        if choice == UNKNOWN:
            return stored is None and kind in self.attribute.kinds
        if stored is None:
            return False
        if self.attribute.type == "bool":
            # JSON's true reads 'true' on PostgreSQL, 1 on SQLite (see AttributeIs), '1' in the
            # facet values' text.
            return stored in (("true", 1, "1") if choice == "true" else ("false", 0, "0"))
        if self.attribute.multi:
            # The list's JSON text holds the quoted id, ignoring case (attributes._any_of).
            return f'"{choice}"'.upper() in str(stored).upper()
        return stored == choice

    def filter(self, qs, value):
        if not value:
            return qs
        return qs.filter(self.values_q(value))


class AttributeRangeFilter(filters.NumberFilter):
    """Keep the cards whose number attribute is at least (`gte`) or at most (`lte`) a value."""

    def __init__(self, *args, attribute: Attribute, **kwargs):
        self.attribute = attribute
        super().__init__(*args, **kwargs)

    def filter(self, qs, value):
        if value in (None, ""):
            return qs
        attribute, game = self.attribute, searched_game(self)
        return qs.filter(attribute_q(attribute, int(value), self.lookup_expr, game=game))


class EditionChoiceField(filters.fields.ModelChoiceField):
    """An edition by its slug, which is unique within a game only."""

    def to_python(self, value):
        try:
            return super().to_python(value)
        except Edition.MultipleObjectsReturned:
            # Only with no game chosen: the form narrows the editions to the game chosen.
            raise forms.ValidationError(
                _("Edycja o tym oznaczeniu jest w kilku grach: wybierz najpierw grę."),
                code="ambiguous-edition",
            ) from None


class EditionFilter(filters.ModelChoiceFilter):
    field_class = EditionChoiceField


def edition_with_its_game(edition: Edition) -> str:
    """Return an edition's name followed by its game's, for the catalogue of every game."""
    game = edition.game
    name = rules.get_game(game.slug).name(page_lang()) if rules.is_game(game.slug) else game.name
    return f"{edition.name} – {name}"


class SearchQueryField(forms.CharField):
    """A search-language query; the form parses it with the words of the game searched."""


class SearchQueryFilter(filters.CharFilter):
    field_class = SearchQueryField


class CardFilterForm(forms.Form):
    """The catalogue's form: a query that does not parse is an error naming the place.

    The query is read with the words of the game searched (the one chosen, or the one the
    filterset searches within), so each game keeps its own key names.
    """

    search_game: str | None = None  # set for a filterset searching one game (the builder)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        chosen = self.search_game or self.data.get("game")
        game = chosen if rules.is_game(chosen) else None
        self._offer_sorts_and_ranges_of(game)
        self._offer_editions_of(game)

    def _offer_editions_of(self, game: str | None) -> None:
        """Take the editions of the game chosen only; with none, name each edition's game."""
        edition = self.fields.get("edition")
        if edition is None:
            return
        if game is not None:
            edition.queryset = edition.queryset.filter(game__slug=game)
        else:
            edition.queryset = edition.queryset.select_related("game")
            edition.label_from_instance = edition_with_its_game

    @cached_property
    def edition_choices(self) -> list:
        """Return the edition select's choices, read once for the page to tell if it has any."""
        field = self.fields["edition"]
        # Through iter(): list() would ask the iterator's length first, a COUNT query.
        choices = list(iter(field.choices))
        field.widget.choices = choices
        return choices

    def _offer_sorts_and_ranges_of(self, game: str | None) -> None:
        """Offer the sorts of the game chosen only; with none, name each sort's and range's
        games. Only what is shown changes: a sort of another game still sorts (by the name)."""
        sort = self.fields.get("sort")
        if sort is not None:
            declared = rules.get_game(game).schema if game else None
            offered = []
            for value, label in sort.choices:
                key = value.lstrip("-")
                if declared is None:
                    offered.append((value, with_its_games(str(label), key)))
                elif key in ("", "name") or declared.attribute(key) is not None:
                    offered.append((value, label))
            sort.widget.choices = offered
        if game is None:
            for attribute in RANGE_ATTRIBUTES:
                for name in (f"{attribute.id}_min", f"{attribute.id}_max"):
                    if name in self.fields:
                        field = self.fields[name]
                        field.label = with_its_games(str(field.label), attribute.id)

    def searched_game(self) -> str | None:
        """Return the id of the game searched within, None for every game."""
        chosen = getattr(self, "cleaned_data", {}).get("game")
        game = self.search_game or (chosen.slug if chosen else None)
        return game if rules.is_game(game) else None

    def clean(self):
        cleaned = super().clean()
        query = cleaned.get("q")
        # The API's `q` is a plain text field: it reports a bad query itself, with its place.
        if query and isinstance(self.fields.get("q"), SearchQueryField):
            try:
                parse(query, vocabulary_of(self.searched_game()))
            except SearchError as error:
                self.add_error(
                    "q", forms.ValidationError(error.message(page_lang()), code="search-syntax")
                )
        return cleaned


def _sorts() -> dict[str, tuple[Attribute | None, bool]]:
    """Map each sort to the attribute it sorts by (None: the name) and whether it descends."""
    sorts: dict[str, tuple[Attribute | None, bool]] = {"name": (None, False), "-name": (None, True)}
    for attribute in SORT_ATTRIBUTES:
        sorts[attribute.id] = (attribute, False)
        sorts[f"-{attribute.id}"] = (attribute, True)
    return sorts


def _sort_choices() -> list[tuple[str, str]]:
    choices = [("name", gettext_lazy("nazwa A–Z")), ("-name", gettext_lazy("nazwa Z–A"))]
    for attribute in SORT_ATTRIBUTES:
        if is_ranked(attribute):
            up, down = (
                gettext_noop("%(label)s od najniższej rangi"),
                gettext_noop("%(label)s od najwyższej rangi"),
            )
        else:
            up, down = gettext_noop("%(label)s rosnąco"), gettext_noop("%(label)s malejąco")
        choices.append((attribute.id, lazy_formatted(up, attribute.label)))
        choices.append((f"-{attribute.id}", lazy_formatted(down, attribute.label)))
    return choices


SORTS = _sorts()
SORT_CHOICES = _sort_choices()


def _declared_filters() -> dict[str, filters.Filter]:
    """The filters in the order the page shows them: search, game, facets, ranges, edition, sort."""
    declared: dict[str, filters.Filter] = {
        "q": SearchQueryFilter(method="filter_text", label=gettext_lazy("Szukaj")),
        "game": filters.ModelChoiceFilter(
            field_name="game",
            to_field_name="slug",
            queryset=lambda request: Game.objects.filter(slug__in=rules.game_ids()),
            label=gettext_lazy("Gra"),
            empty_label=gettext_lazy("każda"),
        ),
        "kind": filters.MultipleChoiceFilter(
            choices=[(k.id, lazy_label(k.label, False)) for k in catalogue_kinds()],
            label=gettext_lazy("Rodzaj"),
            widget=forms.CheckboxSelectMultiple,
            # A column of the card's own row: no join, so no card can come twice.
            distinct=False,
        ),
    }
    for attribute in FACET_ATTRIBUTES:
        declared[attribute.id] = UnknownAwareChoiceFilter(attribute=attribute)
    for attribute in RANGE_ATTRIBUTES:
        declared[f"{attribute.id}_min"] = AttributeRangeFilter(
            attribute=attribute,
            field_name=attribute.id,
            lookup_expr="gte",
            label=lazy_formatted(gettext_noop("%(label)s od"), attribute.label),
        )
        declared[f"{attribute.id}_max"] = AttributeRangeFilter(
            attribute=attribute,
            field_name=attribute.id,
            lookup_expr="lte",
            label=lazy_formatted(gettext_noop("%(label)s do"), attribute.label),
        )
    declared["edition"] = EditionFilter(
        field_name="printings__edition",
        to_field_name="slug",
        queryset=Edition.objects.all(),
        label=gettext_lazy("Edycja"),
        empty_label=gettext_lazy("każda"),
        # A card is printed at most once per edition (printing_once_per_edition), so the join
        # on one edition yields each card once: DISTINCT would only sort whole rows, texts too.
        distinct=False,
    )
    declared["collection"] = filters.ChoiceFilter(
        choices=[
            ("owned", gettext_lazy("tylko te, które mam")),
            ("missing", gettext_lazy("tylko te, których nie mam")),
        ],
        method="filter_collection",
        label=gettext_lazy("Moja kolekcja"),
        empty_label=gettext_lazy("wszystkie"),
    )
    declared["sort"] = filters.ChoiceFilter(
        choices=SORT_CHOICES,
        method="sort_by",
        label=gettext_lazy("Sortuj"),
        # No sort chosen: the best match to the query first, by name without one.
        empty_label=gettext_lazy("najlepiej pasujące"),
    )
    return declared


class _CardFilterBase(filters.FilterSet):
    """Every catalogue facet; all of them combine with AND."""

    # The checkbox facets, in the order the page shows them.
    FACETS = ("kind", *(a.id for a in FACET_ATTRIBUTES))
    # The facets that offer "unknown" as a value of their own.
    UNKNOWN_AWARE = tuple(a.id for a in FACET_ATTRIBUTES if not a.derived)
    # The number ranges, as (attribute id, its lower-bound filter, its upper-bound filter).
    RANGES = tuple((a.id, f"{a.id}_min", f"{a.id}_max") for a in RANGE_ATTRIBUTES)

    class Meta:
        model = Card
        fields = []
        form = CardFilterForm

    def __init__(
        self,
        data=None,
        queryset=None,
        *,
        game: str | None = None,
        owned: QuerySet | None = None,
        **kwargs,
    ):
        # `game`: the one game the cards are searched within, when the params do not say it.
        self.search_game = game
        # The searching player's copies (cardbase.ownership), which `collection` and `mam>=2`
        # read; None: they own nothing (a visitor).
        self.owned = owned
        super().__init__(data, queryset, **kwargs)

    def get_form_class(self):
        form_class = super().get_form_class()
        if self.search_game is None:
            return form_class
        return type(form_class.__name__, (form_class,), {"search_game": self.search_game})

    def searched_game(self) -> str | None:
        """Return the id of the game whose words read the query, None for every game."""
        return self.form.searched_game()

    # The query's tree once `q` has filtered, which ranks the cards when no sort is chosen.
    search_node = None

    def filter_text(self, qs, name, value):
        # The one search path the API takes too; the form already refused a bad query.
        result = search_cards(query=value, queryset=qs, game=self.searched_game(), owned=self.owned)
        self.search_node = result.node
        return result.queryset

    def filter_collection(self, qs, name, value):
        return qs.filter(owned_q(self.owned, ">=" if value == "owned" else "<", 1))

    def sort_by(self, qs, name, value):
        return qs  # applied in filter_queryset so that the default sort holds too

    def filter_queryset(self, queryset):
        qs = super().filter_queryset(queryset)
        chosen = self.form.cleaned_data.get("sort")
        if not chosen and self.search_node is not None:
            # What was typed decides: the card named so first, then names starting so.
            return ranked(qs, self.search_node)
        attribute, descending = SORTS[chosen or "name"]
        if attribute is None:
            return qs.order_by("-search_name" if descending else "search_name", "pk")
        # An alias, not an annotation: the sort key is ordered by, never selected.
        qs = qs.alias(sort_key=sort_expression(attribute, game=self.searched_game()))
        return qs.order_by("-sort_key" if descending else "sort_key", "search_name", "pk")


CardFilter = filters.filterset.FilterSetMetaclass(
    "CardFilter",
    (_CardFilterBase,),
    {"__module__": __name__, "__qualname__": "CardFilter", **_declared_filters()},
)
