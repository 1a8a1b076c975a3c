"""robots.txt: which of the site's addresses crawlers may read, and where the sitemap is.

Open: the catalogue, card pages and their faces, the public deck list and deck pages (and a
deck's image, which link previews fetch). Closed: what is private or a form (accounts, the
collection, the builder, proposing), what copies a page in another shape (print sheets,
exports, deck codes, the embed), what is random or unbounded (sample hands, comparisons of any
two decks), the API's data (the pages say the same; its writes need a token anyway) and the
admin. Each rule is written from the address's own name (`*` where the address takes a value),
so a moved address moves its rule.
"""

from uuid import UUID

from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

# Stand-ins for an address's values, each written `*` in the rule.
_DECK = UUID(int=0)
_SLUG = "robots-placeholder"

ALLOWED = [("card-list", {}), ("deck-list", {})]
# (address name, its values): the address, with each value as `*`, and all below it are closed.
DISALLOWED = [
    ("deck-new", {}),
    ("my-decks", {}),
    ("deck-import", {}),
    ("deck-compare", {}),
    ("deck-edit", {"deck_id": _DECK}),
    ("deck-card-names", {"deck_id": _DECK}),
    ("deck-print", {"deck_id": _DECK}),
    ("deck-hand", {"deck_id": _DECK}),
    ("deck-code-of", {"deck_id": _DECK}),
    ("deck-code", {"code": _SLUG}),
    ("deck-embed", {"deck_id": _DECK}),
    ("propose-card", {"game": _SLUG}),
    ("propose-change", {"game": _SLUG, "slug": _SLUG}),
    ("propose-ruling", {"game": _SLUG, "slug": _SLUG}),
    ("my-proposals", {}),
    ("proposal-queue", {}),
    ("collection-home", {}),
    ("admin:index", {}),
]
# Closed with everything beside them: the folder holding each address.
DISALLOWED_FOLDERS = ["login", "set_language", "api:v1:game-list"]


def _pattern(name: str, values: dict) -> str:
    """Return the address `name` takes, each value written `*`."""
    path = reverse(name, kwargs=values)
    for value in values.values():
        path = path.replace(str(value), "*")
    return path


def _folder(name: str) -> str:
    """Return the folder that holds the address `name` ("/accounts/login/" → "/accounts/")."""
    return reverse(name).rstrip("/").rsplit("/", 1)[0] + "/"


def _exports() -> str:
    """Return the prefix of every export of a deck, whatever its format's file extension."""
    text = _pattern("deck-export-text", {"deck_id": _DECK})  # /decks/*/export.txt
    return text.rsplit(".", 1)[0]


def robots_lines(sitemap_url: str) -> list[str]:
    """Return robots.txt's lines for every crawler, naming the sitemap at `sitemap_url`."""
    closed = [_pattern(name, values) for name, values in DISALLOWED]
    closed += [_exports(), *(_folder(name) for name in DISALLOWED_FOLDERS)]
    return [
        "User-agent: *",
        *(f"Allow: {_pattern(name, values)}" for name, values in ALLOWED),
        *(f"Disallow: {path}" for path in closed),
        "",
        f"Sitemap: {sitemap_url}",
    ]


@require_safe
@cache_control(public=True, max_age=3600)
def robots_txt(request: HttpRequest) -> HttpResponse:
    """Tell crawlers what to read and where the sitemap is."""
    lines = robots_lines(request.build_absolute_uri(reverse("sitemap")))
    return HttpResponse("\n".join(lines) + "\n", content_type="text/plain; charset=utf-8")
