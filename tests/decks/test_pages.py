"""Deck pages, the builder's endpoints and who may see or change what."""

import io
import json
import re
import uuid

import pytest
from django.urls import reverse

from decks import services
from decks.models import Deck
from tests.factories import AngelFactory, DeckFactory, HumanFactory, legal_deck_cards

pytestmark = pytest.mark.django_db


def make_deck(owner, visibility="private", **kwargs):
    return services.deck_create(
        owner=owner, name="Moja talia", options={"faction": "lord"}, visibility=visibility, **kwargs
    )


def save(client, deck, body):
    return client.post(
        reverse("deck-save", args=[deck.pk]), json.dumps(body), content_type="application/json"
    )


# --- who may see what -------------------------------------------------------------------------


@pytest.mark.parametrize("visibility", ["private", "unlisted", "public"])
def test_the_owner_sees_their_deck_whatever_its_visibility(client, owner, visibility):
    deck = make_deck(owner, visibility)
    client.force_login(owner)
    assert client.get(deck.get_absolute_url()).status_code == 200


@pytest.mark.parametrize(
    ("visibility", "status"), [("private", 404), ("unlisted", 200), ("public", 200)]
)
def test_others_see_only_shared_decks(client, owner, stranger, visibility, status):
    deck = make_deck(owner, visibility)
    assert client.get(deck.get_absolute_url()).status_code == status
    client.force_login(stranger)
    assert client.get(deck.get_absolute_url()).status_code == status


def test_a_private_deck_looks_the_same_as_a_missing_one(client, owner, stranger):
    deck = make_deck(owner)
    client.force_login(stranger)
    hidden = client.get(deck.get_absolute_url())
    missing = client.get(reverse("deck-detail", args=[uuid.uuid4()]))
    assert hidden.status_code == missing.status_code == 404


