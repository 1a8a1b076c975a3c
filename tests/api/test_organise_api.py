"""Filing decks through the API: a deck's `folder`, `tags` and `archived`, the folders' endpoints,
and the deck lists' filters by them; folders their owner's only, private tags never public."""

import pytest
from rest_framework.test import APIClient

from decks import services
from decks.models import Deck, DeckFolder
from decks.services.organising import deck_organise, folder_create

pytestmark = pytest.mark.django_db


def make_deck(owner, name: str, visibility: str = "public") -> Deck:
    return services.deck_create(
        owner=owner, name=name, options={"faction": "lord"}, visibility=visibility
    )


def names(response) -> list[str]:
    assert response.status_code == 200, response.content
    return sorted(deck["name"] for deck in response.json()["results"])


def fields(response) -> dict[str, list[str]]:
    assert response.status_code == 400, response.content
    return response.json()["error"]["fields"]


# --- a deck's filing, read and written ---------------------------------------------------------


def test_a_deck_carries_its_folder_tags_and_archive(alice, bob, game, client_for):
    folder = folder_create(owner=alice, name="Turniej")
    deck = make_deck(alice, "Otagowana")
    deck_organise(deck=deck, folder=folder, tags=["kontrola", "żółć"])
    url = f"/api/v1/decks/{deck.pk}/"
    own = client_for(alice).get(url).json()
    assert (own["folder"], own["tags"], own["archived"]) == (folder.pk, ["kontrola", "żółć"], False)
    # The folder is the owner's only; the tags of a public deck anyone's to see.
    for client in (client_for(bob), APIClient()):
        seen = client.get(url).json()
        assert (seen["folder"], seen["tags"]) == (None, ["kontrola", "żółć"])
    listed = client_for(bob).get("/api/v1/decks/").json()["results"]
    assert [(d["folder"], d["tags"]) for d in listed] == [(None, ["kontrola", "żółć"])]


def test_the_owner_files_tags_and_archives_a_deck_without_a_save(alice, game, client_for):
    folder = folder_create(owner=alice, name="Turniej")
    deck = make_deck(alice, "Do uporządkowania")
    response = client_for(alice).patch(
        f"/api/v1/decks/{deck.pk}/",
        {"version": 1, "folder": folder.pk, "tags": [" Kontrola ", "NA  Turniej", "kontrola"]},
        format="json",
    )
    assert response.status_code == 200, response.content
    body = response.json()
    assert (body["folder"], body["tags"], body["version"]) == (
        folder.pk,
        ["kontrola", "na turniej"],
        1,
    )
    # Filing alone never conflicts: an old version is no fault here.
    deck.refresh_from_db()
    services.deck_update(deck=deck, expected_version=1, name="Zmieniona")
    archived = client_for(alice).patch(
        f"/api/v1/decks/{deck.pk}/", {"version": 1, "archived": True, "folder": None}, format="json"
    )
    assert archived.status_code == 200, archived.content
    assert (archived.json()["archived"], archived.json()["folder"]) == (True, None)
    deck.refresh_from_db()
    assert (deck.archived, deck.folder, deck.version) == (True, None, 2)


@pytest.mark.parametrize(
    ("tags", "message"),
    [
        (
            ["a!b"],
            "Tag „a!b”: dozwolone są litery, cyfry, spacje i łączniki (łącznik nie na "
            "początku ani na końcu).",
        ),
        (
            ["-x"],
            "Tag „-x”: dozwolone są litery, cyfry, spacje i łączniki (łącznik nie na "
            "początku ani na końcu).",
        ),
        ([f"t{n}" for n in range(11)], None),
        (["a" * 31], None),
        ("kontrola", None),
    ],
)
def test_bad_tags_are_a_400_naming_tags(alice, game, client_for, tags, message):
    deck = make_deck(alice, "Talia")
    response = client_for(alice).patch(
        f"/api/v1/decks/{deck.pk}/", {"version": 1, "tags": tags}, format="json"
    )
    faults = fields(response)
    assert list(faults) in (["tags"], ["tags[0]"])
    if message is not None:
        assert faults == {"tags": [message]}
    assert not deck.tags.exists()


