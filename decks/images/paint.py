"""Draw a deck's laid-out picture with Pillow as a PNG, its words kept in the file as text."""

import io

from PIL import Image, ImageDraw
from PIL.PngImagePlugin import PngInfo

from cardbase.faces.fonts import displayable, font_at
from cardbase.faces.lettering import ellipsize, fit_size, line_height, text_width, wrap
from decks.images.layout import (
    BODY_BOTTOM,
    BODY_TOP,
    CARD,
    GROUP,
    GUTTER,
    HEADER_HEIGHT,
    HEIGHT,
    MARGIN,
    MORE,
    SECTION,
    WIDTH,
    DeckPicture,
    Row,
    Tier,
)

# The site's colours (static/css/site.css: --paper, --ink, --accent, --muted, --line, --ok,
# --bad, and the header's), so the picture reads as a page of the site.
PAPER = "#faf7f0"
INK = "#1d1b22"
ACCENT = "#7a4e0f"
MUTED = "#6b6670"
LINE = "#ddd5c4"
OK = "#1d6b33"
BAD = "#a4161a"
HEADER = "#2b2233"
HEADER_MUTED = "#d5cce0"  # the facts under the name, light on the header's dark

NAME_SIZE, NAME_SMALLEST = 50, 38  # on one line
NAME_TWO_LINES, NAME_TWO_LINES_SMALLEST = 38, 26
NAME_HIGH = 96
NAME_MIDDLE = 56  # the name's line (or two lines') middle, and the verdict's beside it
FACTS_MIDDLE = 124
FACTS_SIZE = 24
VERDICT_SIZE = 24
FOOTER_SIZE = 18
NAME_SHRINK = 2  # pixels a card's name may lose to fit its column: more looks uneven
STRIPE = 6
FOOTER_RULE = BODY_BOTTOM + 8


def render_deck_picture(picture: DeckPicture) -> bytes:
    """Draw `picture` and return it as PNG bytes, with its name and words as iTXt chunks."""
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    draw = ImageDraw.Draw(image)
    _header(draw, picture)
    if any(picture.columns):
        _columns(draw, picture)
    else:
        _say(draw, picture.words.empty, (MARGIN, BODY_TOP + 20), 26, bold=False, fill=MUTED)
    _footer(draw, picture)
    info = PngInfo()
    # International text (UTF-8, tagged with the language): names are not Latin-1.
    info.add_itxt("Title", picture.words.name, lang=picture.words.lang)
    info.add_itxt("Description", picture.text(), lang=picture.words.lang)
    buffer = io.BytesIO()
    # Not `optimize`: it would take longer than the drawing for a few kilobytes less.
    image.save(buffer, "PNG", pnginfo=info, compress_level=6)
    return buffer.getvalue()


def _say(
    draw: ImageDraw.ImageDraw,
    text: str,
    at: tuple[float, float],
    size: int,
    *,
    bold: bool,
    fill: str,
    max_width: float | None = None,
    anchor: str = "lm",
) -> float:
    """Draw one line of text (cut with an ellipsis past `max_width`); return its width."""
    text = displayable(text, size, bold)
    if max_width is not None:
        text = ellipsize(text, size, bold, max_width)
    font = font_at(size, bold)
    draw.text(at, text, font=font, fill=fill, anchor=anchor)
    return font.getlength(text)