@pytest.mark.parametrize("name", ["deck-edit", "deck-delete"])
def test_nobody_but_the_owner_opens_the_builder_or_deletion(client, owner, stranger, name):
    deck = make_deck(owner, "public")
    client.force_login(stranger)
    assert client.get(reverse(name, args=[deck.pk])).status_code == 404
    client.logout()
    response = client.get(reverse(name, args=[deck.pk]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_a_stranger_cannot_save_into_or_delete_a_public_deck(client, owner, stranger):
    deck = make_deck(owner, "public")
    human = HumanFactory()
    client.force_login(stranger)
    assert save(client, deck, {"version": 1, "cards": {human.pk: 1}}).status_code == 404
    assert client.post(reverse("deck-delete", args=[deck.pk])).status_code == 404
    deck.refresh_from_db()
    assert deck.version == 1 and not deck.entries.exists()


def test_a_private_deck_cannot_be_copied_by_guessing_its_address(client, owner, stranger):
    deck = make_deck(owner)
    client.force_login(stranger)
    assert client.post(reverse("deck-copy", args=[deck.pk])).status_code == 404
    assert not Deck.objects.filter(owner=stranger).exists()


def test_my_decks_lists_only_mine_with_their_validity(client, owner, stranger):
    mine = make_deck(owner, cards=legal_deck_cards("lord"))
    theirs = services.deck_create(owner=stranger, name="Cudza talia", options={"faction": "fallen"})
    client.force_login(owner)
    page = client.get(reverse("my-decks")).content.decode()
    assert str(mine.pk) in page and "zgodna" in page
    assert str(theirs.pk) not in page and "Cudza talia" not in page


def test_my_decks_come_in_pages_newest_first(client, owner, game):
    made = [DeckFactory(owner=owner, game=game, name=f"Talia {n:02}") for n in range(51)]
    Deck.objects.filter(pk=made[0].pk).update(name="Najstarsza")
    for n, deck in enumerate(made):  # later made, later changed
        Deck.objects.filter(pk=deck.pk).update(updated=deck.updated.replace(year=2000 + n))
    client.force_login(owner)

    first = client.get(reverse("my-decks"))
    second = client.get(reverse("my-decks"), {"page": 2})

    assert len(first.context["decks"]) == 50 and first.context["decks"][0].name == "Talia 50"
    assert 'rel="next"' in first.content.decode()
    assert [deck.name for deck in second.context["decks"]] == ["Najstarsza"]


# --- the builder ------------------------------------------------------------------------------


def test_new_deck_form_creates_a_deck_and_opens_the_builder(client, owner):
    client.force_login(owner)
    response = client.post(reverse("deck-new"), {"name": "Upadli z ognia", "faction": "fallen"})
    deck = Deck.objects.get(owner=owner)
    assert response.status_code == 302
    assert response["Location"] == reverse("deck-edit", args=[deck.pk])
    assert (deck.name, deck.options["faction"], deck.visibility) == (
        "Upadli z ognia",
        "fallen",
        "private",
    )


def test_saving_returns_the_new_version_and_the_panels(client, owner):
    deck = make_deck(owner)
    client.force_login(owner)
    angel = AngelFactory(name="Gabriel Testowy", order="angels")
    response = save(client, deck, {"version": 1, "cards": {str(angel.pk): 2}})
    data = response.json()
    assert response.status_code == 200
    assert data["version"] == 2
    # Keyed by card and section: the builder shows each card where it lies.
    assert data["counts"] == {f"{angel.pk}:zastep": 2}
    assert "Gabriel Testowy" in data["panels"]["deck"]
    assert 'data-code="deck-size"' in data["panels"]["verdict"]
    assert 'data-code="hierarchy-ladder"' not in data["panels"]["verdict"]
    assert 'data-total="all">2<' in data["panels"]["totals"]


def test_the_panel_lists_every_violation_and_marks_the_cards_at_fault(client, owner):
    cards = legal_deck_cards("lord")
    intruder = AngelFactory(faction="fallen", name="Intruz", slug="intruz", order="angels")
    deck = make_deck(owner, cards={**cards, intruder.pk: 1})
    client.force_login(owner)
    page = client.get(reverse("deck-edit", args=[deck.pk])).content.decode()
    assert 'data-code="faction-mix"' in page
    assert "Intruz" in page
    assert f'class="deck-line at-fault" data-card="{intruder.pk}"' in page
    assert page.count("deck-line at-fault") == 1


def test_a_stale_save_is_answered_409_and_keeps_the_newer_deck(client, owner):
    deck = make_deck(owner)
    human = HumanFactory()
    client.force_login(owner)
    assert save(client, deck, {"version": 1, "name": "Pierwsza karta"}).status_code == 200
    response = save(client, deck, {"version": 1, "cards": {human.pk: 1}, "name": "Druga"})
    assert response.status_code == 409
    assert response.json()["current_version"] == 2
    assert "zapisana gdzie indziej" in response.json()["error"]
    deck.refresh_from_db()
    assert deck.name == "Pierwsza karta" and not deck.entries.exists()


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ("not json", 400, "version"),
        ('{"cards": {}}', 400, "version"),
        ('{"version": 1, "cards": [1, 2]}', 400, "cards"),
        ('{"version": 1, "cards": {"1": "dużo"}}', 400, "liczbą"),
        ('{"version": 1, "name": ""}', 400, "nazwę"),
        ('{"version": 1, "cards": {"' + "1" * 10 + '": 1}}', 400, "1111111111"),
        ('{"version": 1, "x": "' + "a" * 70_000 + '"}', 413, "duże"),
    ],
)
def test_bad_saves_get_a_clear_message_and_change_nothing(client, owner, body, status, words):
    deck = make_deck(owner)
    client.force_login(owner)
    response = client.post(
        reverse("deck-save", args=[deck.pk]), body, content_type="application/json"
    )
    assert response.status_code == status
    assert words in response.json()["error"]
    deck.refresh_from_db()
    assert deck.version == 1 and deck.name == "Moja talia"


def test_without_javascript_plus_and_minus_buttons_post_forms(client, owner):
    deck = make_deck(owner)
    human = HumanFactory(name="Matka Testowa")
    client.force_login(owner)
    url = reverse("deck-save", args=[deck.pk])
    response = client.post(url, {"version": 1, "card": human.pk, "delta": "1", "next": "/x/"})
    assert response.status_code == 302 and response["Location"] == "/x/"
    client.post(url, {"version": 2, "card": human.pk, "delta": "1"})
    assert deck.entries.get().count == 2
    client.post(url, {"version": 3, "card": human.pk, "delta": "-1"})
    client.post(url, {"version": 4, "card": human.pk, "delta": "-1"})
    assert not deck.entries.exists()
    deck.refresh_from_db()
    assert deck.version == 5


