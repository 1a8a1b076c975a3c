"""Sections a player chooses: a card lies in any section that takes its kind, its home by default."""

import pytest

import rules
from decks import codes, export, services
from decks.contract import Entry, contract_for, judge
from decks.errors import DeckInputError
from decks.inputs import builder_cards
from decks.models import DeckCard, DeckVersion
from decks.selectors.entries import deck_contract, deck_counts, deck_entries
from decks.selectors.history import latest_change
from decks.selectors.sheet import deck_sheet
from decks.services.cards import deck_adjust_card, deck_move_card
from decks.services.editing import deck_copy, deck_restore
from decks.transfer.problems import ImportFailed
from decks.transfer.read_code import read_code
from decks.transfer.read_json import read_json
from decks.transfer.read_text import read_text
from tests.factories import CardFactory, GameFactory, UserFactory, legal_deck_cards

pytestmark = pytest.mark.django_db


@pytest.fixture
def inwo():
    return GameFactory(slug="inwo", name="Illuminati: New World Order")


@pytest.fixture
def cards(inwo):
    """An Illuminati, two Groups, a Resource and a Plot, named as printed."""
    return {
        "ufos": CardFactory(game=inwo, kind="illuminati", name="UFOs", slug="ufos"),
        "gun-lobby": CardFactory(
            game=inwo, kind="organization", name="Gun Lobby", slug="gun-lobby"
        ),
        "shangri-la": CardFactory(game=inwo, kind="place", name="Shangri-La", slug="shangri-la"),
        "crystal-skull": CardFactory(
            game=inwo, kind="resource", name="Crystal Skull", slug="crystal-skull"
        ),
        "gun-control": CardFactory(game=inwo, kind="plot", name="Gun Control", slug="gun-control"),
    }


def entries_of(deck):
    return {(e.card.slug, e.section): e.count for e in deck_entries(deck)}


def new_deck(cards_by_key, **fields):
    return services.deck_create(
        owner=UserFactory(), name="Obcy", game="inwo", cards=cards_by_key, **fields
    )


def test_a_group_chosen_to_lead_lies_in_the_lead(cards):
    deck = new_deck(
        {
            cards["ufos"].pk: 1,
            (cards["gun-lobby"].pk, "lead"): 1,
            cards["shangri-la"].pk: 2,
            cards["gun-control"].pk: 3,
        }
    )
    assert entries_of(deck) == {
        ("gun-control", "plots"): 3,
        ("gun-lobby", "lead"): 1,
        ("shangri-la", "groups"): 2,
        ("ufos", "lead"): 1,
    }
    contract = deck_contract(deck)
    assert contract["format"] == "standard"
    assert {c["name"]: c["section"] for c in contract["cards"]} == {
        "Gun Control": "plots",
        "Gun Lobby": "lead",
        "Shangri-La": "groups",
        "UFOs": "lead",
    }
    assert [v["code"] for v in deck.verdict["violations"]] == ["deck-size"]
    assert deck.card_total == 7


def test_one_card_may_lie_in_two_sections(cards):
    shangri_la = cards["shangri-la"].pk
    deck = new_deck({(shangri_la, "lead"): 1, (shangri_la, "groups"): 3, cards["ufos"].pk: 1})
    assert DeckCard.objects.filter(deck=deck, card_id=shangri_la).count() == 2
    assert entries_of(deck) == {
        ("shangri-la", "lead"): 1,
        ("shangri-la", "groups"): 3,
        ("ufos", "lead"): 1,
    }
    assert deck_counts(deck)[0][1] == 4


@pytest.mark.parametrize(
    ("key", "message"),
    [
        (("gun-control", "lead"), "Karta „Gun Control” nie może leżeć w części „Karty przywódcze”"),
        (("gun-lobby", "plots"), "może w: Talia Grup, Karty przywódcze"),
        (("gun-lobby", "hand"), "Ta gra nie ma części talii hand; ma: lead, groups, plots."),
    ],
)
def test_a_section_that_does_not_take_the_card_is_refused_by_the_field(cards, key, message):
    with pytest.raises(DeckInputError) as caught:
        new_deck({(cards[key[0]].pk, key[1]): 1})
    assert caught.value.field == "section"
    assert message in caught.value.message


def test_the_builders_keys_name_card_and_section(cards):
    deck = new_deck(builder_cards({f"{cards['gun-lobby'].pk}:lead": 1, str(cards["ufos"].pk): 1}))
    assert entries_of(deck) == {("gun-lobby", "lead"): 1, ("ufos", "lead"): 1}
    with pytest.raises(DeckInputError) as caught:
        new_deck(builder_cards({f"{cards['ufos'].pk}:lead": 1, str(cards["ufos"].pk): 1}))
    assert caught.value.field == "cards"


