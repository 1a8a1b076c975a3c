"""The shapes drawn on a generated face: the badge, the corner mark, rings, arrows and dividers."""

from cardbase.faces.canvas import Canvas
from cardbase.faces.colours import BG_TOP, DARK, INK, MUTED, accent_of, is_light, mix
from cardbase.faces.frame import FRAME
from cardbase.faces.layout import CardFace


def draw_badge(canvas: Canvas, face: CardFace) -> None:
    """Draw the badge's value in a disc of the frame's colour at the top left."""
    cx, cy, r = canvas.p(56), canvas.p(56), canvas.p(26)
    fill = face.colour.frame
    text_colour = DARK if is_light(fill) else INK
    ring = DARK if is_light(fill) else "#e6d9bb"
    canvas.draw.ellipse(
        (cx - r, cy - r, cx + r, cy + r), fill=fill, outline=ring, width=canvas.px(2)
    )
    text = face.badge
    size = canvas.fit_size(text, max_width=2 * r - canvas.p(12), size=30, min_size=10, bold=True)
    canvas.centred((cx, cy), text, size, bold=True, fill=text_colour)


def draw_corner_mark(canvas: Canvas, face: CardFace) -> None:
    """Draw the corner mark at the top right: a filled disc, an empty ring, or `?` in a ring."""
    cx, cy, r = canvas.p(canvas.W - 42), canvas.p(50), canvas.p(9)
    box = (cx - r, cy - r, cx + r, cy + r)
    symbol = face.corner
    if symbol == "filled":
        canvas.draw.ellipse(box, fill=INK, outline=INK, width=canvas.px(2))
    elif symbol == "empty":
        canvas.draw.ellipse(box, outline=INK, width=canvas.px(2))
    else:
        canvas.draw.ellipse(box, outline=MUTED, width=canvas.px(1.5))
        size = canvas.fit_size(
            face.unknown_label, max_width=r * 1.4, size=13, min_size=6, bold=True
        )
        canvas.centred((cx, cy), face.unknown_label, size, bold=True, fill=MUTED)


def draw_rings(canvas: Canvas, face: CardFace, centre_y: float) -> None:
    """Draw a row of rings in the accent colour, or one dashed ring round `?` while unknown."""
    accent = accent_of(face.colour)
    count = face.rings.count
    r = canvas.p(12)
    stroke = canvas.px(3)
    cy = canvas.p(centre_y)
    if count is None:
        cx = canvas.w // 2
        _dashed_circle(canvas, (cx, cy), r, stroke, accent)
        size = canvas.fit_size(
            face.unknown_label, max_width=r * 1.4, size=15, min_size=6, bold=True
        )
        canvas.centred((cx, cy), face.unknown_label, size, bold=True, fill=accent)
        return
    spacing = canvas.p(34)
    first = canvas.w // 2 - spacing * (count - 1) // 2
    for i in range(count):
        cx = first + i * spacing
        canvas.draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=accent, width=stroke)


def _dashed_circle(canvas: Canvas, centre: tuple[int, int], r: int, stroke: int, fill: str) -> None:
    """Draw a circle of radius `r` pixels in dashes."""
    cx, cy = centre
    box = (cx - r, cy - r, cx + r, cy + r)
    for start in range(0, 360, 30):
        canvas.draw.arc(box, start, start + 18, fill=fill, width=stroke)


def draw_divider(canvas: Canvas, face: CardFace, y: float) -> None:
    """Draw a faint rule across the middle at `y` units, broken by a small diamond."""
    cy = canvas.p(y)
    half = canvas.p(90)
    colour = mix(accent_of(face.colour), BG_TOP, 0.8)
    cx = canvas.w // 2
    canvas.draw.line((cx - half, cy, cx - canvas.p(8), cy), fill=colour, width=canvas.px(1.2))
    canvas.draw.line((cx + canvas.p(8), cy, cx + half, cy), fill=colour, width=canvas.px(1.2))
    d = canvas.p(4)
    canvas.draw.polygon([(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)], fill=colour)


def draw_arrows(canvas: Canvas, face: CardFace) -> None:
    """Draw the arrows on the frame's edges, pointing out (top, right, left, bottom), or a
    `?` on the top edge while their number is unknown."""
    arrows = face.arrows
    colour = arrows.colour
    half, depth = canvas.p(16), canvas.p(FRAME + 4)
    w, h = canvas.w, canvas.h
    edges = [
        [(w // 2 - half, depth), (w // 2 + half, depth), (w // 2, 0)],
        [(w - depth, h // 2 - half), (w - depth, h // 2 + half), (w - 1, h // 2)],
        [(depth, h // 2 - half), (depth, h // 2 + half), (0, h // 2)],
        [(w // 2 - half, h - depth), (w // 2 + half, h - depth), (w // 2, h - 1)],
    ]
    if arrows.count is None:
        r = canvas.p(11)
        cx, cy = w // 2, canvas.p(FRAME / 2 + 2)
        canvas.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=DARK)
        size = canvas.fit_size(
            face.unknown_label, max_width=r * 1.4, size=14, min_size=6, bold=True
        )
        canvas.centred((cx, cy), face.unknown_label, size, bold=True, fill=DARK)
        return
    for points in edges[: max(0, min(arrows.count, len(edges)))]:
        canvas.draw.polygon(points, fill=colour, outline=DARK)