def test_another_players_folder_is_a_400_and_nothing_is_written(alice, bob, game, client_for):
    theirs = folder_create(owner=bob, name="Cudzy")
    deck = make_deck(alice, "Moja")
    response = client_for(alice).patch(
        f"/api/v1/decks/{deck.pk}/",
        {"version": 1, "name": "Przemianowana", "folder": theirs.pk, "tags": ["x"]},
        format="json",
    )
    assert fields(response) == {"folder": ["Nie masz takiego folderu (może został usunięty)."]}
    missing = client_for(alice).patch(
        f"/api/v1/decks/{deck.pk}/", {"version": 1, "folder": theirs.pk + 1000}, format="json"
    )
    assert fields(missing) == fields(response)  # the same as a folder that does not exist
    deck.refresh_from_db()
    assert (deck.name, deck.folder, deck.version, deck.tags.count()) == ("Moja", None, 1, 0)


def test_a_stale_save_with_tags_writes_neither(alice, game, client_for):
    deck = make_deck(alice, "Talia")
    services.deck_update(deck=deck, expected_version=1, name="Nowsza")
    response = client_for(alice).patch(
        f"/api/v1/decks/{deck.pk}/", {"version": 1, "name": "Stara", "tags": ["x"]}, format="json"
    )
    assert response.status_code == 409
    assert not deck.tags.exists()


def test_only_the_owner_files_a_deck(alice, bob, game, client_for):
    deck = make_deck(alice, "Cudza")
    response = client_for(bob).patch(
        f"/api/v1/decks/{deck.pk}/", {"version": 1, "archived": True}, format="json"
    )
    assert response.status_code == 403
    deck.refresh_from_db()
    assert not deck.archived


def test_a_deck_is_created_filed_and_tagged(alice, game, client_for):
    folder = folder_create(owner=alice, name="Nowe")
    response = client_for(alice).post(
        "/api/v1/decks/",
        {"name": "Świeża", "faction": "lord", "folder": folder.pk, "tags": ["Start"]},
        format="json",
    )
    assert response.status_code == 201, response.content
    assert (response.json()["folder"], response.json()["tags"]) == (folder.pk, ["start"])


# --- the deck lists' filters ----------------------------------------------------------------------


@pytest.fixture
def shelves(alice, bob, game):
    """Alice's decks: one in a folder, one unfiled and archived, a private one tagged; Bob's."""
    folder = folder_create(owner=alice, name="Turniej")
    filed = make_deck(alice, "W folderze")
    deck_organise(deck=filed, folder=folder, tags=["kontrola"])
    old = make_deck(alice, "W archiwum")
    deck_organise(deck=old, tags=["kontrola"], archived=True)
    hidden = make_deck(alice, "Prywatna", visibility="private")
    deck_organise(deck=hidden, tags=["kontrola", "sekret"])
    unlisted = make_deck(alice, "Przez link", visibility="unlisted")
    deck_organise(deck=unlisted, tags=["kontrola", "sekret"])
    deck_organise(deck=make_deck(bob, "Boba"), tags=["aggro"])
    return folder


def test_the_public_list_filters_by_tag_and_leaves_out_archived_decks(client, shelves):
    assert names(client.get("/api/v1/decks/")) == ["Boba", "W folderze"]
    assert names(client.get("/api/v1/decks/?tag=kontrola")) == ["W folderze"]
    assert names(client.get("/api/v1/decks/?tag=%20KONTROLA")) == ["W folderze"]
    assert names(client.get("/api/v1/decks/?tag=sekret")) == []
    body = client.get("/api/v1/decks/").content.decode()
    assert "sekret" not in body


