"""A shared deck's embed: framable from any site, the same for every visitor, cached by version.

Only the embed may be framed: every other page keeps `frame-ancestors 'none'` and DENY.
"""

import re

import pytest
from django.test import Client
from django.urls import reverse

from decks import services
from decks.models import Deck
from tests.caches import empty_caches
from tests.factories import UserFactory, legal_deck_cards

pytestmark = pytest.mark.django_db


def _directives(response) -> dict[str, str]:
    header = response["Content-Security-Policy"]
    return dict(part.strip().split(" ", 1) for part in header.split(";"))


def embed_url(deck: Deck, lang: str | None = None) -> str:
    url = reverse("deck-embed", args=[deck.pk])
    return f"{url}?lang={lang}" if lang else url


@pytest.fixture
def owner():
    return UserFactory(username="autorka")


@pytest.fixture
def deck(owner):
    return services.deck_create(
        owner=owner,
        name="Zastępy <Pana>",
        options={"faction": "lord"},
        visibility="public",
        cards=legal_deck_cards("lord"),
    )


def shared(owner, visibility: str) -> Deck:
    return services.deck_create(
        owner=owner, name=f"Talia {visibility}", options={"faction": "lord"}, visibility=visibility
    )


def test_the_embed_may_be_framed_by_any_site(client, deck):
    response = client.get(embed_url(deck))
    assert response.status_code == 200
    assert _directives(response)["frame-ancestors"] == "*"
    assert "X-Frame-Options" not in response
    # The rest of the policy stays the site's: its own scripts and styles only.
    assert _directives(response)["default-src"] == "'self'"


def test_the_framing_sites_come_from_the_settings(client, deck, settings):
    settings.EMBED_FRAME_ANCESTORS = ["https://forum.example", "https://blog.example"]
    response = client.get(embed_url(deck))
    assert _directives(response)["frame-ancestors"] == "https://forum.example https://blog.example"


def test_report_only_moves_the_framing_rule_with_the_policy(client, deck, settings):
    policy = settings.CONTENT_SECURITY_POLICY
    settings.CONTENT_SECURITY_POLICY = None
    settings.CONTENT_SECURITY_POLICY_REPORT_ONLY = policy
    response = client.get(embed_url(deck))
    assert "Content-Security-Policy" not in response
    assert "frame-ancestors *" in response["Content-Security-Policy-Report-Only"]


@pytest.mark.parametrize(
    "address",
    [
        lambda deck: deck.get_absolute_url(),
        lambda deck: reverse("home"),
        lambda deck: reverse("card-list"),
        lambda deck: deck.entries.select_related("card__game").first().card.get_absolute_url(),
        lambda deck: reverse("deck-print", args=[deck.pk]),
    ],
    ids=["deck page", "home", "catalogue", "card page", "print sheet"],
)
def test_no_other_page_may_be_framed(client, deck, address):
    response = client.get(address(deck))
    assert response.status_code == 200
    assert response["X-Frame-Options"] == "DENY"
    assert _directives(response)["frame-ancestors"] == "'none'"


def test_an_unlisted_deck_embeds_too(client, owner):
    deck = shared(owner, "unlisted")
    response = client.get(embed_url(deck))
    assert response.status_code == 200
    assert "Talia unlisted" in response.content.decode()


def test_a_private_deck_is_not_found_even_by_its_owner(client, owner):
    deck = shared(owner, "private")
    client.force_login(owner)
    assert client.get(deck.get_absolute_url()).status_code == 200
    response = client.get(embed_url(deck))
    assert response.status_code == 404
    assert "Talia private" not in response.content.decode()


def test_a_missing_deck_is_not_found(client):
    response = client.get("/decks/00000000-0000-0000-0000-000000000000/embed/")
    assert response.status_code == 404


def test_the_list_names_the_deck_its_author_verdict_and_cards(client, deck):
    html = client.get(embed_url(deck)).content.decode()
    assert "<h1>" in html and "Zastępy &lt;Pana&gt;" in html  # escaped, as everywhere
    assert "Aniołowie" in html and "Autor: autorka" in html and "46 kart" in html
    assert "✔ Talia jest zgodna z zasadami budowania talii." in html
    entry = deck.entries.select_related("card__game").order_by("card__name").first()
    link = (
        f'<a href="{entry.card.get_absolute_url()}" target="_blank" rel="noopener" '
        f'data-preview="{entry.card.get_face_url()}">'
    )
    assert link in html
    see_more = (
        f'<a href="{deck.get_absolute_url()}" target="_blank" rel="noopener">Zobacz w serwisie'
    )
    assert see_more in html


