"""Scale-out from the environment: Redis for cache and sessions, a read replica, media on S3."""

import pytest

from tests.config.settings_process import production_env, run_django, settings_of


def test_without_redis_each_process_keeps_its_cache_and_sessions_in_the_database():
    values = settings_of(
        production_env(), "[settings.CACHES['default']['BACKEND'], settings.SESSION_ENGINE]"
    )
    assert values == [
        "django.core.cache.backends.locmem.LocMemCache",
        "django.contrib.sessions.backends.db",
    ]


def test_redis_takes_the_cache_the_sessions_and_so_the_rate_limits():
    env = production_env(REDIS_URL="redis://10.0.0.5:6379/2")
    values = settings_of(
        env,
        "[settings.CACHES['default']['BACKEND'], settings.CACHES['default']['LOCATION'], "
        "settings.SESSION_ENGINE]",
    )
    assert values == [
        "django.core.cache.backends.redis.RedisCache",
        "redis://10.0.0.5:6379/2",
        "django.contrib.sessions.backends.cached_db",
    ]


def test_a_replica_url_adds_the_replica_alias_that_mirrors_the_primary_in_tests():
    env = production_env(
        DATABASE_URL="postgres://app@primary.internal:5432/cards",
        DATABASE_REPLICA_URL="postgres://app@replica.internal:5432/cards",
    )
    values = settings_of(
        env,
        "[settings.DATABASES['default']['HOST'], settings.DATABASES['replica']['HOST'], "
        "settings.DATABASES['replica']['TEST']['MIRROR'], settings.DATABASE_ROUTERS]",
    )
    assert values == [
        "primary.internal",
        "replica.internal",
        "default",
        ["config.routers.PrimaryReplicaRouter"],
    ]


def test_sqlite_waits_for_the_write_lock_instead_of_failing(tmp_path):
    env = production_env(DATABASE_URL=f"sqlite:///{tmp_path / 'site.sqlite3'}")
    values = settings_of(
        env,
        "(lambda c: [c.settings_dict['OPTIONS']['transaction_mode'], "
        "c.cursor().execute('PRAGMA journal_mode').fetchone()[0], "
        "c.cursor().execute('PRAGMA busy_timeout').fetchone()[0]])"
        "(__import__('django.db', fromlist=['connection']).connection)",
    )
    assert values == ["IMMEDIATE", "wal", 20000]


@pytest.mark.parametrize("signed", ["0", "1"])
def test_a_bucket_puts_uploaded_media_on_an_s3_compatible_store(signed):
    env = production_env(
        MEDIA_S3_BUCKET="cards-media",
        MEDIA_S3_ENDPOINT_URL="https://s3.example.org",
        MEDIA_S3_SIGNED_URLS=signed,
    )
    values = settings_of(
        env,
        "(lambda s: [type(s).__module__ + '.' + type(s).__name__, s.bucket_name, "
        "s.endpoint_url, s.location, s.querystring_auth])"
        "(__import__('django.core.files.storage', fromlist=['storages']).storages['default'])",
    )
    assert values == [
        "storages.backends.s3.S3Storage",
        "cards-media",
        "https://s3.example.org",
        "media",
        signed == "1",
    ]


def test_background_work_waits_in_the_database_unless_told_otherwise():
    values = settings_of(
        production_env(), "[settings.TASKS['default']['BACKEND'], settings.INSTALLED_APPS]"
    )
    assert values[0] == "django_tasks_db.DatabaseBackend"
    assert "django_tasks_db" in values[1]


def test_rq_keeps_the_queue_in_the_redis_the_cache_uses():
    env = production_env(TASKS_BACKEND="rq", REDIS_URL="redis://10.0.0.5:6379/2")
    values = settings_of(
        env, "[settings.TASKS['default']['BACKEND'], settings.RQ_QUEUES, settings.RQ['JOB_CLASS']]"
    )
    assert values == [
        "django_tasks_rq.RQBackend",
        {"default": {"URL": "redis://10.0.0.5:6379/2"}},
        "django_tasks_rq.Job",
    ]


def test_rq_without_redis_stops_the_site_saying_what_to_set():
    done = run_django(production_env(TASKS_BACKEND="rq"), "check")
    assert done.returncode != 0
    assert "TASKS_BACKEND=rq keeps its queue in Redis: set REDIS_URL" in done.stderr
