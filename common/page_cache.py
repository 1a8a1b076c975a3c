"""Whole pages kept in the cache for anonymous visitors, and ETag / 304 for every visitor.

A view declares what its page is made from with `cached_page(version_of)`: `version_of(request,
*args, **kwargs)` returns a string that changes whenever the page would (the catalogue's
version, a deck's), or None to serve the page uncached. The cache key is that version with the
release (the code, templates, translations and static files deployed), the page's absolute
address, its language and htmx-or-not; an edit changes the version, so the next request renders
anew and no stale page is ever served (the timeout only bounds memory).

What a stored page must not carry over from one visitor to the next:

- the CSRF token of the header's forms: each token in the body is swapped for a placeholder
  when stored, and every visitor served from the cache gets their own `get_token(request)` in
  its place, so the CSRF middleware sets their cookie as it would for a rendered page;
- anything of a signed-in user: only anonymous visitors are served from (and stored into) the
  cache; signed-in ones get the page rendered, and a 304 for their own ETag;
- messages: a request with pending messages is rendered, never answered 304 or from the cache;
- cookies the view itself set: such a response is not stored.

The ETag names the version key and what the body holds for this visitor besides: their user
and their CSRF secret (a page holds tokens only that secret accepts), so If-None-Match is
answered 304 before the view does any work, and never across visitors or after a new secret.
"""

import hashlib
import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from functools import cache as once
from functools import wraps
from pathlib import Path

from django.conf import settings
from django.core.cache import cache
from django.core.signals import setting_changed
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.middleware.csrf import CSRF_TOKEN_LENGTH, _unmask_cipher_token, get_token
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import parse_etags, quote_etag
from django.utils.translation import get_language

from common.csrf_mask import mask_secret

# Not a byte any template writes, so nothing else in a page is taken for a token.
TOKEN_PLACEHOLDER = b"\x00csrf-token\x00"
_TOKEN_CANDIDATE = re.compile(
    rb"(?<![A-Za-z0-9])[A-Za-z0-9]{%d}(?![A-Za-z0-9])" % CSRF_TOKEN_LENGTH
)
# Files whose change changes a rendered page: code, templates, translations, static file names.
_RELEASE_GLOBS = ("**/*.html", "**/*.txt", "**/*.mo")
_RELEASE_SKIP = {".venv", "tests", "bench", "node_modules", ".git", "media", "staticfiles", "docs"}

VersionOf = Callable[..., str | None]


