"""Limits per client address: new accounts and password-reset e-mails."""

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "Serafin-z-ognia-9"
SIGN_UPS_PL = "Z Twojego adresu założono ostatnio zbyt wiele kont. Spróbuj ponownie za"
SIGN_UPS_EN = "Too many accounts were made from your address lately. Try again in"
RESETS_PL = "Z Twojego adresu poproszono ostatnio zbyt wiele razy o nowe hasło."


@pytest.fixture(autouse=True)
def _fast_hashes(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _sign_up(username: str, **extra):
    data = {"username": username, "password1": PASSWORD, "password2": PASSWORD}
    return Client().post(reverse("signup"), data, **extra)


def _users() -> list[str]:
    return sorted(get_user_model().objects.values_list("username", flat=True))


def test_sign_ups_over_the_default_limit_are_refused():
    made = [_sign_up(f"gracz{n}").status_code for n in range(5)]

    refused = _sign_up("gracz5")

    assert made == [302] * 5
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert SIGN_UPS_PL in refused.content.decode()
    assert _users() == [f"gracz{n}" for n in range(5)]


def test_the_sign_up_limit_is_a_setting_and_speaks_english(settings):
    settings.SIGNUP_LIMIT_PER_ADDRESS = "1/day"
    assert _sign_up("pierwszy").status_code == 302

    refused = _sign_up("drugi", HTTP_ACCEPT_LANGUAGE="en")

    assert refused.status_code == 429 and SIGN_UPS_EN in refused.content.decode()
    assert _users() == ["pierwszy"]


def test_another_address_may_still_sign_up(settings):
    settings.SIGNUP_LIMIT_PER_ADDRESS = "1/hour"
    _sign_up("pierwszy")

    assert _sign_up("drugi", REMOTE_ADDR="198.51.100.7").status_code == 302


def test_behind_a_trusted_proxy_the_forwarded_address_counts(settings):
    settings.SIGNUP_LIMIT_PER_ADDRESS = "1/hour"
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    _sign_up("pierwszy", HTTP_X_FORWARDED_FOR="203.0.113.5")

    assert _sign_up("drugi", HTTP_X_FORWARDED_FOR="203.0.113.5").status_code == 429
    assert _sign_up("trzeci", HTTP_X_FORWARDED_FOR="203.0.113.6").status_code == 302


def test_a_forms_mistake_spends_nothing(settings):
    settings.SIGNUP_LIMIT_PER_ADDRESS = "1/hour"
    bad = Client().post(
        reverse("signup"), {"username": "x", "password1": PASSWORD, "password2": "inne"}
    )

    assert bad.status_code == 200
    assert _sign_up("pierwszy").status_code == 302


def test_password_resets_over_the_limit_send_nothing_and_say_why(settings):
    settings.PASSWORD_RESET_LIMIT_PER_ADDRESS = "2/hour"
    UserFactory(username="gabriel", email="gabriel@example.org")
    client = Client()
    sent = [
        client.post(reverse("password_reset"), {"email": "gabriel@example.org"}).status_code
        for _ in range(2)
    ]

    refused = client.post(reverse("password_reset"), {"email": "gabriel@example.org"})
    unknown = client.post(reverse("password_reset"), {"email": "nikt@example.org"})

    assert sent == [302, 302] and len(mail.outbox) == 2
    assert refused.status_code == unknown.status_code == 429
    assert RESETS_PL in refused.content.decode() and RESETS_PL in unknown.content.decode()
