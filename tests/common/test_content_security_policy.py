"""Every response carries the site's Content-Security-Policy; the API docs widen it for themselves."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.test import override_settings

pytestmark = pytest.mark.django_db

SITE = {
    "default-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}


def _directives(header: str) -> dict[str, str]:
    return dict(part.strip().split(" ", 1) for part in header.split(";"))


def _policy(response) -> dict[str, str]:
    assert "Content-Security-Policy-Report-Only" not in response
    return _directives(response["Content-Security-Policy"])


@pytest.mark.parametrize(
    "url",
    [
        "/",
        "/cards/",
        "/cards/syntax/",
        "/decks/",
        "/accounts/login/",
        "/admin/login/",
        "/api/v1/games/",
        "/api/schema/",
        "/api/v1/no-such-endpoint/",
        "/no-such-page/",
    ],
)
def test_every_response_carries_the_site_policy(client, url):
    assert _policy(client.get(url)) == SITE


def test_a_post_answer_carries_it_too(client):
    response = client.post("/api/v1/validate/", {}, content_type="application/json")
    assert _policy(response) == SITE


def test_swagger_ui_may_draw_data_images_and_nothing_else_more(client):
    response = client.get("/api/docs/", HTTP_ACCEPT="text/html")
    assert _policy(response) == {**SITE, "img-src": "'self' data:"}


def test_redoc_may_also_write_styles_and_start_a_blob_worker(client):
    response = client.get("/api/redoc/", HTTP_ACCEPT="text/html")
    assert _policy(response) == {
        **SITE,
        "img-src": "'self' data:",
        "style-src": "'self' 'unsafe-inline'",
        "worker-src": "'self' blob:",
    }


def test_the_browsable_api_may_use_style_attributes_and_its_nonced_style_block(client):
    response = client.get("/api/v1/cards/", HTTP_ACCEPT="text/html")
    policy = _policy(response)
    nonce = re.search(r"'nonce-([^']+)'", policy["style-src"]).group(1)
    assert policy == {
        **SITE,
        "style-src": f"'self' 'nonce-{nonce}'",
        "style-src-attr": "'unsafe-inline'",
    }
    html = response.content.decode()
    assert [opening for opening in re.findall(r"<style[^>]*>", html)] == [
        f'<style nonce="{nonce}">'
    ]


def test_the_api_as_json_keeps_the_site_policy(client):
    assert _policy(client.get("/api/v1/cards/", HTTP_ACCEPT="application/json")) == SITE


def test_no_policy_lets_scripts_run_inline_or_evaluate_code(client):
    for url in ("/", "/api/docs/", "/api/redoc/", "/api/v1/cards/"):
        policy = _policy(client.get(url, HTTP_ACCEPT="text/html"))
        scripts = policy.get("script-src", policy["default-src"])
        assert scripts == "'self'", url


def test_the_pages_run_no_inline_script(client):
    for url in ("/", "/cards/", "/api/docs/", "/api/redoc/"):
        html = client.get(url, HTTP_ACCEPT="text/html").content.decode()
        for tag in html.split("<script")[1:]:
            opening, _, rest = tag.partition(">")
            code = rest.split("</script>", 1)[0]
            assert "src=" in opening or 'type="application/json"' in opening or not code.strip(), (
                url,
                code[:80],
            )


def test_report_only_sends_the_same_policy_without_enforcing_it(client):
    policy = settings.CONTENT_SECURITY_POLICY
    with override_settings(
        CONTENT_SECURITY_POLICY=None, CONTENT_SECURITY_POLICY_REPORT_ONLY=policy
    ):
        page = client.get("/")
        docs = client.get("/api/redoc/", HTTP_ACCEPT="text/html")
    assert "Content-Security-Policy" not in page and "Content-Security-Policy" not in docs
    assert _directives(page["Content-Security-Policy-Report-Only"]) == SITE
    assert _directives(docs["Content-Security-Policy-Report-Only"])["worker-src"] == "'self' blob:"


def _settings_with(**environ) -> dict:
    script = (
        "import json, django; from django.conf import settings; django.setup(); "
        "print(json.dumps([settings.CONTENT_SECURITY_POLICY, "
        "settings.CONTENT_SECURITY_POLICY_REPORT_ONLY]))"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", **environ}
    out = subprocess.run(
        [sys.executable, "-c", script],
        env=env,
        cwd=Path(settings.BASE_DIR),
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return json.loads(out)


def test_django_csp_report_only_moves_the_policy_to_the_report_only_header():
    enforced, reported = _settings_with(DJANGO_CSP_REPORT_ONLY="1")
    assert enforced is None
    assert reported["DIRECTIVES"]["default-src"] == ["'self'"]
    enforced, reported = _settings_with(DJANGO_CSP_REPORT_ONLY="0")
    assert reported is None
    assert enforced["DIRECTIVES"]["frame-ancestors"] == ["'none'"]


def test_django_csp_report_uri_names_where_browsers_report():
    enforced, _ = _settings_with(DJANGO_CSP_REPORT_URI="https://reports.example/csp")
    assert enforced["DIRECTIVES"]["report-uri"] == ["https://reports.example/csp"]


def test_a_change_of_policy_in_the_settings_shows_in_the_next_answer(client):
    directives = {**settings.CONTENT_SECURITY_POLICY["DIRECTIVES"], "img-src": ["'none'"]}
    narrower = {"DIRECTIVES": directives}
    with override_settings(CONTENT_SECURITY_POLICY=narrower):
        assert _policy(client.get("/"))["img-src"] == "'none'"
    assert _policy(client.get("/")) == SITE


def test_excluded_prefixes_go_without_the_header(client):
    excluding = {**settings.CONTENT_SECURITY_POLICY, "EXCLUDE_URL_PREFIXES": ["/api/"]}
    with override_settings(CONTENT_SECURITY_POLICY=excluding):
        assert "Content-Security-Policy" not in client.get("/api/v1/games/")
        assert _policy(client.get("/")) == SITE
