"""The API's filters: the catalogue's facets with `q` in the card search language, the deck
list's filters and the editions' game, each strict about its values and described in English
for the schema (`PARAMETER_DOCS`, applied by api.schema.ApiAutoSchema)."""

import django_filters as filters
from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from rest_framework import exceptions, status

from api.pagination import shown
from cardbase.filters import SORT_CHOICES, SORTS, CardFilter
from cardbase.models import Edition, Game
from cardbase.search import search_cards
from decks.filters import PublicDeckFilter

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
TRUE_WORDS, FALSE_WORDS = ("true", "1"), ("false", "0")


def parse_bool(name: str, raw: str | None) -> bool | None:
    """Read a boolean query parameter: true/false/1/0 (any case); blank or absent is None."""
    if raw is None or raw == "":
        return None
    if raw.lower() in TRUE_WORDS:
        return True
    if raw.lower() in FALSE_WORDS:
        return False
    raise exceptions.ValidationError({name: [bool_error(raw)]})


def bool_error(raw: str) -> str:
    return _("Expected true, false, 1 or 0, got %(value)s.") % {"value": shown(raw)}


class StrictBooleanField(forms.Field):
    """A form field for true/false/1/0; any other value is an error, not "no filter"."""

    widget = forms.TextInput

    def to_python(self, value):
        if value in (None, ""):
            return None
        if isinstance(value, bool):
            return value
        word = str(value).lower()
        if word in TRUE_WORDS or word in FALSE_WORDS:
            return word in TRUE_WORDS
        raise forms.ValidationError(bool_error(str(value)), code="invalid")


class StrictBooleanFilter(filters.BooleanFilter):
    field_class = StrictBooleanField


class Int64Filter(filters.NumberFilter):
    """A whole-number filter within 64 bits (a decimal or a larger number is a 400)."""

    field_class = forms.IntegerField

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("min_value", INT64_MIN)
        kwargs.setdefault("max_value", INT64_MAX)
        super().__init__(*args, **kwargs)

    def get_max_validator(self):
        return None  # max_value above already bounds it


INT64_SCHEMA = {"format": "int64", "minimum": INT64_MIN, "maximum": INT64_MAX}


class SearchQueryError(exceptions.APIException):
    """A `q` that does not parse; carries where and what was expected."""

    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "invalid_query"

    def __init__(self, error, lang: str):
        super().__init__(error.message(lang))
        self.query = error.to_dict(lang)


UNKNOWN_NOTE = " `unknown` picks the cards whose value the rulebook does not state."
REPEAT_NOTE = " Repeat the parameter to accept several values (OR)."


def _one_of(filterset, name: str, glosses: dict[str, str] | None = None) -> str:
    """List a choice filter's values as the schema shows them: "`a` (what a is), `b` or `c`".

    Read from the filter itself, so the description cannot fall behind its choices.
    """
    glosses = glosses or {}
    values = [value for value, _label in filterset.base_filters[name].extra["choices"]]
    shown = [f"`{v}` ({glosses[v]})" if v in glosses else f"`{v}`" for v in values]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"


SORT_GLOSSES = {
    "name": "A–Z, the default",
    "-name": "Z–A",
    "level": "lowest first",
    "-level": "highest first",
    "order": "the hierarchy, youngest order first, unknown last",
    "-order": "the hierarchy reversed, unknown first",
}
FACET_GLOSSES = {
    "lord": "the Lord's angels",
    "any": "an intervention either side may play",
    "empty": "a deck may hold 2 copies",
    "filled": "1 copy",
}
FACETS = {
    "kind": "Only cards of this kind",
    "faction": "Only cards of this faction",
    "order": "Only angels of this order (youngest first)",
    "choir": "Only angels of this choir (it follows from the order)",
    "color": "Only angels of this colour",
    "edition_symbol": "Only cards with this edition symbol",
    "alignment": "Only humans of this alignment",
    "sex": "Only humans of this sex",
}