def test_a_redirect_never_leaves_the_site(client, owner):
    deck = make_deck(owner)
    client.force_login(owner)
    response = client.post(
        reverse("deck-save", args=[deck.pk]),
        {"version": 1, "card": HumanFactory().pk, "delta": "1", "next": "https://evil.example/"},
    )
    assert response["Location"] == deck.get_absolute_url()


def test_the_card_search_offers_cards_that_fit_the_faction(client, owner):
    deck = make_deck(owner)  # a Lord's deck
    AngelFactory(name="Swój", faction="lord")
    AngelFactory(name="Obcy", faction="fallen")
    AngelFactory(name="Niewiadomy", faction="")
    client.force_login(owner)
    url = reverse("deck-edit", args=[deck.pk])
    fragment = client.get(url, HTTP_X_FRAGMENT="cards").content.decode()
    assert fragment.startswith('<div id="card-results"')
    assert "Swój" in fragment and "Niewiadomy" in fragment and "Obcy" not in fragment
    everything = client.get(url, {"all_cards": "1"}, HTTP_X_FRAGMENT="cards").content.decode()
    assert "Obcy" in everything


def test_the_ladder_shows_a_gap_below_the_highest_order(client, owner):
    angels = AngelFactory(order="angels", name="Najniższy")
    powers = AngelFactory(order="powers", level=7, name="Potężny")
    deck = make_deck(owner, cards={angels.pk: 1, powers.pk: 1}, visibility="public")
    page = client.get(deck.get_absolute_url()).content.decode()
    assert page.count('class="rung gap empty"') == 3  # archangels, principalities, virtues
    assert 'data-code="hierarchy-ladder"' in page


def test_delete_asks_first_then_deletes(client, owner):
    deck = make_deck(owner)
    client.force_login(owner)
    url = reverse("deck-delete", args=[deck.pk])
    assert "Tak, usuń" in client.get(url).content.decode()
    assert Deck.objects.filter(pk=deck.pk).exists()
    assert client.post(url).status_code == 302
    assert not Deck.objects.filter(pk=deck.pk).exists()


def test_copy_of_a_public_deck_opens_in_the_builder(client, owner, stranger):
    deck = make_deck(owner, "public", cards=legal_deck_cards("lord"))
    client.force_login(stranger)
    response = client.post(reverse("deck-copy", args=[deck.pk]))
    copy = Deck.objects.get(owner=stranger)
    assert response["Location"] == reverse("deck-edit", args=[copy.pk])
    assert copy.copied_from_id == deck.pk and copy.is_valid


def test_deck_page_in_english(client, owner):
    deck = make_deck(owner, "public")
    client.cookies["django_language"] = "en"
    page = client.get(deck.get_absolute_url()).content.decode()
    assert "The deck has 0 cards" in page


# --- bad input to the save endpoint: a clear 400, never a 500 ---------------------------------


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"version": 1, "name": 5}, "name", "Nazwa talii: oczekiwano tekstu, a podano liczbę."),
        ({"version": 1, "name": None, "cards": {}}, None, None),  # null leaves the name alone
        (
            {"version": 1, "description": {"a": 1}},
            "description",
            "Opis: oczekiwano tekstu, a podano obiekt.",
        ),
        (
            {"version": 1, "description": "x" * 60_000},
            "description",
            "Opis: najwyżej 10000 znaków, a podano 60000.",
        ),
        (
            {"version": 1, "cards": {"1000000000000000000000000000000": 1}},
            "cards",
            "nie jest numerem karty: numer to liczba całkowita od 1 do 9223372036854775807.",
        ),
        ({"version": 1, "cards": {"1": 10**30}}, "cards", "liczba kopii musi wynosić od 0 do 99"),
    ],
)
def test_values_of_the_wrong_type_or_size_get_a_400_naming_the_field(
    client, owner, body, field, message
):
    deck = make_deck(owner)
    client.force_login(owner)
    response = save(client, deck, body)
    deck.refresh_from_db()
    if field is None:
        assert response.status_code == 200 and deck.name == "Moja talia" and deck.version == 2
        return
    assert response.status_code == 400
    assert response.json()["field"] == field
    assert message in response.json()["error"]
    assert (deck.version, deck.name, deck.description) == (1, "Moja talia", "")


