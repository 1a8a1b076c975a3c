"""The card page says where each fact comes from: a changeset, a cited passage, or no source."""

import re

import pytest
from django.conf import settings

from cardbase.changesets import Source, recording_changeset
from cardbase.importers import import_cards
from cardbase.models import Card
from cardbase.services import load_catalogue
from tests.data import card_data_file
from tests.factories import AngelFactory, GameFactory, UserFactory

pytestmark = pytest.mark.django_db


def sources_of(client, card: Card) -> dict[str, str]:
    """Return the card page's "where the facts come from" table, label → source, as text."""
    html = client.get(card.get_absolute_url()).content.decode()
    table = re.search(r'<table class="fact-sources">(.*?)</table>', html, re.S).group(1)
    rows = re.findall(r"<th scope=\"row\">(.*?)</th><td>(.*?)</td>", table, re.S)
    text = lambda cell: " ".join(re.sub(r"<[^>]+>", "", cell).split())  # noqa: E731
    # A row names every fact that shares its source.
    return {label: text(source) for labels, source in rows for label in text(labels).split(", ")}


def test_an_edited_fact_names_its_changeset_author_and_date_and_unknown_says_no_source(client):
    client.cookies["django_language"] = "en"
    AngelFactory(slug="gammon", name="Gammon", faction="fallen", order="powers", level=None)
    card = Card.objects.get()
    with recording_changeset(
        game=card.game,
        author=UserFactory(username="operatorka"),
        source=Source.note("skan karty"),
    ) as changeset:
        card.attributes = {**card.attributes, "level": 7}
        changeset.save(card)

    sources = sources_of(client, card)

    number = changeset.changeset.pk
    assert sources["Level"].startswith(f"Editorial note · change no. {number}, operatorka, ")
    assert sources["Colour"] == "unknown: no source gives it · Know it? Fill it in"
    assert sources["Circle"] == "follows from the card's other facts"  # a Fallen angel's choir
    # Written by a factory, before any changeset: said so, not guessed.
    assert sources["Faction"] == "no source recorded (entered before the history was kept)"


def test_a_rulebook_fact_names_its_page(client):
    client.cookies["django_language"] = "en"
    load_catalogue(fixtures_dir=settings.BASE_DIR / "fixtures")
    card = Card.objects.exclude(attributes={}).order_by("name").first()
    cited = card.sources.exclude(gives=[]).first()
    fact = cited.gives[0]
    label = card.schema.attribute(fact).label("en")

    sources = sources_of(client, card)

    assert sources[label.capitalize()].startswith(f"{cited.citation()} · change no. ")
    # The first passage the card cites names it.
    assert sources["Name"].startswith(f"{card.sources.first().citation()} · change no. ")


def test_a_card_list_fact_names_the_file_and_row(client):
    client.cookies["django_language"] = "en"
    GameFactory(slug="dark-eden", name="Dark Eden")
    import_cards(
        game_slug="dark-eden",
        fmt="mse-json",
        text_or_path=card_data_file("dark-eden/cards_db.json"),
    )
    card = Card.objects.filter(attributes__has_key="combat_value").order_by("name").first()
    row = card.sources.get().row

    sources = sources_of(client, card)

    assert re.fullmatch(
        rf"the card list of .*, row {row} · change no\. \d+, .*", sources["Combat value"]
    )
