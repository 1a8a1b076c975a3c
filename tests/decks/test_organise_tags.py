"""Tags on one's own decks: how they are read, shown on the deck page and in the lists, filtered
by, and that a private or unlisted deck's tags never reach the public list."""

import re

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from decks import services
from decks.errors import DeckInputError
from decks.limits import MAX_TAGS_PER_DECK
from decks.organise_inputs import tags, tags_from_text
from decks.selectors.page_version import deck_page_version
from decks.services.organising import deck_tag

pytestmark = pytest.mark.django_db


def make_deck(owner, name: str, visibility: str = "public"):
    return services.deck_create(
        owner=owner, name=name, options={"faction": "lord"}, visibility=visibility
    )


def listed(response) -> list[str]:
    """Return the names of the decks a list page shows, in order."""
    return re.findall(r'<th scope="row"><a href="[^"]+">([^<]+)</a>', response.content.decode())


def tag_names(deck) -> list[str]:
    return list(deck.tags.values_list("name", flat=True))


# --- reading tags --------------------------------------------------------------------------------


def test_tags_are_trimmed_lower_cased_single_spaced_and_each_once():
    typed = " Aggro ,  NA   Turniej,aggro, , Żółć-2 "
    assert tags_from_text(typed) == ["aggro", "na turniej", "żółć-2"]


def test_a_tag_in_combining_characters_is_the_tag_in_one():
    assert tags(["za\u0328b"]) == ["ząb"]  # "a" and a combining ogonek


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        (
            ["a!b"],
            "Tag „a!b”: dozwolone są litery, cyfry, spacje i łączniki (łącznik nie na początku ani na końcu).",
        ),
        (
            ["-upadli"],
            "Tag „-upadli”: dozwolone są litery, cyfry, spacje i łączniki (łącznik nie na początku ani na końcu).",
        ),
        (["a" * 31], "Tag „aaaaaaaaaaaaaaaaaaaaaaa…” jest za długi: najwyżej 30 znaków."),
        (["   "], "Tag nie może być pusty."),
        ([7], "Tag: oczekiwano tekstu, a podano liczbę."),
        (
            [f"t{n}" for n in range(MAX_TAGS_PER_DECK + 1)],
            "Talia może mieć najwyżej 10 tagów, a podano 11.",
        ),
    ],
)
def test_a_bad_tag_is_refused_in_words(typed, message):
    with pytest.raises(DeckInputError) as refused:
        tags(typed)
    assert refused.value.message == message
    assert refused.value.field == "tags"


def test_letters_of_any_alphabet_and_digits_make_tags():
    assert tags(["Ангел 3", "Ève", "2-gi etap"]) == ["ангел 3", "ève", "2-gi etap"]


# --- the owner tags a deck -------------------------------------------------------------------------


def test_the_owner_tags_a_deck_from_its_page(client, owner):
    deck = make_deck(owner, "Otagowana")
    client.force_login(owner)
    response = client.post(reverse("deck-tags", args=[deck.pk]), {"tags": "Agresywna, na turniej"})
    assert response.url == deck.get_absolute_url()
    assert [str(m) for m in get_messages(response.wsgi_request)] == [
        "Zapisano tagi talii „Otagowana”."
    ]
    assert tag_names(deck) == ["agresywna", "na turniej"]
    page = client.get(deck.get_absolute_url()).content.decode()
    # Linked to the public list's filter: the deck is public.
    assert '<a class="tag" rel="tag" href="/decks/?tag=na%20turniej">na turniej</a>' in page
    assert 'value="agresywna, na turniej"' in page  # the form holds them, to change them


def test_bad_tags_from_the_page_change_nothing(client, owner):
    deck = make_deck(owner, "Otagowana")
    deck_tag(deck=deck, tags=["stary"])
    client.force_login(owner)
    response = client.post(reverse("deck-tags", args=[deck.pk]), {"tags": "dobry, zły!"})
    assert [str(m) for m in get_messages(response.wsgi_request)] == [
        "Tag „zły!”: dozwolone są litery, cyfry, spacje i łączniki (łącznik nie na początku ani "
        "na końcu)."
    ]
    assert tag_names(deck) == ["stary"]


