"""Generated card faces.

Some catalogue cards have no scan yet, so the site draws a stand-in face from the card's own
attributes: a frame in the card's colour, the name, the level, the order with its choir drawn as
rings (I = 1 ring, II = 2, III = 3), the faction and the edition symbol.  Anything unknown is drawn
as ``?``; nothing is guessed.

Pure Pillow, no Django: cardbase/face_files.py passes in labels that are already translated.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import json
import os
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont, ImageOps

# Bump whenever the drawing code changes what a face looks like: it is part of the fingerprint,
# so cached renders are redrawn.
FACE_VERSION = "1"

# Frame colours, as printed on the cards.
COLORS = {
    "gold": "#c9a227",
    "red": "#b3261e",
    "blue": "#1f5fa8",
    "black": "#222222",
    "white": "#f2f2f2",
}
UNKNOWN_COLOR = "#7f7f7f"  # neutral grey, hatched so it reads as "unknown"
NEUTRAL_COLOR = "#8a7556"  # non-angel cards without a colour: plain bronze, not hatched

# Lighter variants for lines and rings drawn on the dark background (a #222 ring would vanish).
ACCENT_COLORS = {
    "gold": "#e2bd45",
    "red": "#e0574d",
    "blue": "#5d98e3",
    "black": "#c8bfae",
    "white": "#f2f2f2",
}
_UNKNOWN_ACCENT = "#a9a9a9"
_NEUTRAL_ACCENT = "#c2a878"

_BG_TOP = "#4b3a27"
_BG_BOTTOM = "#1f1710"
_INK = "#f3ead6"  # main text
_MUTED = "#cbbd9f"  # secondary text
_DARK = "#16110c"

_RINGS = {"I": 1, "II": 2, "III": 3}
_ANGEL = "angel"

_ASPECT = 7 / 5
_SUPERSAMPLE = 2  # draw at 2x and downscale: Pillow's shapes are not antialiased

# --- fonts -------------------------------------------------------------------------------------

FONT_ENV_VAR = "CARD_FACE_FONT"
_DEJAVU_DIR = Path("/usr/share/fonts/truetype/dejavu")
_BUNDLED_DIR = Path(__file__).resolve().parent.parent / "static" / "fonts"


def _font_path(bold: bool) -> str | None:
    """Return the TrueType file to draw with, or None for Pillow's built-in font."""
    override = os.environ.get(FONT_ENV_VAR)
    if override and Path(override).is_file():
        return override
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    candidates = [
        _DEJAVU_DIR / name,
        _DEJAVU_DIR / "DejaVuSans-Bold.ttf",
        _DEJAVU_DIR / "DejaVuSans.ttf",
        _BUNDLED_DIR / name,
        _BUNDLED_DIR / "DejaVuSans-Bold.ttf",
        _BUNDLED_DIR / "DejaVuSans.ttf",
    ]
    for path in candidates:
        if path.is_file():
            return str(path)
    return None


@lru_cache(maxsize=128)
def _font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Return a font of `size` pixels; cached, call ``_font.cache_clear()`` after changing env."""
    size = max(size, 1)
    path = _font_path(bold)
    if path is not None:
        try:
            return ImageFont.truetype(path, size)
        except OSError:
            pass
    # Pillow >= 10.1 ships a scalable font (FreeType builds).  It has no Polish letters, so text
    # drawn with it goes through _displayable(), which folds Ł to L rather than drawing boxes.
    return ImageFont.load_default(size=size)


@lru_cache(maxsize=1024)
def _has_glyph(size: int, bold: bool, char: str) -> bool:
    """Tell whether `char` renders as itself rather than as the font's missing-glyph box."""
    if char.isspace():
        return True
    font = _font(size, bold)
    return _glyph_pixels(font, char) != _glyph_pixels(font, "\U0010fffd")


def _glyph_pixels(font: ImageFont.FreeTypeFont | ImageFont.ImageFont, char: str) -> bytes:
    image = Image.new("L", (font.size * 2 if hasattr(font, "size") else 32,) * 2)
    ImageDraw.Draw(image).text((2, 2), char, font=font, fill=255)
    return image.tobytes()


_FOLDS = {"Ł": "L", "ł": "l", "·": "-", "…": "...", "–": "-", "—": "-"}