def _header(draw: ImageDraw.ImageDraw, picture: DeckPicture) -> None:
    """Draw the dark band: the deck's name, the verdict beside it, the facts under it."""
    words = picture.words
    draw.rectangle((0, 0, WIDTH, HEADER_HEIGHT), fill=HEADER)
    draw.rectangle((0, HEADER_HEIGHT, WIDTH, HEADER_HEIGHT + STRIPE), fill=ACCENT)
    verdict = displayable(words.verdict, VERDICT_SIZE, True)
    badge_w = round(text_width(verdict, VERDICT_SIZE, True)) + 36
    badge = (WIDTH - MARGIN - badge_w, NAME_MIDDLE - 24, WIDTH - MARGIN, NAME_MIDDLE + 24)
    draw.rounded_rectangle(badge, radius=8, fill=OK if words.legal else BAD)
    _say(
        draw,
        verdict,
        ((badge[0] + badge[2]) / 2, NAME_MIDDLE),
        VERDICT_SIZE,
        bold=True,
        fill="#fff",
        anchor="mm",
    )
    room = badge[0] - MARGIN - 28
    size = fit_size(words.name, max_width=room, size=NAME_SIZE, smallest=NAME_SMALLEST, bold=True)
    lines = [words.name]
    if text_width(words.name, size, True) > room:
        # A long name goes on two lines rather than losing its end.
        size, lines = wrap(
            words.name,
            max_width=room,
            max_height=NAME_HIGH,
            size=NAME_TWO_LINES,
            smallest=NAME_TWO_LINES_SMALLEST,
            max_lines=2,
        )
    step = line_height(size, True) * 0.92
    for index, line in enumerate(lines):
        y = NAME_MIDDLE + (index - (len(lines) - 1) / 2) * step
        _say(draw, line, (MARGIN, y), size, bold=True, fill="#fff", max_width=room)
    _say(
        draw,
        " · ".join(words.facts),
        (MARGIN, FACTS_MIDDLE),
        FACTS_SIZE,
        bold=False,
        fill=HEADER_MUTED,
        max_width=WIDTH - 2 * MARGIN,
    )


def _columns(draw: ImageDraw.ImageDraw, picture: DeckPicture) -> None:
    """Draw the list down its columns."""
    tier = picture.tier
    for index, column in enumerate(picture.columns):
        left = MARGIN + index * (tier.column_width + GUTTER)
        top = BODY_TOP
        for position, row in enumerate(column):
            top += row.gap(tier, position == 0)
            _row(draw, row, tier, left, top)
            top += row.height(tier)


def _row(draw: ImageDraw.ImageDraw, row: Row, tier: Tier, left: int, top: int) -> None:
    """Draw one row at (`left`, `top`), as wide as a column."""
    width = tier.column_width
    middle = top + row.height(tier) / 2
    right = left + width
    if row.style == SECTION:
        size = tier.size + 2
        count = _say(
            draw, str(row.count), (right, middle), size, bold=True, fill=ACCENT, anchor="rm"
        )
        _say(
            draw,
            row.text,
            (left, middle),
            size,
            bold=True,
            fill=ACCENT,
            max_width=width - count - 12,
        )
        bottom = top + row.height(tier) - 2
        draw.rectangle((left, bottom, right, bottom + 1), fill=LINE)
    elif row.style == GROUP:
        size = tier.size - 2
        count = _say(
            draw, str(row.count), (right, middle), size, bold=True, fill=MUTED, anchor="rm"
        )
        _say(
            draw,
            row.text.upper(),
            (left, middle),
            size,
            bold=True,
            fill=MUTED,
            max_width=width - count - 12,
        )
    elif row.style == CARD:
        colour = BAD if row.at_fault else ACCENT
        # The counts right-aligned in a box of two digits, so the names line up.
        box = text_width("00×", tier.size, True)
        _say(
            draw,
            f"{row.count}×",
            (left + box, middle),
            tier.size,
            bold=True,
            fill=colour,
            anchor="rm",
        )
        name_left = left + box + 10
        # A long name shrinks a little before it is cut.
        size = fit_size(
            row.text,
            max_width=right - name_left,
            size=tier.size,
            smallest=tier.size - NAME_SHRINK,
            bold=False,
        )
        _say(
            draw,
            row.text,
            (name_left, middle),
            size,
            bold=False,
            fill=BAD if row.at_fault else INK,
            max_width=right - name_left,
        )
        if row.at_fault:
            draw.rectangle((left - 12, top + 4, left - 8, top + row.height(tier) - 4), fill=BAD)
    elif row.style == MORE:
        _say(draw, row.text, (left, middle), tier.size, bold=True, fill=MUTED, max_width=width)


def _footer(draw: ImageDraw.ImageDraw, picture: DeckPicture) -> None:
    """Draw a rule and the site's name under the list."""
    draw.rectangle((MARGIN, FOOTER_RULE, WIDTH - MARGIN, FOOTER_RULE + 1), fill=LINE)
    _say(
        draw,
        picture.words.footer,
        (MARGIN, (FOOTER_RULE + HEIGHT) / 2),
        FOOTER_SIZE,
        bold=True,
        fill=MUTED,
        max_width=WIDTH - 2 * MARGIN,
    )
