"""`make serve` on a fresh database: production settings, static files collected, pages answer."""

import os
import re
import signal
import subprocess
import time
import urllib.error
import urllib.request

from django.conf import settings

from tests.config.served_site import free_port, scratch_database
from tests.config.settings_process import production_env


def fetch(url: str) -> tuple[int, dict, str]:
    """GET a URL; return (status, headers, body)."""
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, dict(response.headers), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode(errors="replace")


def test_make_serve_serves_production_with_its_static_files(tmp_path):
    port = free_port()
    with scratch_database(tmp_path) as database_url:
        env = production_env(
            DATABASE_URL=database_url,
            # Plain HTTP on 127.0.0.1, as the README says for trying production locally.
            DJANGO_SECURE_SSL_REDIRECT="0",
            DJANGO_SECURE_COOKIES="0",
            DJANGO_ALLOWED_HOSTS="127.0.0.1",
            DJANGO_STATIC_ROOT=str(tmp_path / "static"),
            DJANGO_MEDIA_ROOT=str(tmp_path / "media"),
            CARD_DATA_DIR=str(tmp_path / "no-card-data"),
            WEB_CONCURRENCY="2",
        )
        log = (tmp_path / "serve.log").open("w")
        serve = subprocess.Popen(
            ["make", "serve", f"PORT={port}", "HOST=127.0.0.1"],
            cwd=settings.BASE_DIR,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # so gunicorn, make's child, stops with it
        )
        try:
            url = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 300
            while True:
                try:
                    status, _, home = fetch(url + "/")
                    break
                except OSError:
                    assert serve.poll() is None, (tmp_path / "serve.log").read_text()
                    assert time.monotonic() < deadline, "make serve did not answer in 5 minutes"
                    time.sleep(0.5)
            assert status == 200
            assert "DEBUG" not in home
            stylesheet = re.search(r'href="(/static/css/site\.[0-9a-f]{12}\.css)"', home)
            assert stylesheet, "the page links the hashed stylesheet collectstatic made"
            status, headers, css = fetch(url + stylesheet.group(1))
            assert status == 200 and "body" in css
            assert "max-age=315360000" in headers["Cache-Control"]
            assert fetch(url + "/cards/")[0] == 200
            status, _, missing = fetch(url + "/no-such-page/")
            assert status == 404
            assert "Traceback" not in missing
        finally:
            os.killpg(serve.pid, signal.SIGTERM)
            serve.wait(timeout=60)
            log.close()


def test_a_worker_hides_what_it_loaded_from_the_garbage_collector():
    import gc
    import runpy

    conf = runpy.run_path(str(settings.BASE_DIR / "config" / "gunicorn.conf.py"))
    assert gc.get_freeze_count() == 0
    try:
        conf["post_worker_init"](worker=None)
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
