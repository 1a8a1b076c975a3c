"""A player's folders of their own decks: made, renamed, deleted, filled from a deck's row or page,
filtered by on "my decks"; private to their owner."""

import re

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from decks import services
from decks.errors import DeckInputError
from decks.limits import FOLDER_NAME_MAX, MAX_FOLDERS
from decks.models import Deck, DeckFolder
from decks.services.organising import deck_file, folder_create, folder_rename

pytestmark = pytest.mark.django_db


def make_deck(owner, name: str, visibility: str = "private") -> Deck:
    return services.deck_create(
        owner=owner, name=name, options={"faction": "lord"}, visibility=visibility
    )


def said(response) -> list[str]:
    """Return the messages the request left for the next page (and those no page showed yet)."""
    return [str(message) for message in get_messages(response.wsgi_request)]


def said_last(response) -> str:
    """Return the message the request itself left."""
    return said(response)[-1]


def listed(response) -> list[str]:
    """Return the names of the decks a list page shows, in order."""
    html = response.content.decode()
    return re.findall(r'<th scope="row"><a href="[^"]+">([^<]+)</a>', html)


@pytest.fixture
def signed_in(client, owner):
    client.force_login(owner)
    return client


# --- making, renaming, deleting -----------------------------------------------------------------


def test_a_player_makes_a_folder_and_lands_on_it(signed_in, owner):
    response = signed_in.post(reverse("folder-create"), {"name": "  Na  turniej "})
    folder = DeckFolder.objects.get(owner=owner)
    assert folder.name == "Na turniej"  # trimmed, its spaces single
    assert response.url == reverse("my-decks") + f"?folder={folder.pk}"
    assert said(response) == ["Utworzono folder „Na turniej”."]
    page = signed_in.get(response.url).content.decode()
    assert "<h1>Moje talie: Na turniej</h1>" in page
    assert re.search(rf'href="/decks/mine/\?folder={folder.pk}"[^>]* aria-current="page"', page)


@pytest.mark.parametrize("taken", ["na turniej", "NA TURNIEJ", " Na turniej "])
def test_a_name_the_player_uses_already_is_refused_whatever_its_case(signed_in, owner, taken):
    folder_create(owner=owner, name="Na turniej")
    response = signed_in.post(reverse("folder-create"), {"name": taken})
    assert said(response) == ["Masz już folder o nazwie „Na turniej”."]
    assert DeckFolder.objects.filter(owner=owner).count() == 1


def test_polish_letters_are_compared_without_case_too(owner):
    # SQLite's lower() folds ASCII only: the service compares in Python.
    folder_create(owner=owner, name="Łąka Żółwi")
    with pytest.raises(DeckInputError) as refused:
        folder_create(owner=owner, name="łąka żółwi")
    assert refused.value.message == "Masz już folder o nazwie „Łąka Żółwi”."
    assert refused.value.field == "name"


def test_another_players_folder_names_are_no_clash(owner, stranger):
    folder_create(owner=stranger, name="Talie")
    assert folder_create(owner=owner, name="Talie").owner == owner


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("   ", "Podaj nazwę folderu."),
        ("x" * (FOLDER_NAME_MAX + 1), "Nazwa folderu może mieć najwyżej 60 znaków, a ma 61."),
        ("Pół\tna pół", "Nazwa folderu: tekst nie może zawierać znaków sterujących."),
    ],
)
def test_a_bad_name_is_refused_in_words(signed_in, owner, name, message):
    response = signed_in.post(reverse("folder-create"), {"name": name})
    assert said(response) == [message]
    assert not DeckFolder.objects.exists()


def test_a_player_has_at_most_so_many_folders(signed_in, owner):
    for n in range(MAX_FOLDERS):
        folder_create(owner=owner, name=f"Folder {n}")
    response = signed_in.post(reverse("folder-create"), {"name": "Jeszcze jeden"})
    assert said(response) == [
        f"Możesz mieć najwyżej {MAX_FOLDERS} folderów; usuń któryś, by założyć nowy."
    ]
    assert DeckFolder.objects.filter(owner=owner).count() == MAX_FOLDERS


def test_a_folder_is_renamed_but_not_to_a_name_another_folder_has(signed_in, owner):
    folder = folder_create(owner=owner, name="Stare")
    folder_create(owner=owner, name="Zajęte")
    response = signed_in.post(reverse("folder-rename", args=[folder.pk]), {"name": "Nowe"})
    assert said(response) == ["Zmieniono nazwę folderu „Stare” na „Nowe”."]
    refused = signed_in.post(reverse("folder-rename", args=[folder.pk]), {"name": "zajęte"})
    assert said_last(refused) == "Masz już folder o nazwie „Zajęte”."
    folder.refresh_from_db()
    assert folder.name == "Nowe"
    # Its own name in another case is no clash.
    assert folder_rename(folder=folder, name="NOWE").name == "NOWE"


def test_deleting_a_folder_keeps_its_decks_unfiled(signed_in, owner):
    folder = folder_create(owner=owner, name="Do usunięcia")
    deck = make_deck(owner, "Zostaje")
    deck_file(deck=deck, folder=folder)
    response = signed_in.post(reverse("folder-delete", args=[folder.pk]))
    assert said(response) == [
        "Usunięto folder „Do usunięcia”; jego talie zostały, teraz bez folderu."
    ]
    assert response.url == reverse("my-decks")
    deck.refresh_from_db()
    assert deck.folder is None
    assert listed(signed_in.get(reverse("my-decks"))) == ["Zostaje"]


