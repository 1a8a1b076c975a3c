"""Production settings: safe by default, loud about a missing or weak secret, clean on --deploy."""

import pytest

from tests.config.settings_process import production_env, run_django, settings_of


def test_deployment_check_is_clean_with_production_settings():
    done = run_django(production_env(), "check", "--deploy", "--fail-level", "WARNING")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


def test_debug_is_off_unless_asked_for():
    env = production_env()
    assert "DJANGO_DEBUG" not in env
    assert settings_of(env, "settings.DEBUG") is False


def test_production_defaults_are_the_safe_ones():
    values = settings_of(
        production_env(),
        "[settings.SECURE_SSL_REDIRECT, settings.SECURE_HSTS_SECONDS, "
        "settings.SECURE_HSTS_INCLUDE_SUBDOMAINS, settings.SESSION_COOKIE_SECURE, "
        "settings.CSRF_COOKIE_SECURE, settings.STORAGES['staticfiles']['BACKEND']]",
    )
    assert values == [
        True,
        31536000,
        True,
        True,
        True,
        "whitenoise.storage.CompressedManifestStaticFilesStorage",
    ]


def test_https_settings_can_be_turned_off_and_a_proxy_trusted():
    env = production_env(
        DJANGO_SECURE_SSL_REDIRECT="0",
        DJANGO_HSTS_SECONDS="0",
        DJANGO_SECURE_COOKIES="0",
        DJANGO_TRUST_X_FORWARDED_PROTO="1",
        DJANGO_CSRF_TRUSTED_ORIGINS="https://cards.example.org, https://www.cards.example.org",
    )
    values = settings_of(
        env,
        "[settings.SECURE_SSL_REDIRECT, settings.SECURE_HSTS_SECONDS, "
        "settings.SESSION_COOKIE_SECURE, settings.SECURE_PROXY_SSL_HEADER, "
        "settings.CSRF_TRUSTED_ORIGINS]",
    )
    assert values == [
        False,
        0,
        False,
        ["HTTP_X_FORWARDED_PROTO", "https"],
        ["https://cards.example.org", "https://www.cards.example.org"],
    ]


def test_a_missing_secret_stops_production_saying_which_setting():
    env = production_env()
    del env["DJANGO_SECRET_KEY"]
    done = run_django(env, "check")
    assert done.returncode != 0
    assert "DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off" in done.stderr


@pytest.mark.parametrize(
    "key",
    [
        "short-but-secret",
        "ab" * 40,  # long, two characters
        "django-insecure-" + "x1y2z3w4v5" * 5,  # Django's own throwaway prefix
    ],
    ids=["short", "few-characters", "insecure-prefix"],
)
def test_a_weak_secret_stops_production(key):
    done = run_django(production_env(DJANGO_SECRET_KEY=key), "check")
    assert done.returncode != 0
    assert "DJANGO_SECRET_KEY is too weak" in done.stderr


def test_development_runs_without_a_secret():
    env = production_env(DJANGO_DEBUG="1")
    del env["DJANGO_SECRET_KEY"]
    assert settings_of(env, "[settings.DEBUG, settings.SECURE_SSL_REDIRECT]") == [True, False]