def test_adjust_and_move_work_on_one_section(cards):
    lobby = cards["gun-lobby"].pk
    deck = new_deck({lobby: 2})
    deck = deck_move_card(
        deck=deck, card_id=lobby, from_section="groups", to_section="lead", expected_version=1
    )
    assert entries_of(deck) == {("gun-lobby", "groups"): 1, ("gun-lobby", "lead"): 1}
    deck = deck_adjust_card(deck=deck, card_id=lobby, delta=1, section="lead", expected_version=2)
    assert entries_of(deck) == {("gun-lobby", "groups"): 1, ("gun-lobby", "lead"): 2}
    # Without a section: taken from its home while it has copies there, then from elsewhere.
    for version in (3, 4):
        deck = deck_adjust_card(deck=deck, card_id=lobby, delta=-1, expected_version=version)
    assert entries_of(deck) == {("gun-lobby", "lead"): 1}
    with pytest.raises(DeckInputError) as caught:
        deck_move_card(
            deck=deck, card_id=lobby, from_section="lead", to_section="plots", expected_version=5
        )
    assert caught.value.field == "section"
    with pytest.raises(DeckInputError):
        deck_move_card(
            deck=deck, card_id=lobby, from_section="groups", to_section="lead", expected_version=5
        )


def test_versions_keep_sections_and_old_versions_still_restore(cards):
    lobby, ufos = cards["gun-lobby"].pk, cards["ufos"].pk
    deck = new_deck({(lobby, "lead"): 1, ufos: 1})
    assert deck.versions.get().cards == {f"{lobby}:lead": 1, f"{ufos}:lead": 1}
    # A version saved before sections could be chosen: keyed by the card id alone.
    DeckVersion.objects.create(deck=deck, number=0, name="Stara", cards={str(lobby): 2})
    deck = deck_restore(deck=deck, number=0, expected_version=1)
    assert entries_of(deck) == {("gun-lobby", "groups"): 2}
    deck = deck_restore(deck=deck, number=1, expected_version=2)
    assert entries_of(deck) == {("gun-lobby", "lead"): 1, ("ufos", "lead"): 1}
    change = latest_change(deck=deck, user=deck.owner)
    assert [(c.name, c.delta, c.section) for c in change.added] == [
        ("Gun Lobby", 1, "Karty przywódcze"),
        ("UFOs", 1, "Karty przywódcze"),  # a spare Illuminati may hide in the Plot deck
    ]
    assert [(c.name, c.delta, c.section) for c in change.removed] == [
        ("Gun Lobby", -2, "Talia Grup")
    ]


def test_a_copy_keeps_each_cards_section(cards):
    deck = new_deck({(cards["gun-lobby"].pk, "lead"): 1}, format="tournament")
    copy = deck_copy(deck=deck, owner=UserFactory())
    assert entries_of(copy) == {("gun-lobby", "lead"): 1}
    assert copy.format == "tournament"


def test_the_sheet_shows_a_card_where_it_lies_and_where_it_may_go(cards):
    deck = new_deck({(cards["gun-lobby"].pk, "lead"): 1, cards["crystal-skull"].pk: 1})
    sheet = deck_sheet(deck, lang="en")
    lead = next(s for s in sheet.sections if s.id == "lead")
    assert [(g.kind, [line.card.name for line in g.lines]) for g in lead.groups] == [
        ("illuminati", []),
        ("organization", ["Gun Lobby"]),
    ]
    line = lead.groups[1].lines[0]
    assert line.moves == (("groups", "Group deck"),)
    assert line.key == f"{cards['gun-lobby'].pk}:lead"
    skull = next(line for line in sheet.lines if line.card.name == "Crystal Skull")
    assert (skull.section, skull.moves) == ("groups", ())
    assert sheet.totals.sections == {"lead": 1, "groups": 1, "plots": 0}
    assert sheet.card_counts == {cards["gun-lobby"].pk: 1, cards["crystal-skull"].pk: 1}


def test_a_tournament_deck_must_hold_45(cards):
    deck = new_deck({cards["ufos"].pk: 1}, format="tournament")
    size = next(v for v in deck.verdict["violations"] if v["code"] == "deck-size")
    assert size["severity"] == "error"


def test_aniolowie_verdicts_are_the_same_with_sections_and_format_in_the_contract():
    game = GameFactory()
    deck = services.deck_create(
        owner=UserFactory(),
        name="Upadli",
        options={"faction": "fallen"},
        cards=legal_deck_cards("fallen", game=game),
    )
    entries = deck_entries(deck)
    contract = deck_contract(deck)
    assert contract["format"] == "standard"
    assert {c["section"] for c in contract["cards"]} == {"zastep", "humans"}
    bare = {
        "game": "aniolowie",
        "faction": "fallen",
        "cards": [{k: v for k, v in c.items() if k != "section"} for c in contract["cards"]],
    }
    assert rules.validate_contract(contract) == rules.validate_contract(bare)
    short = entries[1:]
    assert judge(
        contract_for(game="aniolowie", options=deck.options, format="standard", entries=short)
    ) == judge(
        contract_for(
            game="aniolowie",
            options=deck.options,
            entries=[Entry(e.card, "", e.count) for e in short],
        )
    )


