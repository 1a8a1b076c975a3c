"""A card-sized image drawn on a grid of units, and the lines of text written on it."""

from PIL import Image, ImageDraw

from cardbase.faces.fonts import displayable, font_at
from cardbase.faces.lettering import ellipsize, fit_size, text_width, wrap


class Canvas:
    """A transparent image laid out on a grid of 300 x 420 units (420 x 300 on its side),
    scaled to its size in pixels."""

    def __init__(self, width: int, height: int, *, landscape: bool) -> None:
        self.w = width
        self.h = height
        self.W, self.H = (420, 300) if landscape else (300, 420)  # units
        self.u = width / self.W
        self.image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
        self.draw = ImageDraw.Draw(self.image)

    def p(self, value: float) -> int:
        """Return `value` units in pixels."""
        return round(value * self.u)

    def px(self, value: float) -> int:
        """Return a pixel size derived from units, never below 1."""
        return max(1, self.p(value))

    def fit_size(
        self, text: str, *, max_width: float, size: float, min_size: float, bold: bool
    ) -> int:
        """Return the largest pixel size (from `size` units down to `min_size`) at which `text`
        fits `max_width` pixels."""
        smallest = self.px(min_size)
        return fit_size(text, max_width=max_width, size=self.px(size), smallest=smallest, bold=bold)

    def wrap(
        self,
        text: str,
        *,
        max_width: int,
        max_height: int,
        size: float,
        min_size: float,
        bold: bool = True,
        max_lines: int = 3,
    ) -> tuple[int, list[str]]:
        """Wrap `text` in `max_width` and `max_height` pixels, shrunk from `size` units down to
        `min_size` (see `lettering.wrap`); return the pixel size and the lines."""
        return wrap(
            text,
            max_width=max_width,
            max_height=max_height,
            size=self.px(size),
            smallest=self.px(min_size),
            bold=bold,
            max_lines=max_lines,
        )

    def line(
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
        """Draw one line of text, shrunk (then cut with an ellipsis) to fit `max_width` units."""
        limit = self.p(max_width)
        px = self.fit_size(text, max_width=limit, size=size, min_size=min_size, bold=bold)
        text = ellipsize(displayable(text, px, bold), px, bold, limit)
        font = font_at(px, bold)
        x, y = self.p(centre_x), self.p(top)
        if spacing and text_width(text, px, bold) + self.p(spacing) * len(text) <= limit:
            self._spaced(text, (x, y), font, fill, self.p(spacing))
        else:
            self.draw.text((x, y), text, font=font, fill=fill, anchor="ma")

    def _spaced(self, text: str, at: tuple[int, int], font, fill: str, gap: int) -> None:
        """Draw `text` centred on `at`, its letters `gap` pixels apart."""
        widths = [font.getlength(c) for c in text]
        total = sum(widths) + gap * (len(text) - 1)
        x = at[0] - total / 2
        for char, width in zip(text, widths, strict=True):
            self.draw.text((x, at[1]), char, font=font, fill=fill, anchor="la")
            x += width + gap

    def centred(self, centre: tuple[int, int], text: str, size: int, *, bold: bool, fill) -> None:
        """Draw `text` with its ink box centred on `centre` (better than anchors for digits)."""
        text = displayable(text, size, bold)
        font = font_at(size, bold)
        left, top, right, bottom = self.draw.textbbox((0, 0), text, font=font, anchor="la")
        x = centre[0] - (left + right) / 2
        y = centre[1] - (top + bottom) / 2
        self.draw.text((x, y), text, font=font, fill=fill, anchor="la")
