"""The catalogue's facets, shared by the catalogue page and the API."""

import django_filters as filters
from django import forms
from django.db.models import Case, IntegerField, Q, Value, When
from django.utils.translation import gettext_lazy as _

from cardbase.choices import (
    Alignment,
    Choir,
    Color,
    EditionSymbol,
    Faction,
    Kind,
    Order,
    Sex,
    order_level,
    orders_in_choir,
)
from cardbase.models import Card, Edition, Game
from cardbase.search import query_filter, search_lang
from cardsearch import SearchError, parse

UNKNOWN = "unknown"
UNKNOWN_CHOICE = (UNKNOWN, _("nieznane / unknown"))
ANGELS = (Kind.ANGEL,)
HUMANS = (Kind.HUMAN,)
ANGELS_AND_INTERVENTIONS = (Kind.ANGEL, Kind.INTERVENTION)


class UnknownAwareChoiceFilter(filters.MultipleChoiceFilter):
    """Filter on one or more values, where "unknown" picks the cards with the value blank.

    A value that a kind of card does not have (a human's order) is not unknown, so "unknown"
    only picks cards of the kinds the attribute belongs to.
    """

    def __init__(self, *args, choices, kinds=None, **kwargs):
        kwargs.setdefault("widget", forms.CheckboxSelectMultiple)
        self.kinds = kinds
        super().__init__(*args, choices=[*choices, UNKNOWN_CHOICE], **kwargs)

    def filter(self, qs, value):
        if not value:
            return qs
        query = Q()
        for item in value:
            if item != UNKNOWN:
                query |= Q(**{self.field_name: item})
            elif self.kinds:
                query |= Q(**{self.field_name: ""}, kind__in=self.kinds)
            else:
                query |= Q(**{self.field_name: ""})
        return qs.filter(query).distinct() if self.distinct else qs.filter(query)


class SearchQueryField(forms.CharField):
    """A search-language query; one that does not parse is a form error naming the place."""

    def validate(self, value):
        super().validate(value)
        if value:
            try:
                parse(value)
            except SearchError as error:
                raise forms.ValidationError(
                    error.message(search_lang()), code="search-syntax"
                ) from error


class SearchQueryFilter(filters.CharFilter):
    field_class = SearchQueryField


SORTS = {
    "name": ("search_name",),
    "-name": ("-search_name",),
    "level": ("level", "search_name"),
    "-level": ("-level", "search_name"),
    "order": ("order_rank", "search_name"),
    "-order": ("-order_rank", "search_name"),
}
SORT_CHOICES = [
    ("name", _("nazwa A–Z")),
    ("-name", _("nazwa Z–A")),
    ("level", _("poziom rosnąco")),
    ("-level", _("poziom malejąco")),
    ("order", _("zakon od najmłodszego")),
    ("-order", _("zakon od najstarszego")),
]


class CardFilter(filters.FilterSet):
    """Every catalogue facet; all of them combine with AND."""

    # The checkbox facets, in the order the page shows them.
    FACETS = ("kind", "faction", "order", "choir", "color", "edition_symbol", "alignment", "sex")
    # The facets that offer "unknown" as a value of their own.
    UNKNOWN_AWARE = ("faction", "order", "color", "edition_symbol", "alignment", "sex")

    q = SearchQueryFilter(method="filter_text", label=_("Szukaj"))
    game = filters.ModelChoiceFilter(
        field_name="game", to_field_name="slug", queryset=Game.objects.all(), label=_("Gra")
    )
    kind = filters.MultipleChoiceFilter(
        choices=Kind.choices, label=_("Rodzaj"), widget=forms.CheckboxSelectMultiple
    )
    faction = UnknownAwareChoiceFilter(
        choices=Faction.choices, kinds=ANGELS_AND_INTERVENTIONS, label=_("Frakcja")
    )
    order = UnknownAwareChoiceFilter(choices=Order.choices, kinds=ANGELS, label=_("Zakon"))
    choir = filters.MultipleChoiceFilter(
        choices=Choir.choices,
        method="filter_choir",
        label=_("Chór / Krąg"),
        widget=forms.CheckboxSelectMultiple,
    )
    color = UnknownAwareChoiceFilter(choices=Color.choices, kinds=ANGELS, label=_("Kolor"))
    level_min = filters.NumberFilter(field_name="level", lookup_expr="gte", label=_("Poziom od"))
    level_max = filters.NumberFilter(field_name="level", lookup_expr="lte", label=_("Poziom do"))
    edition = filters.ModelChoiceFilter(
        field_name="printings__edition",
        to_field_name="slug",
        queryset=Edition.objects.all(),
        label=_("Edycja"),
        distinct=True,
    )
    edition_symbol = UnknownAwareChoiceFilter(
        choices=EditionSymbol.choices, label=_("Symbol edycji")
    )
    alignment = UnknownAwareChoiceFilter(
        choices=Alignment.choices, kinds=HUMANS, label=_("Charakter")
    )
    sex = UnknownAwareChoiceFilter(choices=Sex.choices, kinds=HUMANS, label=_("Płeć"))
    sort = filters.ChoiceFilter(
        choices=SORT_CHOICES, method="sort_by", label=_("Sortuj"), empty_label=None
    )

    class Meta:
        model = Card
        fields = []

    def filter_text(self, qs, name, value):
        # The form already parsed the query; parsing again is microseconds.
        return qs.filter(query_filter(parse(value), using=qs.db))

    def filter_choir(self, qs, name, value):
        if not value:
            return qs
        query = Q()
        for choir in value:
            query |= Q(order__in=orders_in_choir(choir))
        return qs.filter(query)

    def sort_by(self, qs, name, value):
        return qs  # applied in filter_queryset so that the default sort holds too

    def filter_queryset(self, queryset):
        qs = super().filter_queryset(queryset)
        sort = self.form.cleaned_data.get("sort") or "name"
        return qs.annotate(order_rank=ORDER_RANK).order_by(*SORTS[sort], "pk")


# Sorting by the hierarchy needs the order's rank, not its alphabetical id; unknown sorts last.
ORDER_RANK = Case(
    *(When(order=order, then=Value(order_level(order))) for order in Order.values),
    default=Value(99),
    output_field=IntegerField(),
)
