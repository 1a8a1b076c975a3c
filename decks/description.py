"""Render a deck description's Markdown as safe HTML that loads nothing from another host."""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree

import markdown
import nh3
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor

# What a browser drops from a URL before reading it: tabs and line breaks anywhere, C0 controls
# and spaces at the ends (WHATWG URL). "/\t/host" and " //host" are both "//host" to it.
_IGNORED_ANYWHERE = re.compile(r"[\t\n\r]")
_IGNORED_AT_ENDS = "".join(chr(c) for c in range(0x21))
_WEB_ADDRESS = re.compile(r"(?:https?:)?//", re.IGNORECASE)


def is_own_address(url: str) -> bool:
    """Tell whether `url` is a path on this site (`/media/…`), read as a browser reads it.

    Anything with a scheme (`https:`, `data:`) or a host (`//host`, `/\\host`, which a browser
    takes for `//host`) is another host's.
    """
    path = _IGNORED_ANYWHERE.sub("", url).strip(_IGNORED_AT_ENDS).replace("\\", "/")
    return path.startswith("/") and not path.startswith("//")


def _keep_own_images(tag: str, attribute: str, value: str) -> str | None:
    # The net under every image, raw HTML ones included: another host's source is dropped.
    if tag == "img" and attribute == "src" and not is_own_address(value):
        return None
    return value


class _OtherHostImages(Treeprocessor):
    """Write a Markdown image of another host as a link to it, named by its alt text.

    Readers see what the author pointed at and may open it; the page itself fetches nothing, so
    an image cannot count who reads the deck. A `data:` image is only its alt text.
    """

    def run(self, root: etree.Element) -> None:
        # An image inside a link cannot become a link itself: links do not nest.
        linked = {id(img) for link in root.iter("a") for img in link.iter("img")}
        for parent in list(root.iter()):
            for index, child in enumerate(list(parent)):
                if child.tag == "img" and not is_own_address(child.get("src", "")):
                    parent.remove(child)
                    parent.insert(index, _stand_in(child, as_link=id(child) not in linked))


def _stand_in(img: etree.Element, *, as_link: bool) -> etree.Element:
    src, alt = img.get("src", "").strip(), img.get("alt", "")
    if as_link and _WEB_ADDRESS.match(src):
        element = etree.Element("a", {"href": src})
        element.text = alt or src
        if img.get("title"):
            element.set("title", img.get("title"))
    else:
        element = etree.Element("span")
        element.text = alt
    element.tail = img.tail
    return element


class _OtherHostImagesExtension(Extension):
    def extendMarkdown(self, md: markdown.Markdown) -> None:  # noqa: N802 - Markdown's name
        # After the inline patterns (20) have made the images.
        md.treeprocessors.register(_OtherHostImages(md), "other-host-images", 15)


def render_description(text: str) -> str:
    """Render Markdown as HTML with anything unsafe stripped and only this site's images kept."""
    html = markdown.markdown(
        text or "", extensions=["sane_lists", _OtherHostImagesExtension()], output_format="html"
    )
    # nh3 keeps a safe subset (no scripts, styles, event handlers or javascript: links).
    return nh3.clean(html, attribute_filter=_keep_own_images)
