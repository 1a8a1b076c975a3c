"""Two sign-ups racing for one name: the loser is told the name is taken, never a 500."""

import threading

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import connection
from django.test import Client
from django.urls import reverse

from accounts import services
from accounts.forms import SignUpForm
from tests.factories import UserFactory

TAKEN = "Użytkownik o tej nazwie już istnieje."
PASSWORD = "Serafin-z-ognia-9"


def _sign_up(client: Client, username: str):
    return client.post(
        reverse("signup"), {"username": username, "password1": PASSWORD, "password2": PASSWORD}
    )


@pytest.mark.django_db
def test_the_service_answers_a_taken_name_as_the_form_does():
    UserFactory(username="gabriel")

    with pytest.raises(ValidationError) as refused:
        services.user_sign_up(username="gabriel", password=PASSWORD)

    assert refused.value.message_dict == {"username": [TAKEN]}
    assert get_user_model().objects.filter(username="gabriel").count() == 1


@pytest.mark.django_db
def test_a_name_taken_after_the_forms_check_is_answered_on_the_form(client, monkeypatch):
    # The other request inserts its row after this one's form found the name free.
    UserFactory(username="gabriel")
    monkeypatch.setattr(SignUpForm, "clean_username", lambda form: form.cleaned_data["username"])

    response = _sign_up(client, "gabriel")

    assert response.status_code == 200
    assert response.context["form"].errors == {"username": [TAKEN]}
    assert TAKEN in response.content.decode()
    assert get_user_model().objects.filter(username="gabriel").count() == 1


@pytest.mark.skipif(
    connection.vendor == "sqlite",
    reason="the in-memory SQLite test database refuses concurrent writers (table is locked) "
    "instead of waiting; the deterministic test above covers SQLite",
)
@pytest.mark.django_db(transaction=True)
def test_concurrent_sign_ups_with_one_name_make_one_account_and_no_500(settings):
    # The sign-ups overlap: the password hash runs between the form's check and the insert.
    threads = 6
    settings.SIGNUP_LIMIT_PER_ADDRESS = "100/hour"
    start = threading.Barrier(threads)
    statuses: list[int] = []

    def sign_up() -> None:
        client = Client(raise_request_exception=False)
        start.wait()
        try:
            statuses.append(_sign_up(client, "rafael").status_code)
        finally:
            connection.close()  # each thread has its own connection; close it for the teardown

    workers = [threading.Thread(target=sign_up) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()

    assert sorted(statuses) == [200] * (threads - 1) + [302]
    assert get_user_model().objects.filter(username="rafael").count() == 1
