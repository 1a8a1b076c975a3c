"""Draw a generated face: its places arranged upright, or round large figures and corner lists."""

import io

from PIL import Image

from cardbase.faces.canvas import Canvas
from cardbase.faces.colours import INK, MUTED
from cardbase.faces.frame import draw_frame
from cardbase.faces.layout import CardFace
from cardbase.faces.marks import (
    draw_arrows,
    draw_badge,
    draw_corner_mark,
    draw_divider,
    draw_rings,
)
from cardbase.faces.words import (
    draw_figures,
    draw_foot,
    draw_kind,
    draw_name_block,
    draw_paragraph,
)

_ASPECT = 7 / 5
_SUPERSAMPLE = 2  # draw at 2x and downscale: Pillow's shapes are not antialiased


def face_size(width: int = 300, *, landscape: bool = False) -> tuple[int, int]:
    """Return the (width, height) of a rendered face: 5:7, or 7:5 lying on its side, `width`
    being the short side."""
    long = round(width * _ASPECT)
    return (long, width) if landscape else (width, long)


def render_card_face(face: CardFace, *, width: int = 300) -> bytes:
    """Draw `face` and return it as PNG bytes, `width` x 1.4 * `width` pixels (on its side,
    1.4 * `width` x `width`)."""
    if width < 50:
        raise ValueError("a card face needs a width of at least 50 pixels")
    out_w, out_h = face_size(width, landscape=face.landscape)
    image = _paint(face, out_w * _SUPERSAMPLE, out_h * _SUPERSAMPLE)
    image = image.resize((out_w, out_h), Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    image.save(buffer, "PNG", optimize=True)
    return buffer.getvalue()


def _paint(face: CardFace, width: int, height: int) -> Image.Image:
    """Draw `face` on an image of `width` x `height` pixels."""
    canvas = Canvas(width, height, landscape=face.landscape)
    draw_frame(canvas, face.colour)
    if face.arrows is not None:
        draw_arrows(canvas, face)
    if face.landscape or face.figures or face.foot_left or face.foot_right:
        _arrange_with_figures(canvas, face)
    else:
        _arrange_upright(canvas, face)
    return canvas.image


def _marks_and_kind(
    canvas: Canvas, face: CardFace, *, centre_x: float, top: float, width: float
) -> None:
    """Draw the badge and corner mark the face has, and the kind's name in capitals."""
    if face.badge is not None:
        draw_badge(canvas, face)
    if face.corner is not None:
        draw_corner_mark(canvas, face)
    draw_kind(canvas, face, centre_x=centre_x, top=top, width=width)


def _arrange_upright(canvas: Canvas, face: CardFace) -> None:
    """Lay out an upright face: kind, name, then a title and rings or the text, then a footer."""
    _marks_and_kind(
        canvas, face, centre_x=165 if face.badge is not None else 150, top=42, width=150
    )

    if face.title is not None or face.rings is not None or face.text is not None:
        draw_name_block(canvas, face, top=96, bottom=206)
        draw_divider(canvas, face, 216)
    else:
        draw_name_block(canvas, face, top=110, bottom=300)
    if face.title is not None:
        canvas.line(
            face.title,
            centre_x=150,
            top=228,
            max_width=236,
            size=22,
            min_size=11,
            bold=True,
            fill=INK,
        )
    if face.rings is not None:
        draw_rings(canvas, face, centre_y=280)
        canvas.line(
            face.rings.label,
            centre_x=150,
            top=302,
            max_width=236,
            size=15,
            min_size=9,
            bold=False,
            fill=MUTED,
        )
    if face.text is not None:
        draw_paragraph(canvas, face.text, top=230, bottom=332 if face.footer is not None else 392)

    if face.footer is not None:
        draw_divider(canvas, face, 344)
        canvas.line(
            face.footer,
            centre_x=150,
            top=360,
            max_width=190,
            size=15,
            min_size=9,
            bold=False,
            fill=MUTED,
        )


def _arrange_with_figures(canvas: Canvas, face: CardFace) -> None:
    """Lay out a face whose foot holds large figures and corner lists, or one lying on its
    side: kind, name, text, then the figures, then the corners."""
    landscape = face.landscape
    centre, wide = canvas.W / 2, canvas.W - 64
    kind_top, name_top = (30, 52) if landscape else (42, 92)
    figure_top = 194 if landscape else 300
    foot_top = 250 if landscape else 358
    below = figure_top if face.figures else foot_top
    _marks_and_kind(canvas, face, centre_x=centre, top=kind_top, width=wide - 60)
    if face.text is not None:
        middle = name_top + (below - name_top) * 0.42
        draw_name_block(canvas, face, top=name_top, bottom=middle - 10)
        draw_divider(canvas, face, middle)
        draw_paragraph(canvas, face.text, top=middle + 10, bottom=below - 8)
    else:
        draw_name_block(canvas, face, top=name_top, bottom=below - 8)
    if face.figures:
        draw_figures(canvas, face, top=figure_top)
    for side, listed in (("left", face.foot_left), ("right", face.foot_right)):
        if listed:
            draw_foot(canvas, listed, side=side, top=foot_top)
