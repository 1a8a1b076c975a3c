"""A forged session cookie is no session, never a server error."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("cookie", ["abcdefgh\x00ijklmnop", "x" * 500, "../../etc", "ABC DEF"])
def test_a_forged_session_cookie_is_treated_as_signed_out(client, cookie):
    for url in (reverse("home"), reverse("card-list")):
        # Sent raw: the test client's cookie jar would quote the value.
        response = client.get(url, HTTP_COOKIE=f"sessionid={cookie}")
        assert response.status_code == 200
        assert response.context["user"].is_anonymous


def test_a_real_session_still_signs_in(client, django_user_model):
    user = django_user_model.objects.create_user("gracz", password="x-long-password-1")
    client.force_login(user)
    assert client.get(reverse("home")).context["user"] == user
