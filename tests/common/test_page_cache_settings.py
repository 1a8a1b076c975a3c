"""Connections kept open on PostgreSQL, and the page cache's switch and timeout."""

from tests.config.settings_process import production_env, settings_of

DATABASE = "[settings.DATABASES['default']['CONN_MAX_AGE'], settings.DATABASES['default']['CONN_HEALTH_CHECKS']]"


def test_postgresql_keeps_connections_open_and_checks_them_before_reuse():
    env = production_env(DATABASE_URL="postgres://app@db.internal:5432/cards")
    assert settings_of(env, DATABASE) == [600, True]


def test_the_replica_keeps_its_connections_alike():
    env = production_env(
        DATABASE_URL="postgres://app@db.internal:5432/cards",
        DATABASE_REPLICA_URL="postgres://app@replica.internal:5432/cards",
    )
    code = "[settings.DATABASES['replica']['CONN_MAX_AGE'], settings.DATABASES['replica']['CONN_HEALTH_CHECKS']]"
    assert settings_of(env, code) == [600, True]


def test_sqlite_opens_a_connection_per_request(tmp_path):
    env = production_env(DATABASE_URL=f"sqlite:///{tmp_path / 'site.sqlite3'}")
    assert settings_of(env, DATABASE) == [0, False]


def test_the_connection_age_can_be_set_and_zero_turns_reuse_off():
    url = "postgres://app@db.internal:5432/cards"
    env = production_env(DATABASE_URL=url, DATABASE_CONN_MAX_AGE="60")
    assert settings_of(env, DATABASE) == [60, True]
    env = production_env(DATABASE_URL=url, DATABASE_CONN_MAX_AGE="0")
    assert settings_of(env, DATABASE) == [0, False]


def test_the_page_cache_is_on_for_an_hour_by_default():
    assert settings_of(production_env(), "[settings.PAGE_CACHE, settings.PAGE_CACHE_SECONDS]") == [
        True,
        3600,
    ]


def test_the_page_cache_can_be_turned_off_and_its_timeout_set():
    env = production_env(PAGE_CACHE="0", PAGE_CACHE_SECONDS="120")
    assert settings_of(env, "[settings.PAGE_CACHE, settings.PAGE_CACHE_SECONDS]") == [False, 120]