# --- filing decks and filtering by folder -------------------------------------------------------


def test_my_decks_shows_one_folder_or_the_unfiled(signed_in, owner):
    folder = folder_create(owner=owner, name="Turniejowe")
    filed = make_deck(owner, "W folderze")
    make_deck(owner, "Luzem")
    deck_file(deck=filed, folder=folder)
    mine = reverse("my-decks")
    assert sorted(listed(signed_in.get(mine))) == ["Luzem", "W folderze"]
    assert listed(signed_in.get(mine + f"?folder={folder.pk}")) == ["W folderze"]
    assert listed(signed_in.get(mine + "?folder=none")) == ["Luzem"]
    # The folder's count shows beside its name.
    page = signed_in.get(mine).content.decode()
    assert re.search(
        r'<span class="folder-name">Turniejowe</span> <span class="shelf-count"[^>]*>1<', page
    )


def test_a_deck_is_filed_from_its_row_and_back_to_the_same_list(signed_in, owner):
    folder = folder_create(owner=owner, name="Turniejowe")
    deck = make_deck(owner, "Do przeniesienia")
    row = signed_in.get(reverse("my-decks")).content.decode()
    assert f'action="/decks/{deck.pk}/folder/"' in row
    response = signed_in.post(
        reverse("deck-file", args=[deck.pk]),
        {"folder": folder.pk, "next": reverse("my-decks") + "?folder=none"},
    )
    assert response.url == reverse("my-decks") + "?folder=none"
    assert said(response) == ["Talia „Do przeniesienia” jest teraz w folderze „Turniejowe”."]
    deck.refresh_from_db()
    assert deck.folder == folder
    unfiled = signed_in.post(reverse("deck-file", args=[deck.pk]), {"folder": ""})
    assert said_last(unfiled) == "Talia „Do przeniesienia” jest teraz bez folderu."
    assert unfiled.url == deck.get_absolute_url()
    deck.refresh_from_db()
    assert deck.folder is None


def test_filing_is_no_save_of_the_deck(owner):
    folder = folder_create(owner=owner, name="Turniejowe")
    deck = make_deck(owner, "Bez zmian")
    updated = deck.updated
    deck_file(deck=deck, folder=folder)
    deck.refresh_from_db()
    assert (deck.version, deck.updated, deck.versions.count()) == (1, updated, 1)


def test_the_deck_page_files_the_deck_for_its_owner_only(client, owner, stranger):
    folder = folder_create(owner=owner, name="Turniejowe")
    deck = make_deck(owner, "Publiczna", visibility="public")
    deck_file(deck=deck, folder=folder)
    client.force_login(owner)
    page = client.get(deck.get_absolute_url()).content.decode()
    assert f'<option value="{folder.pk}" selected>Turniejowe</option>' in page
    client.force_login(stranger)
    seen = client.get(deck.get_absolute_url()).content.decode()
    assert "Turniejowe" not in seen
    assert f"/decks/{deck.pk}/folder/" not in seen


# --- another player's folders --------------------------------------------------------------------


def test_another_players_folder_cannot_take_ones_deck(signed_in, owner, stranger):
    theirs = folder_create(owner=stranger, name="Cudzy")
    deck = make_deck(owner, "Moja")
    response = signed_in.post(reverse("deck-file", args=[deck.pk]), {"folder": theirs.pk})
    assert said(response) == ["Nie masz takiego folderu (może został usunięty)."]
    deck.refresh_from_db()
    assert deck.folder is None
    with pytest.raises(DeckInputError) as refused:
        deck_file(deck=deck, folder=theirs)
    assert refused.value.field == "folder"
    deck.refresh_from_db()
    assert deck.folder is None


def test_another_players_folder_is_as_absent_as_a_missing_one(client, owner, stranger):
    folder = folder_create(owner=owner, name="Mój")
    deck = make_deck(owner, "Moja", visibility="public")
    client.force_login(stranger)
    assert client.post(reverse("folder-rename", args=[folder.pk]), {"name": "X"}).status_code == 404
    assert client.post(reverse("folder-delete", args=[folder.pk])).status_code == 404
    assert client.post(reverse("folder-rename", args=[10**30]), {"name": "X"}).status_code == 404
    # Nor may they file the owner's deck, even in a folder of their own.
    theirs = folder_create(owner=stranger, name="Cudzy")
    response = client.post(reverse("deck-file", args=[deck.pk]), {"folder": theirs.pk})
    assert response.status_code == 404
    folder.refresh_from_db()
    deck.refresh_from_db()
    assert (folder.name, deck.folder) == ("Mój", None)
    # Their "my decks" shows their own folders only, and a filter by the owner's is refused.
    page = client.get(reverse("my-decks") + f"?folder={folder.pk}").content.decode()
    assert "Mój" not in page
    assert (
        "Nie masz takiego folderu (może został usunięty). Pokazano talie bez tego filtra." in page
    )


def test_signing_in_is_needed_to_file(client, owner):
    deck = make_deck(owner, "Moja")
    response = client.post(reverse("folder-create"), {"name": "X"})
    assert response.status_code == 302 and "/accounts/login/" in response.url
    assert client.post(reverse("deck-file", args=[deck.pk]), {"folder": ""}).status_code == 302
    assert not DeckFolder.objects.exists()
