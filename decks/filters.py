"""Filters for the public deck list."""

import django_filters as filters
from django.db.models import Count
from django.utils.translation import gettext_lazy as _

from decks.models import Deck, DeckFaction
from rules import card_key

# "new" is by creation: an old deck touched up today is not new, it is "recently updated".
SORTS = {
    "new": ("-created",),
    "updated": ("-updated",),
    "liked": ("-like_count", "-updated"),
}


class PublicDeckFilter(filters.FilterSet):
    """Search public decks by name, faction, validity, author and the cards they hold."""

    q = filters.CharFilter(field_name="name", lookup_expr="icontains", label=_("Nazwa talii"))
    faction = filters.ChoiceFilter(choices=DeckFaction.choices, label=_("Frakcja"))
    valid = filters.BooleanFilter(field_name="is_valid", label=_("Zgodna z zasadami"))
    author = filters.CharFilter(
        field_name="owner__username", lookup_expr="iexact", label=_("Autor")
    )
    card = filters.CharFilter(method="filter_card", label=_("Zawiera kartę"))
    sort = filters.ChoiceFilter(
        choices=[
            ("new", _("najnowsze")),
            ("updated", _("ostatnio zmienione")),
            ("liked", _("najbardziej lubiane")),
        ],
        method="sort_by",
        label=_("Kolejność"),
        empty_label=None,
    )

    class Meta:
        model = Deck
        fields = []

    def filter_card(self, qs, name, value):
        key = card_key(value)
        if not key:
            return qs
        holding = Deck.objects.filter(entries__card__search_name__contains=key).values("pk")
        return qs.filter(pk__in=holding)

    def sort_by(self, qs, name, value):
        return qs  # applied in filter_queryset so that the default sort holds too

    def filter_queryset(self, queryset):
        qs = super().filter_queryset(queryset).annotate(like_count=Count("likes"))
        return qs.order_by(*SORTS[self.form.cleaned_data.get("sort") or "new"], "pk")
