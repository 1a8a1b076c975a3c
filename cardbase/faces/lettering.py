"""Text fitted to a width in pixels: measured, shrunk, cut with an ellipsis, wrapped on words."""

from cardbase.faces.fonts import displayable, font_at


def text_width(text: str, size: int, bold: bool) -> float:
    """Return the width in pixels of `text` drawn at `size` pixels."""
    return font_at(size, bold).getlength(displayable(text, size, bold))


def line_height(size: int, bold: bool) -> int:
    """Return the height in pixels of one line of text at `size` pixels."""
    font = font_at(size, bold)
    if hasattr(font, "getmetrics"):
        ascent, descent = font.getmetrics()
        return ascent + descent
    return size + size // 4


def fit_size(text: str, *, max_width: float, size: int, smallest: int, bold: bool) -> int:
    """Return the largest pixel size, from `size` down to `smallest`, at which `text` fits."""
    while size > smallest and text_width(text, size, bold) > max_width:
        size -= 1
    return size


def ellipsize(text: str, size: int, bold: bool, max_width: float) -> str:
    """Cut `text` with an ellipsis where it would overrun `max_width` pixels."""
    font = font_at(size, bold)
    if font.getlength(text) <= max_width:
        return text
    ellipsis = displayable("…", size, bold)
    while text and font.getlength(text.rstrip() + ellipsis) > max_width:
        text = text[:-1]
    return text.rstrip() + ellipsis


def wrap(
    text: str,
    *,
    max_width: int,
    max_height: int,
    size: int,
    smallest: int,
    bold: bool = True,
    max_lines: int = 3,
) -> tuple[int, list[str]]:
    """Wrap text on words, shrinking from `size` pixels down to `smallest` until it fits in
    `max_lines` lines and `max_height`; return the size and the lines.

    Words are only broken (with a hyphen) when even the smallest size cannot hold them.
    """
    px = size
    while True:
        lines = _wrap_at(text, px, max_width, bold, break_words=px <= smallest)
        fits = (
            lines is not None
            and len(lines) <= max_lines
            and line_height(px, bold) * len(lines) <= max_height
        )
        if fits or px <= smallest:
            break
        px -= 1
    assert lines is not None  # break_words=True always wraps
    if len(lines) > max_lines or line_height(px, bold) * len(lines) > max_height:
        keep = max(1, min(max_lines, max_height // line_height(px, bold)))
        lines = [
            *lines[: keep - 1],
            ellipsize(" ".join(lines[keep - 1 :]), px, bold, max_width),
        ]
    return px, lines


def _wrap_at(
    text: str, size: int, max_width: int, bold: bool, *, break_words: bool
) -> list[str] | None:
    """Greedy word wrap; None if a word is too wide and `break_words` is off."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}".strip()
        if text_width(candidate, size, bold) <= max_width:
            current = candidate
            continue
        if current:
            lines.append(current)
        current = word
        if text_width(current, size, bold) > max_width and not break_words:
            return None
        while text_width(current, size, bold) > max_width and len(current) > 1:
            cut = len(current) - 1
            while cut > 1 and text_width(current[:cut] + "-", size, bold) > max_width:
                cut -= 1
            lines.append(current[:cut] + "-")
            current = current[cut:]
    if current:
        lines.append(current)
    return lines or [""]