def test_the_cards_stand_in_their_games_sections_with_their_counts(client, deck):
    html = client.get(embed_url(deck)).content.decode()
    sections = re.findall(r'<section class="embed-section" data-section="([^"]*)">', html)
    held = set(deck.entries.values_list("section", flat=True))
    assert sections == [section.id for section in deck.game_rules.sections if section.id in held]
    assert sections
    copies = sum(int(n) for n in re.findall(r'<span class="embed-copies">(\d+)×</span>', html))
    assert copies == deck.card_total == 46


def test_an_illegal_deck_says_how_many_rules_it_breaks(client, owner):
    deck = shared(owner, "public")  # no cards: too small
    html = client.get(embed_url(deck)).content.decode()
    assert re.search(r"✘ Talia łamie zasady budowania talii: \d+ błę?d", html)


def test_the_page_holds_no_menu_form_or_inline_code(client, deck):
    html = client.get(embed_url(deck)).content.decode()
    assert "<form" not in html and "site-header" not in html and "csrfmiddlewaretoken" not in html
    assert "style=" not in html and "<style" not in html
    assert re.findall(r"<script[^>]*>", html) == ['<script src="/static/js/preview.js" defer>']
    assert '<link rel="stylesheet" href="/static/css/deck-embed.css">' in html


def test_the_language_is_the_addresses_not_the_visitors(client, deck):
    french = client.get(embed_url(deck, "fr"), HTTP_ACCEPT_LANGUAGE="pl")
    assert french["Content-Language"] == "fr" and '<html lang="fr">' in french.content.decode()
    # Without one, the site's own language, whatever the browser asks for.
    plain = client.get(embed_url(deck), HTTP_ACCEPT_LANGUAGE="fr")
    assert plain["Content-Language"] == "pl" and "Autor: autorka" in plain.content.decode()
    # A language the site does not have: its own, not an error in someone's blog.
    assert client.get(embed_url(deck, "xx"))["Content-Language"] == "pl"


def test_one_address_is_one_public_body_with_no_cookie(deck):
    client = Client()
    client.force_login(deck.owner)  # the owner sees what anyone sees
    mine = client.get(embed_url(deck))
    theirs = Client().get(embed_url(deck))
    assert mine.content == theirs.content
    assert mine["ETag"] == theirs["ETag"]
    for response in (mine, theirs):
        assert response["Cache-Control"] == "public, max-age=300"
        assert not response.cookies
        assert "Cookie" not in response.get("Vary", "")


def test_a_matching_etag_is_answered_304_until_the_deck_changes(client, deck):
    first = client.get(embed_url(deck))
    again = client.get(embed_url(deck), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    assert again["ETag"] == first["ETag"] and "X-Frame-Options" not in again
    services.deck_update(deck=deck, name="Nowa nazwa", expected_version=deck.version)
    changed = client.get(embed_url(deck), HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]
    assert "Nowa nazwa" in changed.content.decode()


def test_each_language_has_its_own_etag(client, deck):
    assert client.get(embed_url(deck, "fr"))["ETag"] != client.get(embed_url(deck, "pl"))["ETag"]


def test_a_deck_made_private_is_gone_at_once(client, owner):
    deck = shared(owner, "public")
    assert client.get(embed_url(deck)).status_code == 200
    services.deck_update(deck=deck, visibility="private", expected_version=deck.version)
    assert client.get(embed_url(deck)).status_code == 404


def test_the_embed_costs_a_fixed_number_of_queries(client, deck, django_assert_num_queries):
    client.get(embed_url(deck))
    empty_caches()
    # The deck's version, the deck with its owner and game, its entries with their cards.
    with django_assert_num_queries(3):
        assert client.get(embed_url(deck)).status_code == 200
    # From the cache: the version alone.
    with django_assert_num_queries(1):
        assert client.get(embed_url(deck)).status_code == 200


def test_the_deck_page_offers_the_html_that_frames_it(client, deck):
    html = client.get(deck.get_absolute_url()).content.decode()
    field = re.search(r'<input id="embed-code" type="text" readonly value="([^"]*)">', html)
    assert field, "no embed field"
    assert field.group(1) == (
        f"&lt;iframe src=&quot;http://testserver{embed_url(deck, 'pl')}&quot; "
        "title=&quot;Zastępy &amp;lt;Pana&amp;gt; – Baza kart&quot; "
        "width=&quot;100%&quot; height=&quot;600&quot; loading=&quot;lazy&quot;&gt;&lt;/iframe&gt;"
    )
    assert 'data-copy-from="embed-code"' in html


def test_the_html_offered_asks_for_the_pages_language(client, deck):
    html = client.get(deck.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert f"{embed_url(deck, 'fr')}&quot;" in html


def test_a_private_deck_page_offers_no_embed(client, owner):
    deck = shared(owner, "private")
    client.force_login(owner)
    html = client.get(deck.get_absolute_url()).content.decode()
    assert "embed-code" not in html and "/embed/" not in html