def _displayable(text: str, size: int, bold: bool) -> str:
    """Replace the characters the current font cannot draw (Ą -> A, Ł -> L) instead of tofu."""
    out = []
    for char in text:
        if _has_glyph(size, bold, char):
            out.append(char)
            continue
        folded = _FOLDS.get(char) or "".join(
            c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)
        )
        out.append("".join(c for c in folded if _has_glyph(size, bold, c)))
    return "".join(out)


# --- the face ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardFace:
    """What a generated face shows; labels are already translated, None means unknown."""

    name: str
    kind_label: str
    level: int | None = None
    order_label: str | None = None
    choir: str | None = None
    choir_label: str | None = None
    color: str | None = None
    faction_label: str | None = None
    edition_symbol: str | None = None
    subtitle: str | None = None
    unknown_label: str = "?"
    # "angel", "human" or "intervention" (the Kind values).  Angels, and cards whose kind is
    # None, draw every angel attribute and "?" for the missing ones; other kinds have no order or
    # choir and draw only the attributes they are given.
    kind: str | None = _ANGEL

    def fingerprint(self) -> str:
        """A short hash of everything drawn and of FACE_VERSION, for naming cached renders."""
        payload = json.dumps(
            {"version": FACE_VERSION, **dataclasses.asdict(self)},
            sort_keys=True,
            ensure_ascii=False,
        )
        return hashlib.sha1(payload.encode("utf-8")).hexdigest()[:16]

    @property
    def is_angel_like(self) -> bool:
        return self.kind in (None, _ANGEL)


def face_size(width: int = 300) -> tuple[int, int]:
    """Return the (width, height) of a rendered face: always 5:7."""
    return width, round(width * _ASPECT)


def render_card_face(face: CardFace, *, width: int = 300) -> bytes:
    """Draw `face` and return it as PNG bytes, `width` x 1.4 * `width` pixels."""
    if width < 50:
        raise ValueError("a card face needs a width of at least 50 pixels")
    out_w, out_h = face_size(width)
    image = _Painter(face, out_w * _SUPERSAMPLE, out_h * _SUPERSAMPLE).paint()
    image = image.resize((out_w, out_h), Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    image.save(buffer, "PNG", optimize=True)
    return buffer.getvalue()


def frame_colour(face: CardFace) -> str:
    """The frame's hex colour (the hatching of an unknown colour is drawn over it)."""
    if face.color in COLORS:
        return COLORS[face.color]
    return UNKNOWN_COLOR if face.is_angel_like or face.color is not None else NEUTRAL_COLOR


def _rgb(colour: str) -> tuple[int, int, int]:
    colour = colour.lstrip("#")
    return int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16)


def _is_light(colour: str) -> bool:
    r, g, b = _rgb(colour)
    return 0.299 * r + 0.587 * g + 0.114 * b > 140


def _mix(a: str, b: str, share_of_a: float) -> tuple[int, int, int]:
    return tuple(
        round(x * share_of_a + y * (1 - share_of_a)) for x, y in zip(_rgb(a), _rgb(b), strict=True)
    )