class ApiCardFilter(CardFilter):
    """Every catalogue facet; `q` is parsed by the search language and a bad query is a 400."""

    # A plain text field: the parse error is reported here, with its position, not as a form error.
    q = filters.CharFilter(method="filter_text")
    level_min = Int64Filter(field_name="level", lookup_expr="gte")
    level_max = Int64Filter(field_name="level", lookup_expr="lte")
    ordering = filters.ChoiceFilter(choices=SORT_CHOICES, method="sort_by", empty_label=None)

    PARAMETER_DOCS = {
        "q": (
            "A query in the card search language (see /cards/syntax/), e.g. "
            "`frakcja:upadli poziom>=7`. It matches names and texts ignoring case and Polish "
            "diacritics. A query that does not parse is a 400 whose `error.query` says where "
            "and what was expected."
        ),
        "game": (
            "Only the cards of this game, by its slug (see /api/v1/games/), e.g. `aniolowie`. An "
            "unknown game is a 400."
        ),
        **{
            name: f"{intro}: {_one_of(CardFilter, name, FACET_GLOSSES)}."
            + (UNKNOWN_NOTE if name in CardFilter.UNKNOWN_AWARE else "")
            + REPEAT_NOTE
            + " Any other value is a 400."
            for name, intro in FACETS.items()
        },
        "level_min": "Only cards of at least this level (a whole number).",
        "level_max": "Only cards of at most this level (a whole number).",
        "edition": (
            "Only cards printed in this edition, by its slug (see /api/v1/editions/). An unknown "
            "edition is a 400."
        ),
        "ordering": (
            f"The order of the results: {_one_of(CardFilter, 'sort', SORT_GLOSSES)}; ties go by "
            "name. Any other value is a 400."
        ),
        "sort": (
            f"The same as `ordering`, kept for older clients: {_one_of(CardFilter, 'sort')}; "
            "`ordering` wins if both are given. Any other value is a 400."
        ),
    }
    PARAMETER_SCHEMAS = {"level_min": INT64_SCHEMA, "level_max": INT64_SCHEMA}

    def filter_text(self, qs, name, value):
        result = search_cards(query=value, queryset=qs, lang=get_language())
        if result.error is not None:
            raise SearchQueryError(result.error, "en" if get_language() == "en" else "pl")
        return result.queryset

    def filter_queryset(self, queryset):
        qs = super().filter_queryset(queryset)  # sorted by `sort` (default: name)
        ordering = self.form.cleaned_data.get("ordering")
        return qs.order_by(*SORTS[ordering], "pk") if ordering else qs


class ApiDeckFilter(PublicDeckFilter):
    """The public deck list's filters, with `valid` strict about its values."""

    valid = StrictBooleanFilter(field_name="is_valid")

    PARAMETER_DOCS = {
        "q": "Only decks whose name contains this text (ignoring case).",
        "valid": (
            "`true` (or `1`): only decks legal under the rules; `false` (or `0`): only decks "
            "that are not. Any other value is a 400."
        ),
        "author": "Only decks of this player, by username (ignoring case).",
        "card": (
            "Only decks holding a card whose name contains this text (ignoring case and Polish "
            "diacritics)."
        ),
        "sort": (
            "The order of the results: "
            + _one_of(
                PublicDeckFilter,
                "sort",
                {
                    "new": "newest first, the default",
                    "updated": "last changed first",
                    "liked": "most liked first",
                },
            )
            + ". Any other value is a 400."
        ),
        "faction": f"Only decks of this faction: {_one_of(PublicDeckFilter, 'faction', FACET_GLOSSES)}.",
    }


class EditionFilter(filters.FilterSet):
    """The editions of one game."""

    game = filters.ModelChoiceFilter(
        field_name="game", to_field_name="slug", queryset=Game.objects.all()
    )

    PARAMETER_DOCS = {
        "game": (
            "Only the editions of this game, by its slug (see /api/v1/games/), e.g. `aniolowie`. "
            "An unknown game is a 400."
        ),
    }

    class Meta:
        model = Edition
        fields = []