@pytest.mark.parametrize(
    "raw_version", ["Infinity", "-Infinity", "NaN", "1.5", "1.0", "true", '"1"', "0", "-3", "null"]
)
def test_the_version_must_be_a_real_positive_integer(client, owner, raw_version):
    deck = make_deck(owner)
    client.force_login(owner)
    response = client.post(
        reverse("deck-save", args=[deck.pk]),
        '{"version": ' + raw_version + ', "cards": {}}',
        content_type="application/json",
    )
    assert response.status_code == 400
    assert response.json() == {
        "error": "Pole „version” musi być dodatnią liczbą całkowitą (numerem wersji talii).",
        "field": "version",
    }
    deck.refresh_from_db()
    assert deck.version == 1


def test_json_nested_too_deep_is_a_400_not_a_crash(client, owner):
    deck = make_deck(owner)
    client.force_login(owner)
    response = client.post(
        reverse("deck-save", args=[deck.pk]), "[" * 60_000, content_type="application/json"
    )
    assert response.status_code == 400
    assert "obiektem JSON" in response.json()["error"]


def test_a_huge_card_id_from_the_plain_form_gets_a_message(client, owner):
    deck = make_deck(owner)
    client.force_login(owner)
    url = reverse("deck-save", args=[deck.pk])
    response = client.post(url, {"version": 1, "card": str(10**30), "delta": "1"}, follow=True)
    assert response.status_code == 200
    [message] = [str(m) for m in response.context["messages"]]
    assert message.startswith("„1" + "0" * 22 + "…” nie jest numerem karty")
    deck.refresh_from_db()
    assert deck.version == 1


@pytest.mark.parametrize(
    "target",
    [
        "//evil.example/x",
        "/\\evil.example/x",
        "\\\\evil.example/x",
        "https://evil.example/",
        "http://testserver.evil.example/",
        "javascript:alert(1)",
        "///evil.example/",
    ],
)
def test_the_plain_forms_never_redirect_off_the_site(client, owner, target):
    deck = make_deck(owner)
    client.force_login(owner)
    url = reverse("deck-save", args=[deck.pk])
    human = HumanFactory()
    response = client.post(url, {"version": 1, "card": human.pk, "delta": "1", "next": target})
    assert response.status_code == 302 and response["Location"] == deck.get_absolute_url()
    settings = {"name": "Nowa", "faction": "lord", "visibility": "private", "description": ""}
    response = client.post(url, {**settings, "version": 2, "next": target})
    assert response.status_code == 302
    assert response["Location"] == reverse("deck-edit", args=[deck.pk])  # the settings' page


def test_a_next_on_this_site_is_followed(client, owner):
    deck = make_deck(owner)
    client.force_login(owner)
    back = reverse("deck-edit", args=[deck.pk]) + "?q=gaap&page=2"
    response = client.post(
        reverse("deck-save", args=[deck.pk]),
        {"version": 1, "card": HumanFactory().pk, "delta": "1", "next": back},
    )
    assert response["Location"] == back


# --- the settings form without JavaScript keeps what was typed --------------------------------


SETTINGS = {
    "name": "Nowa nazwa, długo wpisywana",
    "faction": "fallen",
    "visibility": "unlisted",
    "description": "Opis pisany **pół godziny**.",
}