def test_text_code_and_json_carry_the_sections(cards):
    shangri_la = cards["shangri-la"].pk
    deck = new_deck(
        {(shangri_la, "lead"): 1, shangri_la: 3, cards["ufos"].pk: 1}, format="one-big-deck"
    )
    text = export.deck_text(deck)
    assert "## Karty przywódcze\n\n# Illuminati\n1 UFOs\n\n# Miejsca\n1 Shangri-La\n" in text
    assert "# format: one-big-deck" in text
    expected = {(shangri_la, "lead"): 1, (shangri_la, "groups"): 3, (cards["ufos"].pk, "lead"): 1}
    for imported in (
        read_text(text, game="inwo"),
        read_json(export.deck_json(deck)),
        read_code(codes.deck_code(deck)),
    ):
        assert (imported.cards, imported.format) == (expected, "one-big-deck")


def test_a_code_of_a_deck_at_home_names_no_sections(cards):
    deck = new_deck({cards["ufos"].pk: 1, cards["gun-lobby"].pk: 1})
    decoded = rules.core.deckcode.decode(codes.deck_code(deck))
    assert decoded.cards == (("gun-lobby", 1), ("ufos", 1))


def test_a_text_heading_places_the_cards_under_it(cards):
    text = "1 UFOs\n## lead\n1 Gun Lobby\n## Group deck  # mine\n2 gun lobby\n"
    imported = read_text(text, game="inwo")
    lobby = cards["gun-lobby"].pk
    assert imported.cards == {
        (cards["ufos"].pk, "lead"): 1,
        (lobby, "lead"): 1,
        (lobby, "groups"): 2,
    }


def test_a_text_with_a_wrong_heading_or_place_names_the_lines(cards):
    text = "## Talia Intryg\n1 Gun Lobby\n## Cmentarz\n1 UFOs\n"
    with pytest.raises(ImportFailed) as caught:
        read_text(text, game="inwo")
    assert [(p.line, p.message.split(";")[0]) for p in caught.value.problems] == [
        (2, "Karta „Gun Lobby” nie może leżeć w części „Talia Intryg”"),
        (3, "Ta gra nie ma części talii „Cmentarz”"),
    ]


def test_a_json_entry_in_a_section_that_does_not_take_it_names_its_place(cards):
    data = '{"game": "inwo", "cards": [{"name": "Gun Control", "kind": "plot", "count": 1, "section": "lead"}]}'
    with pytest.raises(ImportFailed) as caught:
        read_json(data)
    assert caught.value.problems[0].where == "cards[0].section"


def test_the_builder_moves_a_card_without_javascript(client, cards):
    deck = new_deck({cards["gun-lobby"].pk: 1, cards["gun-control"].pk: 1})
    client.force_login(deck.owner)
    page = client.get(f"/decks/{deck.pk}/edit/").content.decode()
    assert 'name="to" value="lead"' in page
    assert page.count('class="move-buttons"') == 1  # a Plot has one place only
    save = f"/decks/{deck.pk}/save/"
    fields = {"version": 1, "card": cards["gun-lobby"].pk, "section": "groups"}
    response = client.post(save, {**fields, "to": "lead"})
    assert response.status_code == 302
    assert entries_of(deck) == {("gun-control", "plots"): 1, ("gun-lobby", "lead"): 1}
    client.post(save, {**fields, "version": 2, "section": "lead", "delta": "1"})
    assert entries_of(deck) == {("gun-control", "plots"): 1, ("gun-lobby", "lead"): 2}
    response = client.post(save, {**fields, "version": 3, "to": "plots"}, follow=True)
    assert "Tej karty nie ma w tej części talii" in response.content.decode()


def test_the_builders_json_save_takes_sections_and_refuses_a_wrong_one(client, cards):
    deck = new_deck({})
    client.force_login(deck.owner)
    save = f"/decks/{deck.pk}/save/"
    lobby = cards["gun-lobby"].pk
    body = {"version": 1, "cards": {f"{lobby}:lead": 1, f"{lobby}:groups": 2}}
    response = client.post(save, body, content_type="application/json")
    assert response.json()["counts"] == {f"{lobby}:lead": 1, f"{lobby}:groups": 2}
    body = {"version": 2, "cards": {f"{lobby}:plots": 1}}
    response = client.post(save, body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["field"] == "section"
