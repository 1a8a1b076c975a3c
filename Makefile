# The single entry point: `make run` serves the site, `make test` runs the whole suite.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
STAMP := $(VENV)/.installed

HOST ?= 127.0.0.1

.PHONY: setup faces run serve test test-fast lint format bench browser-deps clean messages

# Development targets run with DJANGO_DEBUG on (the settings default to production); `serve`
# takes the environment as it is.
setup faces run test lint format messages bench: export DJANGO_DEBUG ?= 1

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The compiled catalogues (.mo) are committed, so a machine without GNU gettext still runs the
# site in both languages; where msgfmt exists they are rebuilt from the .po files.
COMPILE_MESSAGES = if command -v msgfmt >/dev/null 2>&1; then $(PY) manage.py compilemessages --ignore=.venv -v 0; fi

# What `setup` (development) and `serve` (production) both do before the site starts.
define PREPARE
	@$(COMPILE_MESSAGES)
	$(PY) manage.py migrate --no-input -v 0
	$(PY) manage.py load_catalogue
	$(PY) manage.py load_card_data
	$(PY) manage.py revalidate_decks
endef

## setup: create .venv, install, compile translations, migrate, load the catalogue, recheck decks
setup: $(STAMP)
	$(PREPARE)

## faces: render every card's face ahead of its first visit (about 3 minutes of CPU the first time)
faces: setup
	$(PY) manage.py render_faces --prune

## run: set up and serve on 127.0.0.1:$(PORT) with SQLite, a background worker beside it
# The faces render in the background so the site is up at once; a face asked for before its turn
# is drawn on that request, and the files are written atomically, so the two never clash.
# The worker runs the background tasks (decks judged again after a catalogue change), logged in
# worker.log, and stops with the server.
run: setup
	nice $(PY) manage.py render_faces --prune > faces.log 2>&1 &
	$(PY) manage.py db_worker > worker.log 2>&1 & worker=$$!; \
	trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	$(PY) manage.py runserver 127.0.0.1:$(PORT)

## serve: production: prepare, collect static files, serve with gunicorn on $(HOST):$(PORT)
# Settings come from the environment (README, "Configuration"): DJANGO_DEBUG is off, so
# DJANGO_SECRET_KEY must be set; gunicorn's own settings are in config/gunicorn.conf.py.
# Background tasks need their worker beside it, as a service of its own (one or more):
# `.venv/bin/python manage.py db_worker`, or with TASKS_BACKEND=rq and REDIS_URL,
# `.venv/bin/python manage.py rqworker default` (README, "Background work").
serve: $(STAMP)
	$(PREPARE)
	$(PY) manage.py collectstatic --no-input -v 0
	$(PY) -m gunicorn config.wsgi --config config/gunicorn.conf.py --bind $(HOST):$(PORT)

## browser-deps: Debian's Chromium for the browser tests (never a downloaded browser)
browser-deps:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium fonts-dejavu-core; \
	  else echo "Install Debian's chromium package (sudo apt-get install chromium) to run the browser tests." >&2; exit 1; fi; }

## test: set up and run the whole suite (DATABASE_URL picks PostgreSQL)
test: $(STAMP) browser-deps
	@$(COMPILE_MESSAGES)
	$(PY) -m pytest

lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) manage.py makemigrations --check --dry-run

format: $(STAMP)
	$(PY) -m ruff format .
	$(PY) -m ruff check --fix .

messages: $(STAMP)
	$(PY) manage.py makemessages -l en -l fr --ignore=.venv --ignore=tests
	$(PY) manage.py compilemessages --ignore=.venv

## bench: run the benchmarks in bench/
bench: $(STAMP)
	$(PY) bench/run.py

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
