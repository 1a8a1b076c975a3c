"""gunicorn's settings for `make serve`, each overridable from the environment."""

import gc
import multiprocessing
import os

# Processes for CPU (templates, validation), threads to overlap waiting on the database and Redis.
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 20
# Recycle workers now and then so a slow leak never grows; the jitter keeps them from all
# restarting at once. Each recycling costs the server about a second of one worker's work: the
# stopping worker lingers on its kept-alive connections while its clients move to the others,
# and the new one starts and warms up. At 5,000 requests, a busy server (2,000 requests per
# second) recycled a worker every few seconds and lost a third of its throughput to it; at
# 50,000 that is a few per cent, and a quiet site still recycles each worker every few hours.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "50000"))
max_requests_jitter = max_requests // 10
# Empty: no access log (a load balancer's log often says it all already).
accesslog = os.environ.get("GUNICORN_ACCESS_LOG", "-") or None
errorlog = "-"
# Behind a load balancer, let it tell gunicorn the client's address and scheme.
forwarded_allow_ips = os.environ.get("GUNICORN_FORWARDED_ALLOW_IPS", "127.0.0.1")


def post_worker_init(worker) -> None:
    """Hide what the worker loaded at start from the garbage collector."""
    # Django, the apps and the games' rules live as long as the worker: scanning them again in
    # every full collection gave the builder's page p95 spikes of twice its median.
    gc.freeze()
