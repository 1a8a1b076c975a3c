"""Settings for the card database, driven by environment variables with safe defaults."""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

import rules.core.registry
from config.games import GAMES as PROJECT_GAMES
from config.games import site_games

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    """Read a boolean from the environment ("1", "true", "yes" are true)."""
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    """Read a comma-separated list from the environment, dropping blanks."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


# Off unless asked for: `make run` and the test suite turn it on for development.
DEBUG = env_bool("DJANGO_DEBUG", False)

DEVELOPMENT_SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production"


def production_secret_key(key: str) -> str:
    """Return the key if it is fit for production, else refuse to start saying why."""
    if not key:
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off "
            "(set DJANGO_DEBUG=1 for development)."
        )
    # The thresholds of Django's own deployment check (security.W009).
    if len(key) < 50 or len(set(key)) < 5 or key.startswith("django-insecure-"):
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY is too weak: use at least 50 random characters, e.g. the output of "
            "python -c 'import secrets; print(secrets.token_urlsafe(50))'."
        )
    if key == DEVELOPMENT_SECRET_KEY:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY is the development key: set a secret one.")
    return key


SECRET_KEY = (
    os.environ.get("DJANGO_SECRET_KEY") or DEVELOPMENT_SECRET_KEY
    if DEBUG
    else production_secret_key(os.environ.get("DJANGO_SECRET_KEY", ""))
)

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", "")

# HTTPS in production: every default is the safe one, and each can be turned off for a site that
# terminates TLS elsewhere or is tried out on plain HTTP (`make serve` on 127.0.0.1).
SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", not DEBUG)
# A load balancer probes over plain HTTP.
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^livez$"]
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "0" if DEBUG else "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", True)
SESSION_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", not DEBUG)
# Behind a proxy that terminates TLS, trust its X-Forwarded-Proto (only then: it can be forged).
if env_bool("DJANGO_TRUST_X_FORWARDED_PROTO", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_REFERRER_POLICY = "same-origin"

# The site's own name, shown in every page's title and header and in the API's; unset, pages
# say "Baza kart" ("Card database" in English). It is the operator's: no game's name.
SITE_NAME = os.environ.get("SITE_NAME", "").strip()

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django.contrib.sitemaps",
    "django.contrib.postgres",
    "django_filters",
    "django_htmx",
    "csp",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_tasks",
    "django_tasks_db",
    "django_rq",
    "django_tasks_rq",
    "common",
    "cardbase",
    "decks",
    "accounts",
    "proposals",
    "backups",
    "bench",
    "axes",
]

# The games the site serves, in order, each by its package's module path (rules/games.py, read
# through config/games.py; the GAMES and DEFAULT_GAME variables override it). Configured here,
# before any app loads, so that every part of the site asks the same registry.
GAMES, DEFAULT_GAME = site_games()
rules.core.registry.configure(GAMES, default=DEFAULT_GAME)
# Serving only some of them, the site keeps the others' cards and decks (still stored, and kept
# by backups) off every page and answer; serving them all, it reads no filter.
SERVES_SOME_GAMES_ONLY = not set(PROJECT_GAMES) <= set(GAMES)

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Before WhiteNoise, so that static files (an SVG opened on its own) carry the policy too.
    "common.csp.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "common.middleware.DropForgedSessionCookieMiddleware",
    "cardbase.middleware.CatalogueVersionMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, so it turns any lockout a view met into the lockout page (accounts.views.locked_out).
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "common.context_processors.site_name",
            ],
        },
    },
]

# SQLite is the embedded default; DATABASE_URL switches to PostgreSQL (postgres://…).
DATABASE_URL = os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}")
# PostgreSQL keeps each worker's connection open for this many seconds (a new one costs a
# fork and an authentication per request), checked before each request reuses it; SQLite's
# connection is a file opened in microseconds, so it is opened per request.
CONN_MAX_AGE = int(
    os.environ.get("DATABASE_CONN_MAX_AGE", "0" if DATABASE_URL.startswith("sqlite") else "600")
)
DATABASES = {
    "default": dj_database_url.parse(
        DATABASE_URL, conn_max_age=CONN_MAX_AGE, conn_health_checks=CONN_MAX_AGE > 0
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Concurrent saves wait their turn instead of failing with "database is locked": readers never
    # block the writer (WAL), a writer waits up to 20 s for the lock, and a transaction takes the
    # write lock when it begins (IMMEDIATE), so a read-then-write never has to upgrade a lock,
    # which SQLite refuses at once rather than wait.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL;PRAGMA synchronous=NORMAL",
    }
# A read replica takes the catalogue's reads (config/routers.py); in tests it mirrors the primary.
if os.environ.get("DATABASE_REPLICA_URL"):
    DATABASES["replica"] = dj_database_url.parse(
        os.environ["DATABASE_REPLICA_URL"],
        conn_max_age=CONN_MAX_AGE,
        conn_health_checks=CONN_MAX_AGE > 0,
    )
    DATABASES["replica"]["TEST"] = {"MIRROR": "default"}
for _database in DATABASES.values():
    if _database["ENGINE"] == "django.db.backends.postgresql":
        # Django's backend, with a health check that asks the server only when its socket has
        # something to say, and prepared statements for the hottest reads, which a pooler in
        # transaction mode may not keep: DATABASE_PREPARED_STATEMENTS=0 turns them off
        # (config/postgresql/base.py). Django's own queries are never prepared either way.
        _database["ENGINE"] = "config.postgresql"
        # psycopg's own default (5): None is what turns preparing off, for every cursor.
        _database.setdefault("OPTIONS", {})["prepare_threshold"] = (
            5 if env_bool("DATABASE_PREPARED_STATEMENTS", True) else None
        )
DATABASE_ROUTERS = ["config.routers.PrimaryReplicaRouter"]
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "pl"
# French for 7 Fallen's players; a label or rule message a game words only in Polish and English
# reads in English on a French page (rules.core.verdict.FALLBACK_LANG).
LANGUAGES = [("pl", _("Polski")), ("en", _("English")), ("fr", _("Français"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Warsaw"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "media/"
MEDIA_ROOT = Path(os.environ.get("DJANGO_MEDIA_ROOT", BASE_DIR / "media"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if not DEBUG
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}
# Uploaded scans on any S3-compatible store (AWS, MinIO, Ceph…) when a bucket is named, so every
# server behind the load balancer sees them; generated faces stay a per-server cache on disk.
if os.environ.get("MEDIA_S3_BUCKET"):
    STORAGES["default"] = {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": os.environ["MEDIA_S3_BUCKET"],
            "endpoint_url": os.environ.get("MEDIA_S3_ENDPOINT_URL") or None,
            "region_name": os.environ.get("MEDIA_S3_REGION") or None,
            "access_key": os.environ.get("MEDIA_S3_ACCESS_KEY_ID") or None,
            "secret_key": os.environ.get("MEDIA_S3_SECRET_ACCESS_KEY") or None,
            "custom_domain": os.environ.get("MEDIA_S3_CUSTOM_DOMAIN") or None,
            "location": os.environ.get("MEDIA_S3_PREFIX", "media"),
            "file_overwrite": False,
            "querystring_auth": env_bool("MEDIA_S3_SIGNED_URLS", False),
        },
    }
# Players' photos of cards sent with their proposals: private until a moderator approves them,
# served only through a view that checks the viewer (proposals/storage.py). Never under
# MEDIA_ROOT, which a web server may serve as it stands; on S3, private objects under their own
# prefix, read by the site with its own credentials.
PRIVATE_MEDIA_ROOT = Path(os.environ.get("DJANGO_PRIVATE_MEDIA_ROOT", BASE_DIR / "var" / "private"))
STORAGES["proposal_sources"] = {
    "BACKEND": "django.core.files.storage.FileSystemStorage",
    "OPTIONS": {"location": PRIVATE_MEDIA_ROOT, "base_url": None},
}
if os.environ.get("MEDIA_S3_BUCKET"):
    STORAGES["proposal_sources"] = {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            **STORAGES["default"]["OPTIONS"],
            "location": os.environ.get("PRIVATE_MEDIA_S3_PREFIX", "private"),
            "default_acl": "private",
            "querystring_auth": True,
            "custom_domain": None,
        },
    }
# How many proposals one player may make in a day (a moderator's queue is not a spam bin).
PROPOSALS_PER_DAY = int(os.environ.get("PROPOSALS_PER_DAY", "20"))
# The module that keeps players' collections, which the catalogue filters by (cardbase.ownership).
CATALOGUE_OWNERSHIP = "decks.selectors.collection"
# Uploaded card scans above this size are refused before Pillow decodes them.
MAX_CARD_IMAGE_BYTES = int(os.environ.get("MAX_CARD_IMAGE_BYTES", str(8 * 1024 * 1024)))
# Card files an operator uploads in the admin wait here between their preview and being applied:
# private (never served), each under a random name, removed once applied or discarded.
IMPORT_UPLOADS_DIR = Path(os.environ.get("DJANGO_IMPORT_UPLOADS_DIR", BASE_DIR / "var" / "imports"))
MAX_IMPORT_BYTES = int(os.environ.get("MAX_IMPORT_BYTES", str(50 * 1024 * 1024)))

# Background work (Django's Tasks API, the django-tasks backport): judging decks again after a
# catalogue change. `database` keeps the queue in the site's own database, run by
# `manage.py db_worker` (`make run` starts one); `rq` keeps it in Redis (REDIS_URL), run by
# `manage.py rqworker default`, for a site on several machines; `immediate` runs each task at
# once, in the request (the test suite, or a site with no worker).
TASK_BACKENDS = {
    "database": "django_tasks_db.DatabaseBackend",
    "rq": "django_tasks_rq.RQBackend",
    "immediate": "django_tasks.backends.immediate.ImmediateBackend",
}
TASKS_BACKEND = os.environ.get("TASKS_BACKEND", "database")
if TASKS_BACKEND not in TASK_BACKENDS:
    raise ImproperlyConfigured(
        f"TASKS_BACKEND={TASKS_BACKEND!r}: expected one of {', '.join(TASK_BACKENDS)}"
    )
TASKS = {"default": {"BACKEND": TASK_BACKENDS[TASKS_BACKEND], "QUEUES": ["default"]}}
if TASKS_BACKEND == "rq" and not os.environ.get("REDIS_URL"):
    raise ImproperlyConfigured("TASKS_BACKEND=rq keeps its queue in Redis: set REDIS_URL")
# Draw the faces of the cards a changeset changed in the background (off in the test suite, whose
# changesets would otherwise draw thousands of faces no test looks at).
RENDER_FACES_AFTER_CHANGES = env_bool("RENDER_FACES_AFTER_CHANGES", True)
# The queues RQ's workers read (django-rq), in the Redis the cache uses; the workers run each
# job as a task of the Tasks API (django-tasks-rq's job class).
RQ_QUEUES = {"default": {"URL": os.environ.get("REDIS_URL", "")}}
RQ = {"JOB_CLASS": "django_tasks_rq.Job"}

# One Redis for the cache, the sessions and every rate limit when the site runs on several
# servers; without it each process keeps its own in memory.
REDIS_URL = os.environ.get("REDIS_URL", "")
CACHES = {
    "default": (
        {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "cardbase"),
        }
        if REDIS_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}
# Catalogue pages, card pages and shared deck pages are kept whole for anonymous visitors, keyed
# by the catalogue's (and the deck's) version, so an edit shows at once (common/page_cache.py);
# the catalogue API's answers likewise (api/cache.py). The timeout only bounds memory.
PAGE_CACHE = env_bool("PAGE_CACHE", True)
PAGE_CACHE_SECONDS = int(os.environ.get("PAGE_CACHE_SECONDS", "3600"))
# Each process keeps copies of the pages it served last, up to this many bytes (MB in the
# environment), so a hit needs no trip to Redis.
PAGE_CACHE_LOCAL_BYTES = int(float(os.environ.get("PAGE_CACHE_LOCAL_MB", "32")) * 1024 * 1024)
# Sessions are read from Redis and written through to the database, so a Redis restart (or an
# eviction under memory pressure) logs nobody out.
if REDIS_URL:
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

# REST API (docs/api.md). Throttle rates are "N/second|minute|hour|day"; the counters live in the
# default cache, so with several workers set REDIS_URL for limits that hold across them.
REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "api.pagination.PagePagination",
    "PAGE_SIZE": 50,
    # Token first, so an anonymous write is told 401 with a WWW-Authenticate challenge.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PARSER_CLASSES": ["api.parsers.LimitedJSONParser"],
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "EXCEPTION_HANDLER": "api.errors.exception_handler",
    "DEFAULT_THROTTLE_CLASSES": ["api.throttling.AnonThrottle", "api.throttling.UserThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "anon": os.environ.get("API_THROTTLE_ANON", "120/minute"),
        "user": os.environ.get("API_THROTTLE_USER", "600/minute"),
        "validate": os.environ.get("API_THROTTLE_VALIDATE", "60/minute"),
        "deck-write": os.environ.get("API_THROTTLE_DECK_WRITE", "120/minute"),
        "token": os.environ.get("API_THROTTLE_TOKEN", "10/minute"),
    },
    # How many proxies in front add X-Forwarded-For; 0 trusts only REMOTE_ADDR (no spoofing).
    "NUM_PROXIES": int(os.environ.get("API_NUM_PROXIES", "0")),
}
SPECTACULAR_SETTINGS = {
    "TITLE": format_lazy("{} API", SITE_NAME or _("Baza kart")),
    # In the page's language (the docs ask for the schema with `?lang=`); the reference itself
    # stays in English, the language of the field names and values the API answers with.
    "DESCRIPTION": _(
        "Karty, talie i zasady budowania talii każdej gry, którą obsługuje serwis "
        "(/api/v1/games/). Opis poniżej (adresy, parametry, pola i ich wartości) jest po "
        "angielsku, tak jak nazwy pól i wartości w odpowiedziach API; komunikaty dla gracza, "
        "takie jak błędy i werdykty talii, przychodzą w języku z nagłówka Accept-Language "
        "(pl albo en). Więcej w docs/api.md."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SCHEMA_PATH_PREFIX": "/api/v1",
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {
        "AttributeTypeEnum": "api.game_serializers.ATTRIBUTE_TYPES",
        "ChartStyleEnum": "api.game_serializers.CHART_STYLES",
        "RulingSourceKindEnum": "cardbase.models.Ruling.SourceKind",
        "ProposalSourceKindEnum": "proposals.models.Proposal.SourceKind",
    },
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Nothing from another host: no online validator badge, no web fonts (the system's own).
    "SWAGGER_UI_SETTINGS": {"deepLinking": True, "validatorUrl": None},
    "REDOC_UI_SETTINGS": {
        "theme": {
            "typography": {
                "fontFamily": "system-ui, sans-serif",
                "headings": {"fontFamily": "system-ui, sans-serif"},
            }
        }
    },
}

# E-mail (password reset): printed to the console in development, sent over SMTP in production.
EMAIL_BACKEND = (
    "django.core.mail.backends.console.EmailBackend"
    if DEBUG
    else "django.core.mail.backends.smtp.EmailBackend"
)
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "webmaster@localhost")

# Where the rulebooks live: the catalogue cites them and a test checks every quote. They travel
# with the repository (docs/sources/README.md), so a clone with nothing beside it tests green.
RULEBOOKS_DIR = Path(os.environ.get("RULEBOOKS_DIR", BASE_DIR / "docs" / "sources" / "rulebooks"))
# Where third-party card data files live (INWO's inwo/carddata.txt): read by load_card_data
# and the importer tests, never committed to the repository.
CARD_DATA_DIR = Path(os.environ.get("CARD_DATA_DIR", BASE_DIR.parent / "shared" / "data"))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
}

# --- Content-Security-Policy (django-csp; docs/security.md) ---
# Every page may load scripts, styles, images, fonts and connections from this site only, runs
# no inline script or style, and may not be framed. The API docs widen it for their own views
# (common.csp.widen_policy in api/views/docs.py). DJANGO_CSP_REPORT_ONLY=1 sends the same policy as
# Content-Security-Policy-Report-Only: browsers report violations (to DJANGO_CSP_REPORT_URI, if
# set) but block nothing, for trying a change out on a live site.
_csp_report_only = env_bool("DJANGO_CSP_REPORT_ONLY", False)
_SITE_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "report-uri": [os.environ["DJANGO_CSP_REPORT_URI"]]
        if os.environ.get("DJANGO_CSP_REPORT_URI")
        else None,
    }
}
CONTENT_SECURITY_POLICY = None if _csp_report_only else _SITE_POLICY
CONTENT_SECURITY_POLICY_REPORT_ONLY = _SITE_POLICY if _csp_report_only else None
# Who may frame a deck's embed (/decks/<id>/embed/, decks/views/embed.py), the one page that
# may be framed: every site by default, or a comma-separated list ("https://forum.example,…").
EMBED_FRAME_ANCESTORS = env_list("EMBED_FRAME_ANCESTORS", "*")

# --- Accounts: locking out password guessing (django-axes), limits per client address ----------
# Axes counts failed logins (site, admin, API token) per username and address, in the database;
# a success resets the count. The address is read as the API's throttles read it
# (API_NUM_PROXIES), so both trust the same proxies.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # first: refuses a locked-out login before any check
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "10"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("AXES_COOLOFF_MINUTES", "30")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "accounts.addresses.client_address"
AXES_LOCKOUT_CALLABLE = "accounts.views.locked_out"
# New accounts and password-reset e-mails per client address: "N/second|minute|hour|day",
# counted in the default cache (set REDIS_URL so several workers share the counts).
SIGNUP_LIMIT_PER_ADDRESS = os.environ.get("SIGNUP_LIMIT_PER_ADDRESS", "5/hour")
PASSWORD_RESET_LIMIT_PER_ADDRESS = os.environ.get("PASSWORD_RESET_LIMIT_PER_ADDRESS", "5/hour")
