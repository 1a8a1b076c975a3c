"""Filters for the public deck list."""

import django_filters as filters
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

import rules
from cardbase.language import page_lang
from cardbase.models import Game
from decks.models import Deck
from decks.organise_inputs import searched_tag
from rules import card_key
from rules.core.schema import Text

# The "lacking at most N copies" steps the list offers besides "buildable" (0).
REACH_STEPS = (1, 2, 3, 5, 10)
# "new" is by creation: an old deck touched up today is not new, it is "recently updated".
SORTS = {
    "new": ("-created",),
    "updated": ("-updated",),
    "liked": ("-like_count", "-updated"),
}


def _in_page_lang(text: Text) -> str:
    return text(page_lang())


_label = lazy(_in_page_lang, str)


def _lacking_words(copies: int) -> str:
    return gettext("brakuje najwyżej %(n)d kopii") % {"n": copies}


# Said in the language of the page that shows the list, not the one the module loaded in.
_lacking_at_most = lazy(_lacking_words, str)


def option_filters() -> dict[str, filters.ChoiceFilter]:
    """Return a filter per deck option any game declares ("faction"), its values merged."""
    return {
        option.id: filters.ChoiceFilter(
            field_name=f"options__{option.id}",
            choices=[(value.id, _label(value.label)) for value in option.values],
            label=_label(option.label),
            empty_label=_("każda"),
        )
        for option in rules.all_options()
    }


class DeckFilterBase(filters.FilterSet):
    """Search public decks by name, their options, validity, author, the cards they hold, a tag."""

    q = filters.CharFilter(field_name="name", lookup_expr="icontains", label=_("Nazwa talii"))
    game = filters.ModelChoiceFilter(
        field_name="game",
        to_field_name="slug",
        # Read at each request: a game registered after start-up (a test's) is one too.
        queryset=lambda request: Game.objects.filter(slug__in=rules.game_ids()),
        label=_("Gra"),
        empty_label=_("każda"),
    )
    # Words for a player, not the yes/no select's "Unknown" for "any".
    valid = filters.ChoiceFilter(
        choices=[("true", _("tak")), ("false", _("nie"))],
        method="filter_valid",
        empty_label=_("każda"),
        label=_("Zgodna z zasadami"),
    )
    author = filters.CharFilter(
        field_name="owner__username", lookup_expr="iexact", label=_("Autor")
    )
    card = filters.CharFilter(method="filter_card", label=_("Zawiera kartę"))
    tag = filters.CharFilter(method="filter_tag", label=_("Tag"))
    within_reach = filters.ChoiceFilter(
        choices=[
            ("0", _("da się zbudować z moich kart")),
            *((str(n), _lacking_at_most(n)) for n in REACH_STEPS),
        ],
        method="weighed_by_the_page",
        label=_("Z moich kart"),
        empty_label=_("wszystkie"),
    )
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

    def __init__(self, data=None, queryset=None, *, viewer=None, **kwargs):
        super().__init__(data, queryset, **kwargs)
        # Only a signed-in player has a collection to weigh decks against.
        if viewer is None or not viewer.is_authenticated:
            self.filters.pop("within_reach", None)

    def most_missing(self) -> int | None:
        """Return the most copies a listed deck may lack of the viewer's, None for no limit."""
        chosen = (
            self.form.cleaned_data.get("within_reach") if "within_reach" in self.filters else None
        )
        return int(chosen) if chosen else None

    def filter_valid(self, qs, name, value):
        return qs.filter(is_valid=value == "true")

    def filter_card(self, qs, name, value):
        key = card_key(value)
        if not key:
            return qs
        holding = Deck.objects.filter(entries__card__search_name__contains=key).values("pk")
        return qs.filter(pk__in=holding)

    def filter_tag(self, qs, name, value):
        tag = searched_tag(value)
        return qs.tagged(tag) if tag else qs

    def weighed_by_the_page(self, qs, name, value):
        # decks.selectors.pages weighs the decks against the viewer's collection (most_missing).
        return qs

    def sort_by(self, qs, name, value):
        return qs  # applied in filter_queryset so that the default sort holds too

    def filter_queryset(self, queryset):
        qs = super().filter_queryset(queryset)
        return qs.order_by(*SORTS[self.form.cleaned_data.get("sort") or "new"], "pk")


# The options' filters are declared from the games, so the class is made here.
PublicDeckFilter = type(DeckFilterBase)(
    "PublicDeckFilter",
    (DeckFilterBase,),
    {**option_filters(), "__module__": __name__, "__doc__": DeckFilterBase.__doc__},
)
