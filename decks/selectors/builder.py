"""The builder's card search (cards that fit the deck's options, counted by facet), name hints."""

from dataclasses import dataclass

from django.core.paginator import Page, Paginator
from django.db.models import Case, IntegerField, Q, QuerySet, Value, When
from django.http import QueryDict

import rules
from cardbase.attributes import attribute_q, missing_q
from cardbase.facet_values import declared_facet_keys
from cardbase.filters import CardFilter
from cardbase.models import Card, Game
from cardbase.search.feedback import QueryFeedback, query_feedback
from cardbase.selectors.catalogue import suggestion
from cardbase.selectors.facets import Facet, counted_facets
from decks.models import Deck

BUILDER_PAGE_SIZE = 50


@dataclass(frozen=True)
class BuilderSearch:
    filterset: CardFilter
    page: Page
    all_cards: bool  # the player asked for cards that do not fit the deck's options too
    facets: tuple[Facet, ...]  # the deck's game's own facets, each value with its cards' count
    feedback: QueryFeedback | None = None  # what the search box says: its error, or nothing
    suggestion: QueryDict | None = None  # the params of a corrected query ("did you mean")


def fitting_options(deck: Deck) -> dict[str, list[str]]:
    """Return, by card attribute, the values that fit the deck's options: the chosen value and
    those that are no choice (unknown fits too: see `fitting_options_q`)."""
    game = deck.game_rules
    fitting: dict[str, list[str]] = {}
    for option in game.options:
        attribute = game.schema.attribute(option.card_attribute or "")
        if attribute is None or option.id not in deck.options:
            continue
        choices = {value.id for value in option.values}
        unchosen = [value.id for value in attribute.values if value.id not in choices]
        wanted = [deck.options[option.id], *unchosen]
        if attribute.id in fitting:  # two options on one attribute: both must fit
            wanted = [value for value in wanted if value in fitting[attribute.id]]
        fitting[attribute.id] = wanted
    return fitting


def fitting_options_q(deck: Deck, *, prefix: str = "") -> Q:
    """Keep the cards that fit the deck's options: the chosen value, one that is no choice, unknown.

    A card of a kind without the option's attribute fits too: it names no value. `prefix`
    reaches the card through a relation ("card__").
    """
    schema = deck.game_rules.schema
    fits = Q()
    for attribute_id, wanted in fitting_options(deck).items():
        attribute = schema.attribute(attribute_id)
        game = deck.game.slug
        fits &= attribute_q(attribute, wanted, "in", game=game, prefix=prefix) | missing_q(
            attribute, game=game, prefix=prefix
        )
    return fits


def builder_cards(
    *, deck: Deck, params: QueryDict, page_number: str | None, owned: QuerySet | None = None
) -> BuilderSearch:
    """Search the deck's game for cards to add, by default only those that fit its options;
    `owned` (the player's copies) answers `mam>=2` and the collection filter.

    Cards whose value of an option's attribute is unknown stay in: a catalogue may know few of
    them, and the rules report such a card as unverified rather than wrong.
    """
    game_cards = Card.objects.of_game(deck.game.slug).for_listing()
    all_cards = params.get("all_cards") == "1"
    fitting = {} if all_cards else fitting_options(deck)
    base = game_cards.filter(fitting_options_q(deck)) if fitting else game_cards
    filterset = CardFilter(params, queryset=base, game=deck.game.slug, owned=owned)
    queryset = filterset.qs if filterset.is_valid() else Card.objects.none()
    if set(fitting) <= set(declared_facet_keys(deck.game_rules)):
        # The options' values are facets' values: the counts keep the fitting cards from the
        # game's own groups, which every builder of the game and its catalogue share. By the
        # game's id: a join to the games would keep PostgreSQL's count off the facet index.
        # (The page's cards keep the join: SQLite then walks the name's index and stops at the
        # page's end, where a game id makes it sort every card of the game first.)
        of_game = Card.objects.filter(game_id=deck.game_id)
        counting = CardFilter(params, queryset=of_game, game=deck.game.slug, owned=owned)
        within = fitting
    else:  # an option on an attribute no facet holds: the fitting cards are counted in SQL
        counting, within = filterset, None
    facets, matched = counted_facets(
        filterset=counting, params=params, counted=filterset.is_valid(), within=within
    )
    paginator = Paginator(queryset, BUILDER_PAGE_SIZE)
    if matched is not None:
        paginator.count = matched  # the facets' grouped query counted the cards already
    page = paginator.get_page(page_number)
    return BuilderSearch(
        filterset=filterset,
        page=page,
        all_cards=all_cards,
        facets=facets,
        feedback=query_feedback((params.get("q") or "").strip(), game=deck.game.slug),
        suggestion=suggestion(filterset=filterset, params=params, matched=page.paginator.count),
    )


NAME_SUGGESTIONS = 10


def card_names_like(*, game: Game, text: str, limit: int = NAME_SUGGESTIONS) -> list[str]:
    """Return card names of `game` holding `text` (case and diacritics ignored), prefixes first."""
    key = rules.card_key(text)
    if not key:
        return []
    prefix_first = Case(
        When(search_name__startswith=key, then=Value(0)),
        default=Value(1),
        output_field=IntegerField(),
    )
    names = (
        Card.objects.filter(game=game, search_name__contains=key)
        .alias(prefix_first=prefix_first)
        .order_by("prefix_first", "search_name", "pk")
        .values_list("name", flat=True)[:limit]
    )
    return list(dict.fromkeys(names))
