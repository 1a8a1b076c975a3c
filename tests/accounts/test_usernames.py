"""Names that look like another's, or like nothing, are refused; Polish letters are welcome."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from accounts.usernames import skeleton
from tests.factories import UserFactory

PASSWORD = "Serafin-z-ognia-9"
CYRILLIC_A = "\u0430"
HANGUL_FILLER = "\u3164"


@pytest.fixture(autouse=True)
def _fast_hashes(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _sign_up(username: str, client: Client | None = None):
    data = {"username": username, "password1": PASSWORD, "password2": PASSWORD}
    return (client or Client()).post(reverse("signup"), data)


def _refusal(username: str) -> list[str]:
    response = _sign_up(username)
    assert response.status_code == 200, "the name was accepted"
    assert not get_user_model().objects.filter(username=username).exists()
    return response.context["form"].errors["username"]


@pytest.mark.django_db
def test_a_cyrillic_a_among_latin_letters_is_refused_and_named():
    UserFactory(username="alice")
    assert _refusal(f"{CYRILLIC_A}lice") == [
        "Nazwa łączy litery różnych pism: „l” i „а” (znak 1, U+0430). Użyj liter jednego pisma."
    ]


@pytest.mark.django_db
def test_mixed_scripts_are_refused_even_without_a_look_alike():
    assert _refusal(f"b{CYRILLIC_A}rtek")[0].startswith("Nazwa łączy litery różnych pism")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("taken", "look_alike"),
    [
        ("ace", "\u0430\u0441\u0435"),  # Cyrillic а, с, е
        ("Kopa", "\u041a\u043e\u0440\u0430"),  # Cyrillic К, о, р, а
        ("ABE", "\u03b1\u03b2\u03b5".upper()),  # Greek Α, Β, Ε
        ("noya", "\u03b7\u03bf\u03b3\u03b1"),  # Greek η, ο, γ, α
    ],
)
def test_a_name_in_another_script_that_looks_like_a_taken_one_is_refused(taken, look_alike):
    UserFactory(username=taken)
    assert _refusal(look_alike) == [
        f"Ta nazwa wygląda jak nazwa, którą ktoś już ma („{taken}”). Wybierz inną."
    ]


@pytest.mark.django_db
def test_a_latin_name_that_looks_like_a_taken_cyrillic_one_is_refused():
    UserFactory(username="\u0441\u043e\u0440")  # Cyrillic с, о, р
    assert _refusal("cop")[0].startswith("Ta nazwa wygląda jak nazwa")


@pytest.mark.django_db
def test_a_name_of_invisible_characters_only_is_refused():
    assert _refusal(HANGUL_FILLER * 3) == ["Nazwa musi mieć co najmniej jeden widoczny znak."]
    assert _refusal("\u115f\u1160") == ["Nazwa musi mieć co najmniej jeden widoczny znak."]


@pytest.mark.django_db
def test_an_invisible_character_inside_a_name_is_refused_with_its_place():
    UserFactory(username="alice")
    # The form's NFKC turns the Hangul letter filler into the jungseong filler, U+1160.
    assert _refusal(f"alice{HANGUL_FILLER}") == [
        "Nazwa zawiera niewidoczny znak U+1160 na pozycji 6; usuń go."
    ]


@pytest.mark.django_db
def test_the_refusals_speak_english_too():
    client = Client()
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    response = _sign_up(HANGUL_FILLER, client)
    assert response.context["form"].errors["username"] == [
        "A name needs at least one visible character."
    ]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "name", ["Zażółć.gęślą-jaźń", "ŁUKASZ", "Ćma_Ńś", "Оля", "Σοφία", "山田たろう", "anna2"]
)
def test_names_of_one_script_are_welcome(name):
    UserFactory(username="zazolc.gesla-jazn")
    UserFactory(username="anna")
    assert _sign_up(name).status_code == 302
    assert get_user_model().objects.filter(username=name).exists()


def test_the_skeleton_maps_look_alikes_and_keeps_polish_letters():
    assert skeleton(f"{CYRILLIC_A}lice") == skeleton("ALICE") == "alice"
    assert skeleton("Żółć") == "żółć"
    assert skeleton("ﬁnn") == "finn"  # NFKC first: the ligature is two letters


@pytest.mark.django_db
def test_the_admin_refuses_a_look_alike_when_adding_a_user(client):
    client.force_login(UserFactory(username="szef", is_staff=True, is_superuser=True))
    UserFactory(username="alice")

    response = client.post(
        reverse("admin:auth_user_add"),
        {"username": "\u0430l\u0456ce", "usable_password": "false"},
    )

    assert response.status_code == 200
    assert response.context["adminform"].form.errors["username"]
    assert not get_user_model().objects.filter(username="\u0430l\u0456ce").exists()


@pytest.mark.django_db
def test_the_admin_refuses_a_rename_to_a_look_alike_but_edits_other_fields(client):
    client.force_login(UserFactory(username="szef", is_staff=True, is_superuser=True))
    UserFactory(username="ace")
    player = UserFactory(username="gracz")
    url = reverse("admin:auth_user_change", args=[player.pk])
    form = {"date_joined_0": "2026-01-01", "date_joined_1": "12:00:00", "is_active": "on"}

    renamed = client.post(url, {**form, "username": "\u0430\u0441\u0435"})
    edited = client.post(url, {**form, "username": "gracz", "email": "gracz@example.org"})

    assert renamed.status_code == 200
    assert renamed.context["adminform"].form.errors["username"]
    assert edited.status_code == 302
    player.refresh_from_db()
    assert (player.username, player.email) == ("gracz", "gracz@example.org")
