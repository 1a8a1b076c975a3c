"""Server-side SVG bar charts: no JavaScript, no library; every text escaped."""

from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

# "Unknown" is a neutral grey drawn with a dashed outline.
UNKNOWN_FILL = "#cfc9d4"
DEFAULT_FILL = "#7a4e0f"
GAP_STROKE = "#a4161a"

ROW = 24  # height of one horizontal bar's row
LABEL_WIDTH = 150
BAR_WIDTH = 190
WIDTH = LABEL_WIDTH + BAR_WIDTH + 40
COLUMN = 34  # width of one column of the histogram
PLOT_HEIGHT = 120


@dataclass(frozen=True)
class Bar:
    """One bar: its label, its value, and how it is drawn."""

    label: str
    value: int
    fill: str = DEFAULT_FILL
    key: str = ""  # a stable name for the bar (order id, colour id), for styling and tests
    note: str = ""  # shown after the value, e.g. that an empty rung is a gap in the ladder
    unknown: bool = False
    gap: bool = False


@dataclass(frozen=True)
class Chart:
    """A chart's data and its SVG; the template adds a visually hidden table of the numbers."""

    key: str
    title: str
    desc: str
    bars: tuple[Bar, ...]
    svg: SafeString
    # How many cards the chart counts where a card may stand in several bars; else the sum.
    cards: int | None = None

    @property
    def total(self) -> int:
        return self.cards if self.cards is not None else sum(bar.value for bar in self.bars)


def _attr(value: object) -> str:
    return escape(str(value))


def _head(key: str, title: str, desc: str, width: int, height: int, kind: str) -> str:
    ids = f"chart-{_attr(key)}-title chart-{_attr(key)}-desc"
    return (
        f'<svg class="chart-svg chart-{kind}" data-chart="{_attr(key)}" role="img" '
        f'aria-labelledby="{ids}" viewBox="0 0 {width} {height}" width="{width}" '
        f'height="{height}" xmlns="http://www.w3.org/2000/svg" font-size="12">'
        f'<title id="chart-{_attr(key)}-title">{escape(title)}</title>'
        f'<desc id="chart-{_attr(key)}-desc">{escape(desc)}</desc>'
    )


def _is_light(fill: str) -> bool:
    """Tell whether a "#rrggbb" fill is too pale to see on paper without an outline."""
    if len(fill) != 7 or not fill.startswith("#"):
        return False
    red, green, blue = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return 0.299 * red + 0.587 * green + 0.114 * blue > 220


def _rect(bar: Bar, x: float, y: float, w: float, h: float) -> str:
    # White and unknown bars need an outline to be seen on paper; unknown is dashed.
    stroke = ""
    if bar.unknown:
        stroke = ' stroke="#6b6670" stroke-dasharray="3 2"'
    elif _is_light(bar.fill):
        stroke = ' stroke="#6b6670"'
    return (
        f'<rect class="bar" data-bar="{_attr(bar.key)}" data-value="{bar.value}" x="{x:g}" '
        f'y="{y:g}" width="{w:g}" height="{h:g}" fill="{_attr(bar.fill)}"{stroke}/>'
    )


def horizontal_bars(
    *, key: str, title: str, desc: str, bars: list[Bar], cards: int | None = None
) -> Chart:
    """Draw one row per bar, top to bottom in the given order; a gap row is outlined in red."""
    height = ROW * max(len(bars), 1) + 4
    top = max((bar.value for bar in bars), default=0) or 1
    parts = [_head(key, title, desc, WIDTH, height, "bars")]
    for index, bar in enumerate(bars):
        y = 2 + index * ROW
        label_y = y + ROW / 2 + 4
        parts.append(
            f'<g class="row{" gap" if bar.gap else ""}" data-row="{_attr(bar.key)}">'
            f'<text x="{LABEL_WIDTH - 6}" y="{label_y:g}" text-anchor="end" fill="#1d1b22">'
            f"{escape(bar.label)}</text>"
        )
        if bar.gap:
            parts.append(
                f'<rect class="gap-box" x="{LABEL_WIDTH}" y="{y + 3}" width="{BAR_WIDTH}" '
                f'height="{ROW - 6}" fill="none" stroke="{GAP_STROKE}" stroke-dasharray="4 3"/>'
            )
        width = BAR_WIDTH * bar.value / top
        if bar.value:
            parts.append(_rect(bar, LABEL_WIDTH, y + 3, round(width, 2), ROW - 6))
        text = f"{bar.value}" + (f" · {bar.note}" if bar.note else "")
        colour = GAP_STROKE if bar.gap else "#1d1b22"
        parts.append(
            f'<text class="value" x="{LABEL_WIDTH + round(width, 2) + 4:g}" y="{label_y:g}" '
            f'fill="{colour}">{escape(text)}</text></g>'
        )
    parts.append("</svg>")
    return Chart(key, title, desc, tuple(bars), mark_safe("".join(parts)), cards)  # noqa: S308 - escaped


def columns(*, key: str, title: str, desc: str, bars: list[Bar]) -> Chart:
    """Draw a histogram: one column per bar, left to right, its label and value under and over."""
    width = COLUMN * max(len(bars), 1) + 8
    height = PLOT_HEIGHT + 40
    top = max((bar.value for bar in bars), default=0) or 1
    base = PLOT_HEIGHT + 18  # the x axis, leaving room above the tallest column for its value
    parts = [_head(key, title, desc, width, height, "columns")]
    parts.append(
        f'<line x1="2" y1="{base}" x2="{width - 2}" y2="{base}" stroke="#6b6670" stroke-width="1"/>'
    )
    for index, bar in enumerate(bars):
        x = 4 + index * COLUMN
        centre = x + COLUMN / 2
        h = round(PLOT_HEIGHT * bar.value / top, 2)
        parts.append(f'<g class="column" data-row="{_attr(bar.key)}">')
        if bar.value:
            parts.append(_rect(bar, x + 4, base - h, COLUMN - 8, h))
        parts.append(
            f'<text class="value" x="{centre:g}" y="{base - h - 4:g}" text-anchor="middle" '
            f'fill="#1d1b22">{bar.value}</text>'
            f'<text x="{centre:g}" y="{base + 15}" text-anchor="middle" fill="#1d1b22">'
            f"{escape(bar.label)}</text></g>"
        )
    parts.append("</svg>")
    return Chart(key, title, desc, tuple(bars), mark_safe("".join(parts)))  # noqa: S308 - escaped
