"""The API's filters: the catalogue's facets with `q` in the card search language, the deck
list's filters and the editions' game, each strict about its values and described in English
for the schema (`PARAMETER_DOCS`, applied by api.schema.ApiAutoSchema)."""

import django_filters as filters
from django import forms
from django.utils.translation import gettext as _
from rest_framework import exceptions, status

import rules
from api.attributes import API_LANG, declared_kinds, kinds_sentence
from api.pagination import shown
from api.schema import EXAMPLE_GAME, EXAMPLE_QUERY
from cardbase import ownership
from cardbase.attributes import find_attribute
from cardbase.filters import UNKNOWN, AttributeRangeFilter, CardFilter
from cardbase.language import page_lang
from cardbase.models import Edition, Game
from cardbase.search.cards import search_cards
from decks.errors import unknown_folder
from decks.filters import PublicDeckFilter
from decks.models import DeckFolder
from decks.selectors.organising import folder_for_owner

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


def _gloss(value_id: str, label: str) -> str | None:
    """Say what a value means when its label says more than its id: "empty (2 copies)" -> "2 copies"."""
    if label.lower() == value_id.lower():
        return None
    if label.lower().startswith(value_id.lower() + " ("):
        return label[len(value_id) + 2 :].removesuffix(")")
    return label


def _glosses(values) -> dict[str, str]:
    return {
        value.id: gloss
        for value in values
        if (gloss := _gloss(value.id, value.label(API_LANG))) is not None
    }


def _facet_doc(filterset, name: str) -> str | None:
    """Describe a facet from its declaration: whose values, which values, what `unknown` does."""
    if name == "kind":
        intro, glosses = "Only cards of this kind", _glosses(declared_kinds())
    else:
        attribute = find_attribute(name)
        if attribute is None or attribute.type not in ("choice", "bool"):
            return None
        intro = f"Only {kinds_sentence(attribute)} of this {attribute.label(API_LANG)}"
        notes = []
        if any(value.rank is not None for value in attribute.values):
            notes.append("lowest rank first")
        if attribute.derived:
            notes.append("it follows from the card's other attributes")
        if notes:
            intro += f" ({'; '.join(notes)})"
        glosses = _glosses(attribute.values)
    values = [value for value, _label in filterset.base_filters[name].extra["choices"]]
    return (
        f"{intro}: {_one_of(filterset, name, glosses)}."
        + (UNKNOWN_NOTE if UNKNOWN in values else "")
        + REPEAT_NOTE
        + " Any other value is a 400."
    )


def _range_doc(attribute, lookup: str) -> str:
    bound = "at least" if lookup == "gte" else "at most"
    return f"Only cards of {bound} this {attribute.label(API_LANG)} (a whole number)."


def _sort_glosses(filterset) -> dict[str, str]:
    """Say what each sort does: by name, by a number's value or by a choice's rank."""
    glosses = {"name": "A–Z", "-name": "Z–A"}
    for value, _label in filterset.base_filters["sort"].extra["choices"]:
        attribute = find_attribute(value.removeprefix("-"))
        if attribute is None:
            continue
        descending = value.startswith("-")
        if attribute.type == "int":
            glosses[value] = "highest first" if descending else "lowest first"
        else:
            label = attribute.label(API_LANG)
            glosses[value] = f"{label} by rank, " + (
                "highest first" if descending else "lowest first"
            )
    return glosses


class Int64AttributeFilter(Int64Filter, AttributeRangeFilter):
    """A number attribute at least (`gte`) or at most (`lte`) a whole number within 64 bits."""


def _int64_ranges(filterset) -> dict[str, filters.Filter]:
    """The filterset's number ranges, bounded to 64 bits (a decimal or a larger number is a 400)."""
    ranges = {}
    for name, filter_ in filterset.base_filters.items():
        attribute = getattr(filter_, "attribute", None)
        if attribute is not None and attribute.type == "int":
            ranges[name] = Int64AttributeFilter(
                attribute=attribute, field_name=attribute.id, lookup_expr=filter_.lookup_expr
            )
    return ranges


