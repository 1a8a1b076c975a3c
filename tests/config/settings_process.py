"""Start Django in a fresh process with a chosen environment: settings are read once, at start."""

import json
import os
import secrets
import subprocess
import sys

from django.conf import settings

# Everything the settings read; a test states the ones it wants and inherits none of the rest.
SETTING_PREFIXES = (
    "DJANGO_",
    "DATABASE_",
    "REDIS_URL",
    "MEDIA_S3_",
    "CACHE_KEY_PREFIX",
    "PAGE_CACHE",
    "TASKS_BACKEND",
    "RENDER_FACES_",
)


def strong_key() -> str:
    """Return a secret key fit for production."""
    return secrets.token_urlsafe(50)


def production_env(**overrides: str) -> dict[str, str]:
    """Return the environment of a production server: debug off, a strong key, nothing else."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(SETTING_PREFIXES)}
    env.update(DJANGO_SECRET_KEY=strong_key(), DJANGO_ALLOWED_HOSTS="cards.example.org")
    env.update(overrides)
    return env


def run_django(env: dict[str, str], *args: str, timeout: int = 120) -> subprocess.CompletedProcess:
    """Run manage.py with the given environment and arguments; return the finished process."""
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def settings_of(env: dict[str, str], code: str) -> object:
    """Return the JSON value that `code` (an expression over django.conf.settings) gives."""
    script = (
        "import json, django; from django.conf import settings; django.setup(); "
        f"print(json.dumps({code}, default=str))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=settings.BASE_DIR,
        env={**env, "DJANGO_SETTINGS_MODULE": "config.settings"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])
