"""The catalogue's version and the page cache: an edit is seen at once, a visitor's own stays theirs."""

import re

import pytest
from django.contrib.messages import constants
from django.contrib.messages.storage.base import Message
from django.contrib.messages.storage.cookie import CookieStorage
from django.db import connection
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.urls import reverse

from cardbase import catalogue_version
from cardbase.catalogue_version import current_version
from cardbase.models import Card, CardSource, Edition, Game, Printing
from decks import services
from tests.factories import (
    AngelFactory,
    CardSourceFactory,
    EditionFactory,
    PrintingFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


@pytest.fixture
def card():
    return AngelFactory(name="Testiel Pierwszy", slug="testiel-pierwszy")


def tokens(response) -> list[str]:
    return TOKEN.findall(response.content.decode())


# --- the version changes with every write to the catalogue ---------------------------------------


def _save_card(card):
    card.text = "Nowy tekst."
    card.save()


def _update_cards(card):
    Card.objects.filter(pk=card.pk).update(text="Poprawiony tekst.")


def _bulk_create_sources(card):
    CardSource.objects.bulk_create([CardSource(card=card, rulebook="x.pdf", page=1, quote="q")])


def _delete_source(card):
    CardSourceFactory(card=card)
    CardSource.objects.filter(card=card).delete()


def _add_printing(card):
    PrintingFactory(card=card, edition=EditionFactory(game=card.game))


def _delete_printings_there_are(card):
    PrintingFactory(card=card, edition=EditionFactory(game=card.game))
    Printing.objects.filter(card=card).delete()


def _rename_edition(card):
    Edition.objects.filter(game=card.game).update(name="Inna nazwa")


def _rename_game(card):
    game = Game.objects.get(pk=card.game_id)
    game.name = "Aniołowie (nowe wydanie)"
    game.save()


def _raw_sql(card):
    with connection.cursor() as cursor:
        cursor.execute("UPDATE cardbase_card SET text = %s WHERE id = %s", ["Surowy SQL", card.pk])


def _delete_card(card):
    Card.objects.filter(pk=card.pk).delete()


@pytest.mark.parametrize(
    "write",
    [
        _save_card,
        _update_cards,
        _bulk_create_sources,
        _delete_source,
        _add_printing,
        _delete_printings_there_are,
        _rename_game,
        _raw_sql,
        _delete_card,
    ],
)
def test_every_write_to_the_catalogue_changes_its_version(card, write):
    EditionFactory(game=card.game)
    before = current_version()
    write(card)
    after = current_version()
    assert before and after and before != after


def test_an_edition_renamed_in_bulk_changes_the_version(card):
    EditionFactory(game=card.game)
    before = current_version()
    _rename_edition(card)
    assert current_version() != before


def test_a_deck_saved_leaves_the_catalogue_version_alone(card):
    before = current_version()
    services.deck_create(owner=UserFactory(), name="Talia", options={"faction": "lord"})
    assert current_version() == before


def test_triggers_a_table_remake_dropped_are_put_back_after_migrate(card):
    catalogue_version.drop_triggers()
    before = current_version()
    _save_card(card)
    assert current_version() == before  # nothing changes it any more
    catalogue_version.install_triggers_after_migrate(sender=None)
    _update_cards(card)
    assert current_version() != before


def test_installing_the_triggers_twice_is_harmless(card):
    catalogue_version.install_triggers()
    catalogue_version.install_triggers()
    before = current_version()
    _save_card(card)
    assert current_version() != before


# --- anonymous visitors are served from the cache -------------------------------------------------


def test_a_second_anonymous_visit_is_served_from_the_cache(card, django_assert_num_queries):
    url = card.get_absolute_url()
    first = Client().get(url)
    assert first.status_code == 200
    with django_assert_num_queries(1):  # the catalogue's version, nothing else
        second = Client().get(url)
    assert second.status_code == 200
    assert "Testiel Pierwszy" in second.content.decode()


@pytest.mark.parametrize(
    "url",
    [
        reverse("home"),
        reverse("card-list"),
        reverse("card-list") + "?q=testiel&view=table",
        reverse("card-search-syntax"),
    ],
)
def test_catalogue_pages_are_cached(card, url, django_assert_num_queries):
    first = Client().get(url)
    assert first.status_code == 200
    with django_assert_num_queries(1):
        second = Client().get(url)
    assert second.content.replace(b"\n", b"").count(b"csrfmiddlewaretoken") == (
        first.content.replace(b"\n", b"").count(b"csrfmiddlewaretoken")
    )


@pytest.mark.parametrize(
    ("write", "text"),
    [(_save_card, "Nowy tekst."), (_update_cards, "Poprawiony tekst."), (_raw_sql, "Surowy SQL")],
)
def test_a_card_edit_shows_at_once_on_the_card_page(card, write, text):
    client = Client()
    url = card.get_absolute_url()
    assert text not in client.get(url).content.decode()
    assert text not in client.get(url).content.decode()  # now from the cache
    write(card)
    assert text in client.get(url).content.decode()


def test_a_renamed_card_shows_at_once_in_the_catalogue(card):
    client = Client()
    url = reverse("card-list")
    assert "Testiel Pierwszy" in client.get(url).content.decode()
    card.name = "Testiel Poprawiony"
    card.save()
    body = client.get(url).content.decode()
    assert "Testiel Poprawiony" in body
    assert "Testiel Pierwszy" not in body


def test_each_visitor_gets_a_token_of_their_own_that_the_language_switch_accepts(card):
    url = card.get_absolute_url()
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    first_page = first.get(url)
    second_page = second.get(url)  # from the cache
    first_tokens, second_tokens = tokens(first_page), tokens(second_page)
    assert first_tokens and second_tokens
    assert not set(first_tokens) & set(second_tokens)
    assert first.cookies["csrftoken"].value != second.cookies["csrftoken"].value
    switched = second.post(
        reverse("set_language"),
        {"language": "en", "next": url, "csrfmiddlewaretoken": second_tokens[0]},
    )
    assert switched.status_code == 302
    assert second.get(url).content.decode().count('lang="en"') == 1


def test_a_visitor_with_a_cookie_keeps_it_and_their_tokens_match_it(card):
    url = card.get_absolute_url()
    Client().get(url)  # fills the cache
    client = Client(enforce_csrf_checks=True)
    client.get(url)
    cookie = client.cookies["csrftoken"].value
    page = client.get(url)
    assert client.cookies["csrftoken"].value == cookie
    response = client.post(
        reverse("set_language"),
        {"language": "en", "next": url, "csrfmiddlewaretoken": tokens(page)[0]},
    )
    assert response.status_code == 302


def test_a_signed_in_player_gets_their_own_page_never_the_cached_one(card):
    url = card.get_absolute_url()
    Client().get(url)  # an anonymous page in the cache
    player = Client()
    player.force_login(UserFactory(username="gracz-z-nazwa"))
    assert "gracz-z-nazwa" in player.get(url).content.decode()
    assert "gracz-z-nazwa" not in Client().get(url).content.decode()


def test_languages_are_cached_apart(card):
    url = card.get_absolute_url()
    polish = Client().get(url, headers={"accept-language": "pl"})
    english = Client().get(url, headers={"accept-language": "en"})
    assert '<html lang="pl">' in polish.content.decode()
    assert '<html lang="en">' in english.content.decode()
    again = Client().get(url, headers={"accept-language": "en"})
    assert '<html lang="en">' in again.content.decode()


def test_pages_vary_on_language_and_cookie_and_stay_out_of_shared_caches(card):
    url = card.get_absolute_url()
    Client().get(url)
    response = Client().get(url)
    vary = {part.strip() for part in response["Vary"].split(",")}
    assert {"Accept-Language", "Cookie"} <= vary
    assert "private" in response["Cache-Control"]
    assert "no-cache" in response["Cache-Control"]


def _message_cookie(text: str) -> str:
    request = RequestFactory().get("/")
    storage = CookieStorage(request)
    response = HttpResponse()
    storage._store([Message(constants.SUCCESS, text)], response)
    return response.cookies[storage.cookie_name].value


def test_a_pending_message_is_shown_not_lost_to_the_cache(card):
    url = card.get_absolute_url()
    Client().get(url)  # cached without messages
    client = Client()
    client.cookies["messages"] = _message_cookie("Wiadomość dla gościa")
    assert "Wiadomość dla gościa" in client.get(url).content.decode()
    # Shown once, then gone; and the page with it was never stored for others.
    assert "Wiadomość dla gościa" not in client.get(url).content.decode()
    assert "Wiadomość dla gościa" not in Client().get(url).content.decode()


def test_the_cache_can_be_turned_off(card, settings, django_assert_num_queries):
    settings.PAGE_CACHE = False
    url = card.get_absolute_url()
    Client().get(url)
    response = Client().get(url)
    assert response.status_code == 200
    assert "ETag" not in response


# --- ETag and 304 ---------------------------------------------------------------------------------


def test_a_repeat_with_the_etag_is_answered_304_without_rendering(card, django_assert_num_queries):
    client = Client()
    url = card.get_absolute_url()
    first = client.get(url)
    etag = first["ETag"]
    with django_assert_num_queries(1):
        repeat = client.get(url, headers={"if-none-match": etag})
    assert repeat.status_code == 304
    assert repeat["ETag"] == etag
    assert repeat.content == b""


def test_an_edit_gives_200_and_a_new_etag(card):
    client = Client()
    url = card.get_absolute_url()
    etag = client.get(url)["ETag"]
    _save_card(card)
    response = client.get(url, headers={"if-none-match": etag})
    assert response.status_code == 200
    assert response["ETag"] != etag


def test_no_304_without_the_csrf_cookie_the_page_was_made_for(card):
    client = Client()
    url = card.get_absolute_url()
    etag = client.get(url)["ETag"]
    stranger = Client()
    assert stranger.get(url, headers={"if-none-match": etag}).status_code == 200


def test_no_304_across_players(card):
    url = card.get_absolute_url()
    first, second = Client(), Client()
    first.force_login(UserFactory(username="pierwszy"))
    second.force_login(UserFactory(username="drugi"))
    etag = first.get(url)["ETag"]
    assert first.get(url, headers={"if-none-match": etag}).status_code == 304
    # The second player sends the first one's tag (and cookie): their page differs.
    second.cookies["csrftoken"] = first.cookies["csrftoken"].value
    response = second.get(url, headers={"if-none-match": etag})
    assert response.status_code == 200
    assert "drugi" in response.content.decode()


def test_a_player_gets_304_for_their_own_page(card):
    client = Client()
    client.force_login(UserFactory())
    url = reverse("card-list")
    etag = client.get(url)["ETag"]
    assert client.get(url, headers={"if-none-match": etag}).status_code == 304


def test_a_flush_leaves_a_version_behind(card):
    from cardbase.models import CatalogueVersion

    CatalogueVersion.objects.all().delete()
    assert current_version() is None  # nothing is cached while it cannot be told
    catalogue_version.install_triggers_after_migrate(sender=None)
    assert current_version()
    before = current_version()
    _save_card(card)
    assert current_version() != before
