"""The words on a generated face: the kind, the name, the text, large figures and corner lists."""

from cardbase.faces.canvas import Canvas
from cardbase.faces.colours import INK, MUTED, accent_of
from cardbase.faces.fonts import displayable, font_at
from cardbase.faces.frame import FRAME
from cardbase.faces.layout import CardFace
from cardbase.faces.lettering import ellipsize, line_height


def draw_kind(canvas: Canvas, face: CardFace, *, centre_x: float, top: float, width: float) -> None:
    """Draw the kind's name in spaced capitals, in the accent colour."""
    canvas.line(
        face.kind_label.upper(),
        centre_x=centre_x,
        top=top,
        max_width=width,
        size=15,
        min_size=9,
        bold=True,
        fill=accent_of(face.colour),
        spacing=1.5,
    )


def draw_name_block(canvas: Canvas, face: CardFace, top: float, bottom: float) -> None:
    """Draw the name (and subtitle) centred between `top` and `bottom` units."""
    max_width = canvas.p(canvas.W - 64)
    sub_size = canvas.p(14)
    sub_gap = canvas.p(8)
    subtitle = face.subtitle
    sub_height = 0
    if subtitle:
        sub_size = canvas.fit_size(subtitle, max_width=max_width, size=14, min_size=8, bold=False)
        sub_height = line_height(sub_size, bold=False) + sub_gap
    name = face.name.strip() or face.unknown_label
    room = canvas.p(bottom - top) - sub_height
    size, lines = canvas.wrap(name, max_width=max_width, max_height=room, size=34, min_size=12)
    line_h = line_height(size, bold=True)
    block = line_h * len(lines) + sub_height
    y = canvas.p(top) + max(0, (canvas.p(bottom - top) - block) // 2)
    for line in lines:
        text = displayable(line, size, True)
        canvas.draw.text((canvas.w // 2, y), text, font=font_at(size, True), fill=INK, anchor="ma")
        y += line_h
    if subtitle:
        y += sub_gap
        text = ellipsize(displayable(subtitle, sub_size, False), sub_size, False, max_width)
        canvas.draw.text(
            (canvas.w // 2, y), text, font=font_at(sub_size, False), fill=MUTED, anchor="ma"
        )


def draw_paragraph(canvas: Canvas, text: str, *, top: float, bottom: float) -> None:
    """Draw the card's text wrapped between `top` and `bottom` units, shrunk to fit."""
    max_width, room = canvas.p(canvas.W - 64), canvas.p(bottom - top)
    # As many lines as the smallest size fits: the height is the only limit.
    most = max(1, room // line_height(canvas.px(9), False))
    size, lines = canvas.wrap(
        text,
        max_width=max_width,
        max_height=room,
        size=14,
        min_size=9,
        bold=False,
        max_lines=most,
    )
    y = canvas.p(top)
    for line in lines:
        shown = displayable(line, size, False)
        canvas.draw.text(
            (canvas.w // 2, y), shown, font=font_at(size, False), fill=INK, anchor="ma"
        )
        y += line_height(size, False)


def draw_figures(canvas: Canvas, face: CardFace, *, top: float) -> None:
    """Draw the large figures side by side, each with its label under it."""
    figures = face.figures
    slot = (canvas.W - 64) / len(figures)
    for index, figure in enumerate(figures):
        centre = 32 + slot * (index + 0.5)
        canvas.line(
            figure.text,
            centre_x=centre,
            top=top,
            max_width=slot - 8,
            size=34,
            min_size=14,
            bold=True,
            fill=INK,
        )
        canvas.line(
            figure.label,
            centre_x=centre,
            top=top + 40,
            max_width=slot - 8,
            size=11,
            min_size=7,
            bold=False,
            fill=MUTED,
        )


def draw_foot(canvas: Canvas, listed: tuple[str, ...], *, side: str, top: float) -> None:
    """List values in a bottom corner, one to a line, shrunk to fit half the width."""
    room = canvas.H - FRAME - 10 - top
    size = 12
    while size > 7 and len(listed) * size * 1.25 > room:
        size -= 1
    limit = canvas.p(canvas.W / 2 - 40)
    x = canvas.p(30) if side == "left" else canvas.p(canvas.W - 30)
    y = canvas.p(top)
    for value in listed:
        px = canvas.fit_size(value, max_width=limit, size=size, min_size=7, bold=False)
        text = ellipsize(displayable(value, px, False), px, False, limit)
        anchor = "la" if side == "left" else "ra"
        canvas.draw.text((x, y), text, font=font_at(px, False), fill=INK, anchor=anchor)
        y += line_height(px, False)