class _ApiCardFilterBase(CardFilter):
    """Every catalogue facet; `q` is parsed by the search language and a bad query is a 400."""

    # A plain text field: the parse error is reported here, with its position, not as a form error.
    q = filters.CharFilter(method="filter_text")
    ordering = filters.ChoiceFilter(
        choices=CardFilter.base_filters["sort"].extra["choices"],
        method="sort_by",
        empty_label=None,
    )

    def __init__(self, data=None, queryset=None, *, request=None, **kwargs):
        # The caller's copies, which `collection` and `mam>=2` read (none for a visitor).
        if request is not None:
            kwargs.setdefault("owned", ownership.owned_copies(request.user))
        super().__init__(data, queryset, request=request, **kwargs)

    def filter_text(self, qs, name, value):
        result = search_cards(
            query=value, queryset=qs, lang=page_lang(), game=self.searched_game(), owned=self.owned
        )
        if result.error is not None:
            raise SearchQueryError(result.error, page_lang())
        self.search_node = result.node
        return result.queryset

    def filter_queryset(self, queryset):
        # `ordering` is `sort` by its newer name, and wins if both are given.
        ordering = self.form.cleaned_data.get("ordering")
        if ordering:
            self.form.cleaned_data["sort"] = ordering
        return super().filter_queryset(queryset)


ApiCardFilter = filters.filterset.FilterSetMetaclass(
    "ApiCardFilter",
    (_ApiCardFilterBase,),
    {"__module__": __name__, "__qualname__": "ApiCardFilter", **_int64_ranges(CardFilter)},
)
ApiCardFilter.PARAMETER_DOCS = {
    "q": (
        "A query in the card search language (see /cards/syntax/?game=…), e.g. "
        f"`{EXAMPLE_QUERY}`. It matches names and texts ignoring case and Polish "
        "diacritics. A query that does not parse is a 400 whose `error.query` says where "
        "and what was expected."
    ),
    "game": (
        f"Only the cards of this game, by its slug (see /api/v1/games/), e.g. `{EXAMPLE_GAME}`. An "
        "unknown game is a 400."
    ),
    **{
        name: doc
        for name in CardFilter.base_filters
        if (doc := _facet_doc(CardFilter, name)) is not None
    },
    **{
        name: _range_doc(filter_.attribute, filter_.lookup_expr)
        for name, filter_ in ApiCardFilter.base_filters.items()
        if isinstance(filter_, Int64AttributeFilter)
    },
    "edition": (
        "Only cards printed in this edition, by its slug (see /api/v1/editions/). An unknown "
        "edition is a 400."
    ),
    "ordering": (
        f"The order of the results: {_one_of(CardFilter, 'sort', _sort_glosses(CardFilter))}; "
        "ties go by name. Without it, the cards best matching `q` come first (the card named "
        "as typed, then names starting so, then names holding the words, then the rest, each "
        "group by name); with no `q`, by name. Any other value is a 400."
    ),
    "collection": (
        "Only the cards of your collection: `owned` keeps those you own a copy of, `missing` "
        "those you own none of (every card, for a caller not signed in). The search key "
        "`owned` (`mam` in Polish) compares the copies: `owned>=2`."
    ),
    "sort": (
        f"The same as `ordering`, kept for older clients: {_one_of(CardFilter, 'sort')}; "
        "`ordering` wins if both are given. Any other value is a 400."
    ),
}
ApiCardFilter.PARAMETER_SCHEMAS = {
    name: INT64_SCHEMA
    for name, filter_ in ApiCardFilter.base_filters.items()
    if isinstance(filter_, Int64AttributeFilter)
}


# `folder=none`: the decks in no folder.
UNFILED = "none"