def test_a_stale_settings_save_shows_the_builder_again_with_the_typed_text(client, owner):
    human = HumanFactory()
    deck = make_deck(owner, cards={human.pk: 1})
    services.deck_update(deck=deck, expected_version=1, name="Z innej karty")
    client.force_login(owner)
    back = reverse("deck-edit", args=[deck.pk])
    response = client.post(
        reverse("deck-save", args=[deck.pk]), {**SETTINGS, "version": 1, "next": back}
    )
    assert response.status_code == 409
    form = response.context["settings_form"]
    assert {key: form[key].value() for key in SETTINGS} == SETTINGS
    assert form["version"].value() == "2"  # saving again overwrites the newer version knowingly
    html = response.content.decode()
    assert "nic nie zapisano" in html and "Twój tekst jest poniżej" in html
    assert "Opis pisany **pół godziny**.</textarea>" in html
    assert '<details class="deck-settings" id="deck-settings" open>' in html
    # The builder's other forms lead back to the builder, not to the save address.
    nexts = re.findall(r'name="next" value="([^"]*)"', html)
    # settings, quick add, + − in the deck and results, and the player's copies of the result
    assert len(nexts) == 5 and set(nexts) == {back}
    # Switching the language, say, asks for the save address: it leads to the builder.
    assert client.get(reverse("deck-save", args=[deck.pk]))["Location"] == back
    deck.refresh_from_db()
    assert (deck.name, deck.description, deck.version) == ("Z innej karty", "", 2)
    assert deck.entries.get().card_id == human.pk

    response = client.post(
        reverse("deck-save", args=[deck.pk]), {**SETTINGS, "version": 2, "next": back}
    )
    assert response.status_code == 302 and response["Location"] == back
    deck.refresh_from_db()
    assert (deck.name, deck.description, deck.visibility) == (
        SETTINGS["name"],
        SETTINGS["description"],
        "unlisted",
    )


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"name": "   "}, "name", "To pole jest wymagane."),
        ({"name": "x" * 101}, "name", "co najwyżej 100 znaków"),
        ({"description": "y" * 10_001}, "description", "co najwyżej 10000 znaków"),
        ({"faction": "neutral"}, "faction", "neutral"),
    ],
)
def test_invalid_settings_show_the_builder_again_with_the_field_error(
    client, owner, changes, field, message
):
    deck = make_deck(owner)
    client.force_login(owner)
    typed = {**SETTINGS, **changes}
    response = client.post(reverse("deck-save", args=[deck.pk]), {**typed, "version": 1})
    assert response.status_code == 400
    form = response.context["settings_form"]
    assert message in " ".join(form.errors[field])
    assert form["description"].value() == typed["description"]
    assert form["name"].value() == typed["name"]
    assert "Nic nie zapisano: popraw zaznaczone pola." in response.content.decode()
    deck.refresh_from_db()
    assert (deck.name, deck.version) == ("Moja talia", 1)


# --- warnings of one kind are one line ----------------------------------------------------------


def test_a_real_catalogue_deck_shows_a_few_grouped_warnings_and_marks_every_card(client, owner):
    from django.core.management import call_command

    from cardbase.models import Card

    call_command("load_catalogue", stdout=io.StringIO())
    cards = list(Card.objects.filter(game__slug="aniolowie").order_by("name"))
    chosen = [c for c in cards if c.kind != "human"][:41] + [c for c in cards if c.kind == "human"][
        :4
    ]
    deck = make_deck(owner, cards={card.pk: 1 for card in chosen}, visibility="public")
    stored = deck.verdict["violations"]
    warned = {i for v in stored if v["severity"] == "warning" for i in v["card_ids"]}
    assert len([v for v in stored if v["severity"] == "warning"]) > 40  # one per card and attribute

    for page in (deck.get_absolute_url(), reverse("deck-edit", args=[deck.pk])):
        client.force_login(owner)
        html = client.get(page).content.decode()
        start = html.index('<div class="verdict ')
        verdict = html[start : html.index("</ul>", html.index('class="verdict-note"'))]
        warnings = re.findall(r'<li class="violation warning[^"]*"', verdict)
        assert 1 <= len(warnings) <= 6
        errors = re.findall(r'<li class="violation error"', verdict)
        assert len(errors) == len([v for v in stored if v["severity"] == "error"])
        grouped = re.findall(
            r'class="violation warning grouped" data-code="unverified" data-cards="(\d+)"', verdict
        )
        assert sum(map(int, grouped)) >= 40
        assert "Nieznana frakcja, więc nie sprawdzono zasady jednej frakcji: " in verdict
        assert "Nieznany charakter, więc nie sprawdzono równowagi" in verdict
        assert '<span class="group-count">4 karty</span>' in verdict
        # Each card of a warning links to its propose form, where the player may supply the fact.
        assert "Znasz brakujący fakt? Wybierz kartę, by go uzupełnić." in verdict
        assert re.search(r'<a href="/cards/aniolowie/[a-z0-9-]+/propose/">', verdict)
        # Every card a warning names is still marked in the deck list.
        marked = set(
            map(int, re.findall(r'class="deck-line[^"]*unverified[^"]*" data-card="(\d+)"', html))
        )
        assert marked == warned
