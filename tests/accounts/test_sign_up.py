"""Signing up: the page logs the new player in, the service makes a working account."""

import pytest
from django.urls import reverse

from accounts import services

pytestmark = pytest.mark.django_db


def test_sign_up_logs_in_and_leads_to_my_decks(client):
    response = client.post(
        reverse("signup"),
        {"username": "nowy", "password1": "Serafin-z-ognia-9", "password2": "Serafin-z-ognia-9"},
    )
    assert response.status_code == 302 and response["Location"] == reverse("my-decks")
    assert client.get(reverse("my-decks")).context["user"].username == "nowy"


def test_sign_up_creates_a_user_whose_password_works():
    user = services.user_sign_up(username="nowa", password="Serafin-z-ognia-9")
    assert user.pk and user.username == "nowa"
    assert user.check_password("Serafin-z-ognia-9") and not user.is_staff
