"""Resetting a forgotten password by e-mail: the whole way, and nothing told to a stranger."""

import re

import pytest
from django.core import mail
from django.urls import reverse

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

LINK = re.compile(r"https?://testserver(/accounts/password/reset/[^/\s]+/[^/\s]+/)")


def test_the_login_page_links_to_the_reset(client):
    html = client.get(reverse("login")).content.decode()
    assert reverse("password_reset") in html and "Nie pamiętasz hasła?" in html


def test_a_mailed_link_sets_a_new_password_that_logs_in(client):
    UserFactory(username="gabriel", email="gabriel@example.org")

    sent = client.post(reverse("password_reset"), {"email": "gabriel@example.org"})

    assert sent.status_code == 302 and sent["Location"] == reverse("password_reset_done")
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["gabriel@example.org"]
    assert "gabriel" in message.body
    link = LINK.search(message.body).group(1)
    # Django swaps the token in the link for one kept in the session, then shows the form.
    form_page = client.get(link, follow=True)
    assert form_page.status_code == 200 and form_page.context["validlink"] is True
    set_url = form_page.redirect_chain[-1][0]
    done = client.post(
        set_url, {"new_password1": "Nowe-skrzydla-42", "new_password2": "Nowe-skrzydla-42"}
    )
    assert done.status_code == 302 and done["Location"] == reverse("password_reset_complete")
    client.logout()
    assert _logs_in(client, "gabriel", "Nowe-skrzydla-42")
    client.logout()
    assert not _logs_in(client, "gabriel", "anioly-i-demony-7")


def _logs_in(client, username: str, password: str) -> bool:
    response = client.post(reverse("login"), {"username": username, "password": password})
    return response.status_code == 302


def test_a_used_link_no_longer_works(client):
    UserFactory(username="rafael", email="rafael@example.org")
    client.post(reverse("password_reset"), {"email": "rafael@example.org"})
    link = LINK.search(mail.outbox[0].body).group(1)
    set_url = client.get(link, follow=True).redirect_chain[-1][0]
    client.post(set_url, {"new_password1": "Nowe-skrzydla-42", "new_password2": "Nowe-skrzydla-42"})

    again = client.get(link, follow=True)

    assert again.context["validlink"] is False
    assert reverse("password_reset") in again.content.decode()


def test_an_unknown_address_gets_the_same_answer_and_no_mail(client):
    UserFactory(username="michal", email="michal@example.org")

    known = client.post(reverse("password_reset"), {"email": "michal@example.org"}, follow=True)
    unknown = client.post(reverse("password_reset"), {"email": "nikt@example.org"}, follow=True)

    assert [m.to for m in mail.outbox] == [["michal@example.org"]]
    assert known.redirect_chain == unknown.redirect_chain
    assert _without_csrf(known) == _without_csrf(unknown)


def _without_csrf(response) -> str:
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", response.content.decode())


def test_sign_up_keeps_an_optional_address_for_the_reset(client):
    client.post(
        reverse("signup"),
        {
            "username": "uriel",
            "email": "uriel@example.org",
            "password1": "Serafin-z-ognia-9",
            "password2": "Serafin-z-ognia-9",
        },
    )
    client.logout()
    client.post(reverse("password_reset"), {"email": "uriel@example.org"})
    assert [m.to for m in mail.outbox] == [["uriel@example.org"]]


def test_the_reset_pages_speak_english_too(client):
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    html = client.get(reverse("password_reset")).content.decode()
    assert "Forgot your password?" in html


def test_a_player_without_an_address_is_told_and_can_add_one(client):
    user = UserFactory(username="azrael", email="")
    client.force_login(user)
    page = client.get(reverse("password_change")).content.decode()
    assert reverse("email_change") in page and "bez niego zapomnianego hasła" in page

    saved = client.post(reverse("email_change"), {"email": "azrael@example.org"})

    assert saved.status_code == 302
    user.refresh_from_db()
    assert user.email == "azrael@example.org"
    client.logout()
    client.post(reverse("password_reset"), {"email": "azrael@example.org"})
    assert [m.to for m in mail.outbox] == [["azrael@example.org"]]


def test_a_bad_address_is_refused_and_an_empty_one_removes_it(client):
    user = UserFactory(username="sariel", email="sariel@example.org")
    client.force_login(user)

    refused = client.post(reverse("email_change"), {"email": "to nie adres"})
    assert refused.status_code == 200 and refused.context["form"].errors["email"]
    user.refresh_from_db()
    assert user.email == "sariel@example.org"

    client.post(reverse("email_change"), {"email": ""})
    user.refresh_from_db()
    assert user.email == ""


def test_the_address_page_needs_a_signed_in_player(client):
    response = client.get(reverse("email_change"))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
