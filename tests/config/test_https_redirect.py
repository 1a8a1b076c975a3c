"""In production every page moves to HTTPS, but the probes a load balancer sends over HTTP do not."""

import pytest


@pytest.fixture
def https_only(settings):
    settings.SECURE_SSL_REDIRECT = True


@pytest.mark.django_db
def test_a_page_asked_over_http_moves_to_https(client, https_only):
    response = client.get("/cards/")
    assert response.status_code == 301
    assert response["Location"] == "https://testserver/cards/"


@pytest.mark.django_db
@pytest.mark.parametrize("probe", ["/healthz", "/livez"])
def test_the_health_probes_answer_over_http(client, https_only, probe):
    assert client.get(probe).status_code == 200