class FolderField(forms.Field):
    """A folder's id (a whole number within 64 bits), or `none`."""

    widget = forms.TextInput

    def to_python(self, value):
        if value in (None, ""):
            return None
        if value == UNFILED:
            return UNFILED
        text = str(value)
        if text.isascii() and text.isdigit() and len(text) <= len(str(INT64_MAX)):
            number = int(text)
            if 0 < number <= INT64_MAX:
                return number
        raise forms.ValidationError(
            _("Expected a folder's id (a whole number) or none, got %(value)s.")
            % {"value": shown(text)},
            code="invalid",
        )


class FolderFilter(filters.Filter):
    field_class = FolderField


class ApiDeckFilter(PublicDeckFilter):
    """The public deck list's filters, with `valid` strict about its values; and, for one's own
    decks, their folder and the archive."""

    valid = StrictBooleanFilter(field_name="is_valid")
    # The decks within reach of a collection have their own endpoint (/decks/within-reach/).
    within_reach = None
    folder = FolderFilter(method="filter_folder")
    archived = StrictBooleanFilter(method="filter_archived")

    # `none` or a folder's id: text, for the schema as for the filter.
    PARAMETER_SCHEMAS = {"folder": {"type": "string", "pattern": r"^(none|[1-9][0-9]{0,18})$"}}

    def _own_decks_only(self, name: str) -> None:
        """Refuse a filter of one's own filing on the public list (the view has read `mine`)."""
        if not parse_bool("mine", self.request.query_params.get("mine")):
            raise exceptions.ValidationError(
                {name: [_("This filters your own decks: add mine=1.")]}
            )

    def filter_folder(self, qs, name, value):
        self._own_decks_only(name)
        if value == UNFILED:
            return qs.filter(folder__isnull=True)
        try:
            folder = folder_for_owner(folder_id=value, user=self.request.user)
        except DeckFolder.DoesNotExist:
            raise exceptions.ValidationError({name: [unknown_folder().message]}) from None
        return qs.filter(folder=folder)

    def filter_archived(self, qs, name, value):
        self._own_decks_only(name)
        return qs.filter(archived=value)

    PARAMETER_DOCS = {
        "q": "Only decks whose name contains this text (ignoring case).",
        "valid": (
            "`true` (or `1`): only decks legal under the rules; `false` (or `0`): only decks "
            "that are not. Any other value is a 400."
        ),
        "author": "Only decks of this player, by username (ignoring case).",
        "game": (
            f"Only decks of this game, by its id (see /api/v1/games/), e.g. `{EXAMPLE_GAME}`. A game "
            "the site has no rules for is a 400."
        ),
        "card": (
            "Only decks holding a card whose name contains this text (ignoring case and Polish "
            "diacritics)."
        ),
        "tag": (
            "Only decks bearing this tag (see a deck's `tags`), matched as tags are stored: "
            "trimmed, spaces single, lower case. The public list holds public decks only, so "
            "their tags alone."
        ),
        "folder": (
            "With `mine=1` only: your decks in this folder, by its id (see /api/v1/folders/), or "
            "`none` for those in no folder. A folder that is not yours, any other value, or "
            "the filter without `mine=1`, is a 400."
        ),
        "archived": (
            "With `mine=1` only: `true` (or `1`) for your archived decks, `false` (or `0`) for "
            "the others; left out, both. The public list never holds archived decks. Any other "
            "value, or the filter without `mine=1`, is a 400."
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
        **{
            option.id: f"Only decks of this {option.label(API_LANG)}: "
            f"{_one_of(PublicDeckFilter, option.id, _glosses(option.values))}."
            for option in rules.all_options()
            # A game registered after the deck filters were made has no filter yet.
            if option.id in PublicDeckFilter.base_filters
        },
    }


class EditionFilter(filters.FilterSet):
    """The editions of one game."""

    game = filters.ModelChoiceFilter(
        field_name="game", to_field_name="slug", queryset=Game.objects.all()
    )

    PARAMETER_DOCS = {
        "game": (
            f"Only the editions of this game, by its slug (see /api/v1/games/), e.g. `{EXAMPLE_GAME}`. "
            "An unknown game is a 400."
        ),
    }

    class Meta:
        model = Edition
        fields = []