def test_only_the_owner_tags(client, owner, stranger):
    deck = make_deck(owner, "Cudza")
    client.force_login(stranger)
    assert client.post(reverse("deck-tags", args=[deck.pk]), {"tags": "spam"}).status_code == 404
    assert tag_names(deck) == []


def test_tagging_replaces_the_tags_without_a_new_version(owner):
    deck = make_deck(owner, "Talia")
    deck_tag(deck=deck, tags=["a", "b"])
    deck_tag(deck=deck, tags=["b", "c"])
    deck.refresh_from_db()
    assert sorted(tag_names(deck)) == ["b", "c"]
    assert (deck.version, deck.versions.count()) == (1, 1)


def test_a_tag_change_renews_the_cached_public_page(owner):
    deck = make_deck(owner, "W pamięci")
    url = deck.get_absolute_url()
    before = deck_page_version(deck.pk)
    assert "kontrola" not in Client().get(url).content.decode()
    deck_tag(deck=deck, tags=["kontrola"])
    assert deck_page_version(deck.pk) != before
    assert ">kontrola</a>" in Client().get(url).content.decode()
    # The same tags again are no change: the page stays as cached.
    settled = deck_page_version(deck.pk)
    deck_tag(deck=deck, tags=["kontrola"])
    assert deck_page_version(deck.pk) == settled


# --- the public list ------------------------------------------------------------------------------


@pytest.fixture
def tagged(owner, stranger):
    """Decks of one tag, "kontrola", in each visibility, and one of another tag."""
    for visibility in ("public", "unlisted", "private"):
        deck = make_deck(owner, f"Kontrola {visibility}", visibility)
        deck_tag(deck=deck, tags=["kontrola", f"tylko-{visibility}"])
    other = make_deck(stranger, "Szybka")
    deck_tag(deck=other, tags=["aggro"])


def test_the_public_list_filters_by_tag_among_public_decks(client, tagged):
    assert listed(client.get(reverse("deck-list") + "?tag=kontrola")) == ["Kontrola public"]
    assert listed(client.get(reverse("deck-list") + "?tag=+Kontrola+")) == ["Kontrola public"]
    assert listed(client.get(reverse("deck-list") + "?tag=aggro")) == ["Szybka"]
    assert listed(client.get(reverse("deck-list") + "?tag=tylko-private")) == []
    assert listed(client.get(reverse("deck-list") + "?tag=tylko-unlisted")) == []


def test_tags_of_private_and_unlisted_decks_never_show_in_the_public_list(client, tagged):
    page = client.get(reverse("deck-list")).content.decode()
    assert "tylko-public" in page
    assert "tylko-private" not in page
    assert "tylko-unlisted" not in page
    # Each row's tags link to the filter.
    assert '<a class="tag" rel="tag" href="/decks/?tag=aggro">aggro</a>' in page


def test_an_unlisted_decks_tags_show_on_its_page_unlinked(client, owner, tagged):
    deck = owner.decks.get(name="Kontrola unlisted")
    page = client.get(deck.get_absolute_url()).content.decode()
    assert '<span class="tag">tylko-unlisted</span>' in page
    assert "?tag=tylko-unlisted" not in page


def test_my_decks_filters_by_tag_private_decks_too(client, owner, tagged):
    client.force_login(owner)
    mine = reverse("my-decks")
    assert sorted(listed(client.get(mine + "?tag=kontrola"))) == [
        "Kontrola private",
        "Kontrola public",
        "Kontrola unlisted",
    ]
    page = client.get(mine + "?tag=tylko-private").content.decode()
    assert listed(client.get(mine + "?tag=tylko-private")) == ["Kontrola private"]
    assert "Tylko talie z tagiem „tylko-private”." in page
    # Its rows link to the filter of "my decks".
    assert 'href="/decks/mine/?tag=tylko-private"' in page