class _Painter:
    """Lays a face out on a 300 x 420 grid of units, scaled to the requested size."""

    FRAME = 14  # frame thickness, units
    RADIUS = 16  # corner radius, units

    def __init__(self, face: CardFace, width: int, height: int) -> None:
        self.face = face
        self.w = width
        self.h = height
        self.u = width / 300
        known = face.color in COLORS
        self.frame = frame_colour(face)
        if known:
            self.accent = ACCENT_COLORS[face.color]
        elif self.frame == UNKNOWN_COLOR:
            self.accent = _UNKNOWN_ACCENT
        else:
            self.accent = _NEUTRAL_ACCENT
        self.hatched = self.frame == UNKNOWN_COLOR
        self.image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
        self.draw = ImageDraw.Draw(self.image)

    # units -> pixels
    def p(self, value: float) -> int:
        return round(value * self.u)

    def px(self, value: float) -> int:
        """A pixel size derived from units, never below 1."""
        return max(1, self.p(value))

    def unknown(self, value: object) -> str:
        return self.face.unknown_label if value is None else str(value)

    # ---------------------------------------------------------------------------------------

    def paint(self) -> Image.Image:
        face = self.face
        self._background_and_frame()
        angel = face.is_angel_like

        badge = angel or face.level is not None
        if badge:
            self._level_badge()
        self._edition_symbol()
        self._line(
            face.kind_label.upper(),
            centre_x=165 if badge else 150,
            top=42,
            max_width=150,
            size=15,
            min_size=9,
            bold=True,
            fill=self.accent,
            spacing=1.5,
        )

        if angel:
            self._name_block(top=96, bottom=206)
            self._divider(216)
            self._line(
                self.unknown(face.order_label),
                centre_x=150,
                top=228,
                max_width=236,
                size=22,
                min_size=11,
                bold=True,
                fill=_INK,
            )
            self._rings(centre_y=280)
            choir_text = face.choir_label or face.choir
            self._line(
                self.unknown(choir_text),
                centre_x=150,
                top=302,
                max_width=236,
                size=15,
                min_size=9,
                bold=False,
                fill=_MUTED,
            )
        else:
            self._name_block(top=110, bottom=300)

        if angel or face.faction_label is not None:
            self._divider(344)
            self._line(
                self.unknown(face.faction_label),
                centre_x=150,
                top=360,
                max_width=190,
                size=15,
                min_size=9,
                bold=False,
                fill=_MUTED,
            )
        return self.image

    # ---------------------------------------------------------------------------------------

    def _background_and_frame(self) -> None:
        w, h = self.w, self.h
        radius, thickness = self.p(self.RADIUS), self.p(self.FRAME)
        card_mask = Image.new("L", (w, h), 0)
        ImageDraw.Draw(card_mask).rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=255)

        gradient = Image.linear_gradient("L").resize((w, h))
        background = ImageOps.colorize(gradient, _BG_TOP, _BG_BOTTOM).convert("RGBA")
        self.image.paste(background, (0, 0), card_mask)

        frame_layer = Image.new("RGBA", (w, h), self.frame)
        if self.hatched:
            hatch = ImageDraw.Draw(frame_layer)
            step, stroke = self.px(11), self.px(4)
            for x in range(-h, w + h, step):
                hatch.line((x, 0, x + h, h), fill="#4a4a4a", width=stroke)
        frame_mask = card_mask.copy()
        ImageDraw.Draw(frame_mask).rounded_rectangle(
            (thickness, thickness, w - 1 - thickness, h - 1 - thickness),
            max(radius - thickness // 2, 1),
            fill=0,
        )
        self.image.paste(frame_layer, (0, 0), frame_mask)

        # A dark outer edge so white (and gold) frames show on a white page, and an inner edge
        # that separates the frame from the dark background.
        self.draw.rounded_rectangle(
            (0, 0, w - 1, h - 1),
            radius,
            outline=_DARK if self.frame != COLORS["black"] else "#000000",
            width=self.px(2),
        )
        inner = "#e6d9bb" if not _is_light(self.frame) else _DARK
        self.draw.rounded_rectangle(
            (thickness, thickness, w - 1 - thickness, h - 1 - thickness),
            max(radius - thickness // 2, 1),
            outline=inner,
            width=self.px(1.5),
        )
        # A faint inner rule in the accent colour.
        rule = _mix(self.accent, _BG_TOP, 0.45)
        inset = self.p(self.FRAME + 6)
        self.draw.rounded_rectangle(
            (inset, inset, w - 1 - inset, h - 1 - inset), self.p(8), outline=rule, width=self.px(1)
        )

    def _level_badge(self) -> None:
        cx, cy, r = self.p(56), self.p(56), self.p(26)
        fill = self.frame
        text_colour = _DARK if _is_light(fill) else _INK
        ring = _DARK if _is_light(fill) else "#e6d9bb"
        self.draw.ellipse(
            (cx - r, cy - r, cx + r, cy + r), fill=fill, outline=ring, width=self.px(2)
        )
        level = self.face.level
        text = self.face.unknown_label if level is None else f"{level:02d}"
        size = self._fit_size(text, max_width=2 * r - self.p(12), size=30, min_size=10, bold=True)
        self._centred((cx, cy), text, size, bold=True, fill=text_colour)

    def _edition_symbol(self) -> None:
        cx, cy, r = self.p(258), self.p(50), self.p(9)
        box = (cx - r, cy - r, cx + r, cy + r)
        symbol = self.face.edition_symbol
        if symbol == "filled":
            self.draw.ellipse(box, fill=_INK, outline=_INK, width=self.px(2))
        elif symbol == "empty":
            self.draw.ellipse(box, outline=_INK, width=self.px(2))
        else:
            self.draw.ellipse(box, outline=_MUTED, width=self.px(1.5))
            size = self._fit_size(
                self.face.unknown_label, max_width=r * 1.4, size=13, min_size=6, bold=True
            )
            self._centred((cx, cy), self.face.unknown_label, size, bold=True, fill=_MUTED)

    def _name_block(self, top: float, bottom: float) -> None:
        """Draw the name (and subtitle) centred between `top` and `bottom` units."""
        face = self.face
        max_width = self.p(236)
        sub_size = self.p(14)
        sub_gap = self.p(8)
        subtitle = face.subtitle
        sub_height = 0
        if subtitle:
            sub_size = self._fit_size(
                subtitle, max_width=max_width, size=14, min_size=8, bold=False
            )
            sub_height = self._line_height(sub_size, bold=False) + sub_gap
        name = face.name.strip() or face.unknown_label
        room = self.p(bottom - top) - sub_height
        size, lines = self._wrap(name, max_width=max_width, max_height=room, size=34, min_size=12)
        line_h = self._line_height(size, bold=True)
        block = line_h * len(lines) + sub_height
        y = self.p(top) + max(0, (self.p(bottom - top) - block) // 2)
        for line in lines:
            text = _displayable(line, size, True)
            self.draw.text((self.w // 2, y), text, font=_font(size, True), fill=_INK, anchor="ma")
            y += line_h
        if subtitle:
            y += sub_gap
            text = self._ellipsize(
                _displayable(subtitle, sub_size, False), sub_size, False, max_width
            )
            self.draw.text(
                (self.w // 2, y), text, font=_font(sub_size, False), fill=_MUTED, anchor="ma"
            )

    def _rings(self, centre_y: float) -> None:
        count = _RINGS.get(self.face.choir or "")
        r = self.p(12)
        stroke = self.px(3)
        cy = self.p(centre_y)
        if count is None:
            cx = self.w // 2
            self._dashed_circle((cx, cy), r, stroke, self.accent)
            size = self._fit_size(
                self.face.unknown_label, max_width=r * 1.4, size=15, min_size=6, bold=True
            )
            self._centred((cx, cy), self.face.unknown_label, size, bold=True, fill=self.accent)
            return
        spacing = self.p(34)
        first = self.w // 2 - spacing * (count - 1) // 2
        for i in range(count):
            cx = first + i * spacing
            self.draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=self.accent, width=stroke)

    def _dashed_circle(self, centre: tuple[int, int], r: int, stroke: int, fill: str) -> None:
        cx, cy = centre
        box = (cx - r, cy - r, cx + r, cy + r)
        for start in range(0, 360, 30):
            self.draw.arc(box, start, start + 18, fill=fill, width=stroke)

    def _divider(self, y: float) -> None:
        cy = self.p(y)
        half = self.p(90)
        colour = _mix(self.accent, _BG_TOP, 0.8)
        cx = self.w // 2
        self.draw.line((cx - half, cy, cx - self.p(8), cy), fill=colour, width=self.px(1.2))
        self.draw.line((cx + self.p(8), cy, cx + half, cy), fill=colour, width=self.px(1.2))
        d = self.p(4)
        self.draw.polygon([(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)], fill=colour)

    # --- text helpers -------------------------------------------------------------------------

    def _line(
        self,
        text: str,
        *,
        centre_x: float,
        top: float,
        max_width: float,
        size: float,
        min_size: float,
        bold: bool,
        fill: str,
        spacing: float = 0,
    ) -> None:
        """One line of text, shrunk (then cut with an ellipsis) to fit `max_width` units."""
        limit = self.p(max_width)
        px = self._fit_size(text, max_width=limit, size=size, min_size=min_size, bold=bold)
        text = self._ellipsize(_displayable(text, px, bold), px, bold, limit)
        font = _font(px, bold)
        x, y = self.p(centre_x), self.p(top)
        if spacing and self._text_width(text, px, bold) + self.p(spacing) * len(text) <= limit:
            self._spaced(text, (x, y), font, fill, self.p(spacing))
        else:
            self.draw.text((x, y), text, font=font, fill=fill, anchor="ma")

    def _spaced(self, text: str, at: tuple[int, int], font, fill: str, gap: int) -> None:
        widths = [font.getlength(c) for c in text]
        total = sum(widths) + gap * (len(text) - 1)
        x = at[0] - total / 2
        for char, width in zip(text, widths, strict=True):
            self.draw.text((x, at[1]), char, font=font, fill=fill, anchor="la")
            x += width + gap

    def _centred(self, centre: tuple[int, int], text: str, size: int, *, bold: bool, fill) -> None:
        """Draw `text` with its ink box centred on `centre` (better than anchors for digits)."""
        text = _displayable(text, size, bold)
        font = _font(size, bold)
        left, top, right, bottom = self.draw.textbbox((0, 0), text, font=font, anchor="la")
        x = centre[0] - (left + right) / 2
        y = centre[1] - (top + bottom) / 2
        self.draw.text((x, y), text, font=font, fill=fill, anchor="la")

    def _text_width(self, text: str, size: int, bold: bool) -> float:
        return _font(size, bold).getlength(_displayable(text, size, bold))

    def _line_height(self, size: int, bold: bool) -> int:
        font = _font(size, bold)
        if hasattr(font, "getmetrics"):
            ascent, descent = font.getmetrics()
            return ascent + descent
        return size + size // 4

    def _fit_size(self, text: str, *, max_width: float, size: float, min_size: float, bold: bool):
        """The largest pixel size (from `size` units down to `min_size`) at which `text` fits."""
        px, smallest = self.px(size), self.px(min_size)
        while px > smallest and self._text_width(text, px, bold) > max_width:
            px -= 1
        return px

    def _ellipsize(self, text: str, size: int, bold: bool, max_width: float) -> str:
        font = _font(size, bold)
        if font.getlength(text) <= max_width:
            return text
        ellipsis = _displayable("…", size, bold)
        while text and font.getlength(text.rstrip() + ellipsis) > max_width:
            text = text[:-1]
        return text.rstrip() + ellipsis

    def _wrap(
        self, text: str, *, max_width: int, max_height: int, size: float, min_size: float
    ) -> tuple[int, list[str]]:
        """Wrap the name on words, shrinking until it fits in at most three lines.

        Words are only broken (with a hyphen) when even the smallest size cannot hold them.
        """
        px, smallest = self.px(size), self.px(min_size)
        while True:
            lines = self._wrap_at(text, px, max_width, break_words=px <= smallest)
            fits = (
                lines is not None
                and len(lines) <= 3
                and self._line_height(px, True) * len(lines) <= max_height
            )
            if fits or px <= smallest:
                break
            px -= 1
        assert lines is not None  # break_words=True always wraps
        if len(lines) > 3 or self._line_height(px, True) * len(lines) > max_height:
            keep = max(1, min(3, max_height // self._line_height(px, True)))
            lines = [
                *lines[: keep - 1],
                self._ellipsize(" ".join(lines[keep - 1 :]), px, True, max_width),
            ]
        return px, lines

    def _wrap_at(
        self, text: str, size: int, max_width: int, *, break_words: bool
    ) -> list[str] | None:
        """Greedy word wrap; None if a word is too wide and `break_words` is off."""
        lines: list[str] = []
        current = ""
        for word in text.split():
            candidate = f"{current} {word}".strip()
            if self._text_width(candidate, size, True) <= max_width:
                current = candidate
                continue
            if current:
                lines.append(current)
            current = word
            if self._text_width(current, size, True) > max_width and not break_words:
                return None
            while self._text_width(current, size, True) > max_width and len(current) > 1:
                cut = len(current) - 1
                while cut > 1 and self._text_width(current[:cut] + "-", size, True) > max_width:
                    cut -= 1
                lines.append(current[:cut] + "-")
                current = current[cut:]
        if current:
            lines.append(current)
        return lines or [""]
