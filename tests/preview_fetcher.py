"""A page's link preview read as a chat app's fetcher reads it: the <meta> tags of its head."""

from html.parser import HTMLParser


class _MetaTags(HTMLParser):
    """Collect each <meta property|name=... content=...> once, the first one of a name winning."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag != "meta":
            return
        attributes = dict(attrs)
        name = attributes.get("property") or attributes.get("name")
        if name and attributes.get("content") is not None:
            self.tags.setdefault(name, attributes["content"])


def preview_tags(html: str) -> dict[str, str]:
    """Return {property or name: content} of a page's meta tags, as a preview fetcher sees them."""
    parser = _MetaTags()
    parser.feed(html)
    return parser.tags


def og_tags(html: str) -> dict[str, str]:
    """Return the Open Graph and Twitter card tags of a page alone."""
    return {
        name: content
        for name, content in preview_tags(html).items()
        if name.startswith(("og:", "twitter:"))
    }