def test_ones_own_list_filters_by_folder_tag_and_archive(alice, client_for, shelves):
    client = client_for(alice)
    everything = ["Prywatna", "Przez link", "W archiwum", "W folderze"]
    assert names(client.get("/api/v1/decks/?mine=1")) == everything
    assert names(client.get(f"/api/v1/decks/?mine=1&folder={shelves.pk}")) == ["W folderze"]
    assert names(client.get("/api/v1/decks/?mine=1&folder=none")) == [
        "Prywatna",
        "Przez link",
        "W archiwum",
    ]
    assert names(client.get("/api/v1/decks/?mine=1&archived=true")) == ["W archiwum"]
    assert names(client.get("/api/v1/decks/?mine=1&archived=0&tag=sekret")) == [
        "Prywatna",
        "Przez link",
    ]


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        ("folder=none", "folder", "This filters your own decks: add mine=1."),
        ("archived=true", "archived", "This filters your own decks: add mine=1."),
        (
            "mine=1&folder=teczka",
            "folder",
            "Expected a folder's id (a whole number) or none, got 'teczka'.",
        ),
        ("mine=1&folder=99999999999999999999", "folder", None),
        ("mine=1&archived=maybe", "archived", "Expected true, false, 1 or 0, got 'maybe'."),
    ],
)
def test_bad_filters_are_a_400_naming_them(alice, client_for, shelves, query, field, message):
    response = client_for(alice).get(f"/api/v1/decks/?{query}", HTTP_ACCEPT_LANGUAGE="en")
    faults = fields(response)
    assert list(faults) == [field]
    if message is not None:
        assert faults[field] == [message]


def test_another_players_folder_is_no_filter(bob, client_for, shelves):
    response = client_for(bob).get(f"/api/v1/decks/?mine=1&folder={shelves.pk}")
    assert fields(response) == {"folder": ["Nie masz takiego folderu (może został usunięty)."]}


# --- the folders' endpoints -------------------------------------------------------------------------


def test_a_player_lists_makes_renames_and_deletes_their_folders(alice, bob, client_for, game):
    folder_create(owner=bob, name="Boba")
    client = client_for(alice)
    made = client.post("/api/v1/folders/", {"name": "  Turniej "}, format="json")
    assert made.status_code == 201, made.content
    folder = made.json()
    assert (folder["name"], folder["deck_count"]) == ("Turniej", 0)
    deck = make_deck(alice, "W środku")
    deck_organise(deck=deck, folder=DeckFolder.objects.get(pk=folder["id"]))
    listed = client.get("/api/v1/folders/").json()["results"]
    assert [(f["name"], f["deck_count"]) for f in listed] == [("Turniej", 1)]
    url = f"/api/v1/folders/{folder['id']}/"
    renamed = client.patch(url, {"name": "Liga"}, format="json")
    assert (renamed.status_code, renamed.json()["name"]) == (200, "Liga")
    assert client.get(url).json()["deck_count"] == 1
    assert client.delete(url).status_code == 204
    deck.refresh_from_db()
    assert deck.folder is None  # the deck stays, in no folder
    assert client.get(url).status_code == 404


def test_folder_names_are_checked(alice, client_for, game):
    client = client_for(alice)
    folder_create(owner=alice, name="Łąka")
    taken = client.post("/api/v1/folders/", {"name": "ŁĄKA"}, format="json")
    assert fields(taken) == {"name": ["Masz już folder o nazwie „Łąka”."]}
    blank = client.post("/api/v1/folders/", {"name": "   "}, format="json")
    assert list(fields(blank)) == ["name"]
    too_long = client.post("/api/v1/folders/", {"name": "x" * 61}, format="json")
    assert list(fields(too_long)) == ["name"]
    assert DeckFolder.objects.filter(owner=alice).count() == 1


def test_another_players_folder_is_a_404_and_untouched(alice, bob, client_for, game):
    folder = folder_create(owner=alice, name="Alicji")
    client = client_for(bob)
    url = f"/api/v1/folders/{folder.pk}/"
    assert client.get(url).status_code == 404
    assert client.patch(url, {"name": "Przejęty"}, format="json").status_code == 404
    assert client.delete(url).status_code == 404
    assert client.get("/api/v1/folders/").json()["results"] == []
    for odd in ("abc", "0", "-1", "9" * 30):
        assert client_for(alice).get(f"/api/v1/folders/{odd}/").status_code == 404
    folder.refresh_from_db()
    assert folder.name == "Alicji"


def test_folders_need_signing_in(client, alice, game):
    folder = folder_create(owner=alice, name="Alicji")
    assert client.get("/api/v1/folders/").status_code == 401
    assert client.post("/api/v1/folders/", {"name": "X"}, format="json").status_code == 401
    assert client.get(f"/api/v1/folders/{folder.pk}/").status_code == 401