class LocalEntries:
    """The process's own copies of the latest entries it stored or read, newest kept, up to
    `max_bytes` of bodies in all.

    A key names the versions its entry was made from, so a copy is never stale: it only saves
    the round trip to the shared cache (Redis) on a hit, most of what a hit costs. Bounded by
    size rather than by count: a card page is a tenth of a catalogue page.
    """

    def __init__(self, max_bytes: int):
        self.max_bytes = max_bytes
        self._entries: OrderedDict[str, tuple[object, int]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    @staticmethod
    def size_of(entry) -> int:
        """Return about how many bytes an entry holds: its bodies and texts, and a little more."""
        parts = entry if isinstance(entry, tuple) else (entry,)
        return 256 + sum(len(part) for part in parts if isinstance(part, bytes | str))

    def get(self, key: str):
        with self._lock:
            held = self._entries.get(key)
            if held is None:
                return None
            self._entries.move_to_end(key)
            return held[0]

    def set(self, key: str, entry) -> None:
        size = self.size_of(entry)
        with self._lock:
            if (old := self._entries.pop(key, None)) is not None:
                self._bytes -= old[1]
            if size > self.max_bytes:
                return
            self._entries[key] = (entry, size)
            self._bytes += size
            while self._bytes > self.max_bytes:
                _key, (_entry, dropped) = self._entries.popitem(last=False)
                self._bytes -= dropped

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._bytes = 0

    def __len__(self) -> int:
        return len(self._entries)


_local = LocalEntries(max_bytes=settings.PAGE_CACHE_LOCAL_BYTES)


def cache_get(key: str):
    """Return the entry stored under `key`: this process's copy, else the shared cache's."""
    if (entry := _local.get(key)) is not None:
        return entry
    entry = cache.get(key)
    if entry is not None:
        _local.set(key, entry)
    return entry


def cache_set(key: str, entry) -> None:
    """Store `entry` under `key` in the shared cache and keep a copy in this process."""
    cache.set(key, entry, settings.PAGE_CACHE_SECONDS)
    _local.set(key, entry)


@once
def release() -> str:
    """Return a digest of what this process renders pages with, so a deploy starts a new cache."""
    digest = hashlib.sha256()
    base = Path(settings.BASE_DIR)
    # Walk the project's own folders only, never the virtualenv's thousands of files.
    tops = [
        p
        for p in base.iterdir()
        if p.is_dir() and p.name not in _RELEASE_SKIP and not p.name.startswith(".")
    ]
    files = {
        path
        for top in tops
        for pattern in _RELEASE_GLOBS
        for path in top.glob(pattern)
        if path.is_file()
    }
    files |= set(base.glob("*.py"))
    files |= {path for top in tops for path in top.glob("**/*.py")}
    manifest = Path(settings.STATIC_ROOT) / "staticfiles.json"
    if manifest.is_file():
        files.add(manifest)
    for path in sorted(files):
        # Relative, so servers deployed to other folders share their entries.
        digest.update(str(path.relative_to(base) if path.is_relative_to(base) else path).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def digest(*parts: object) -> str:
    """Return one hex key for `parts` (joined by a separator no part holds): cache keys, ETags."""
    return hashlib.sha256("\x1f".join(str(part) for part in parts).encode()).hexdigest()


def _page_key(request: HttpRequest, view_name: str, version: str) -> str:
    """Return the cache key of the page as anonymous visitors get it."""
    htmx = "htmx" if request.META.get("HTTP_HX_REQUEST") else "page"
    # The absolute address as sent: pages echo it (the language form's `next`, the share link),
    # so requests whose queries differ in order only get bodies of their own.
    where = request.build_absolute_uri()
    return "page:" + digest(release(), view_name, version, get_language(), htmx, where)


def _etag(request: HttpRequest, page_key: str) -> str:
    """Return the ETag of the page for this visitor: the page's key, their user, their secret."""
    user = request.user
    viewer = f"user:{user.pk}:{user.get_username()}" if user.is_authenticated else "anonymous"
    secret = request.META.get("CSRF_COOKIE", "")
    return quote_etag(digest(page_key, viewer, secret)[:32])


def _has_messages(request: HttpRequest) -> bool:
    """Say whether messages wait to be shown (the page shows them: it must be rendered)."""
    storage = getattr(request, "_messages", None)
    if storage is None:
        return False
    # Read without iterating, which would mark them shown.
    return bool(storage._queued_messages) or bool(storage._loaded_messages)


def _mask_tokens(request: HttpRequest, body: bytes) -> bytes:
    """Swap every CSRF token in `body` that this request's secret accepts for the placeholder."""
    secret = request.META.get("CSRF_COOKIE")
    if not secret:
        return body

    def swap(match: re.Match) -> bytes:
        token = match.group().decode()
        return TOKEN_PLACEHOLDER if _unmask_cipher_token(token) == secret else match.group()

    return _TOKEN_CANDIDATE.sub(swap, body)


def _store(request: HttpRequest, key: str, response: HttpResponse) -> None:
    headers = [
        (name, value)
        for name, value in response.items()
        if name.lower() not in {"set-cookie", "etag", "date", "content-length"}
    ]
    cache_set(key, (response.status_code, headers, _mask_tokens(request, response.content)))


def _token(request: HttpRequest) -> str:
    """Return a CSRF token for this visitor: their secret masked afresh, or a new secret's."""
    if secret := request.META.get("CSRF_COOKIE"):
        # Their cookie stands as it is: a stored page, unlike a rendered one, does not renew it.
        return mask_secret(secret)
    return get_token(request)  # draws their secret, which the CSRF middleware sends as a cookie


def _rebuild(request: HttpRequest, entry: tuple) -> HttpResponse:
    status, headers, body = entry
    if TOKEN_PLACEHOLDER in body:
        body = body.replace(TOKEN_PLACEHOLDER, _token(request).encode())
    response = HttpResponse(body, status=status)
    for name, value in headers:
        response[name] = value
    return response


def _conditional_headers(response: HttpResponse, etag: str) -> HttpResponse:
    response["ETag"] = etag
    # Revalidate every time (the ETag makes that cheap); never in a shared cache: the body
    # holds this visitor's CSRF token.
    patch_cache_control(response, private=True, no_cache=True)
    patch_vary_headers(response, ("Cookie", "Accept-Language"))
    return response


def cached_page(version_of: VersionOf) -> Callable:
    """Serve the view's page from the cache to anonymous visitors, and 304 on a matching ETag."""

    def decorator(view: Callable) -> Callable:
        view_name = f"{view.__module__}.{view.__qualname__}"

        @wraps(view)
        def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            if not settings.PAGE_CACHE or request.method not in ("GET", "HEAD"):
                return view(request, *args, **kwargs)
            version = version_of(request, *args, **kwargs)
            if version is None:
                return view(request, *args, **kwargs)
            key = _page_key(request, view_name, version)
            etag = _etag(request, key)
            pending = _has_messages(request)
            had_secret = bool(request.META.get("CSRF_COOKIE"))
            # Only with a CSRF cookie: without one, the page the browser holds carries tokens of
            # a secret it never kept.
            if (
                not pending
                and had_secret
                and etag in parse_etags(request.META.get("HTTP_IF_NONE_MATCH", ""))
            ):
                return _conditional_headers(HttpResponseNotModified(), etag)
            anonymous = not pending and not request.user.is_authenticated
            if anonymous and (entry := cache_get(key)) is not None:
                response = _rebuild(request, entry)
                # A visitor without a secret was given one: their ETag names it.
                return _conditional_headers(response, etag if had_secret else _etag(request, key))
            response = view(request, *args, **kwargs)
            if response.status_code != 200 or response.streaming:
                return response
            if anonymous and not response.cookies and not _has_messages(request):
                _store(request, key, response)
            # After the view: a visitor without a CSRF cookie has been given a secret by now.
            return _conditional_headers(response, _etag(request, key))

        return wrapped

    return decorator


def forget_local_copies(**kwargs) -> None:
    """Drop this process's copies (when the shared cache is emptied, or settings change)."""
    _local.clear()
    _local.max_bytes = settings.PAGE_CACHE_LOCAL_BYTES


setting_changed.connect(forget_local_copies, dispatch_uid="page_cache_local_copies")
