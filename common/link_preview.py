"""What a page tells a chat app or a social site that shows a preview of its link.

Open Graph and Twitter card tags, made from a title, a description and an image, every address
absolute; templates/_link_preview.html writes them. Each kind of page builds its own preview
(cardbase.link_preview, decks.link_preview) from what it shows: nothing here names a game.
"""

from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest
from django.utils.text import Truncator
from django.utils.translation import get_language, to_locale

from common.site_name import site_title

# A description longer than this is cut: previews show two or three lines of it.
DESCRIPTION_MAX = 300
# Open Graph's locales name a territory (pl_PL); a language whose code is not also a country's
# gets the one its speakers' sites mostly use.
_TERRITORIES = {"en": "US"}


@dataclass(frozen=True)
class PreviewImage:
    """An image of the page, its size in pixels and the text it shows, for who cannot see it."""

    url: str
    width: int
    height: int
    alt: str
    type: str = "image/png"


@dataclass(frozen=True)
class LinkPreview:
    """The tags of a page's link preview."""

    title: str
    description: str
    url: str
    site_name: str
    locale: str
    type: str = "website"
    image: PreviewImage | None = None
    large: bool = False  # the image shown wide above the text, not as a thumbnail beside it

    @property
    def twitter_card(self) -> str:
        return "summary_large_image" if self.image and self.large else "summary"


def og_locale(lang: str | None = None) -> str:
    """Return a language as Open Graph names a locale: "pl_PL", "en_US"."""
    locale = to_locale(lang or get_language() or settings.LANGUAGE_CODE)
    if "_" in locale:
        return locale
    return f"{locale}_{_TERRITORIES.get(locale, locale.upper())}"


def link_preview(
    request: HttpRequest,
    *,
    title: str,
    description: str,
    path: str,
    type: str = "website",
    image: PreviewImage | None = None,
    large: bool = False,
) -> LinkPreview:
    """Return a page's preview; `path` and the image's address are made absolute."""
    if image is not None:
        image = PreviewImage(
            url=request.build_absolute_uri(image.url),
            width=image.width,
            height=image.height,
            alt=image.alt,
            type=image.type,
        )
    return LinkPreview(
        title=title,
        description=Truncator(" ".join(description.split())).chars(DESCRIPTION_MAX),
        url=request.build_absolute_uri(path),
        site_name=site_title(),
        locale=og_locale(),
        type=type,
        image=image,
        large=large,
    )
