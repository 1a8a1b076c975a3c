"""The ground and frame of a generated face: a dark gradient in a rounded frame of the card's colour."""

from PIL import Image, ImageDraw, ImageOps

from cardbase.faces.canvas import Canvas
from cardbase.faces.colours import (
    BG_BOTTOM,
    BG_TOP,
    DARK,
    UNKNOWN_COLOUR,
    accent_of,
    is_dark,
    is_light,
    mix,
)
from rules.core.face import Colour

FRAME = 14  # frame thickness, units
RADIUS = 16  # corner radius, units


def draw_frame(canvas: Canvas, colour: Colour) -> None:
    """Draw the dark ground, the frame in `colour` (hatched grey when unknown) and its edges."""
    w, h = canvas.w, canvas.h
    frame = colour.frame
    radius, thickness = canvas.p(RADIUS), canvas.p(FRAME)
    card_mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(card_mask).rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=255)

    gradient = Image.linear_gradient("L").resize((w, h))
    background = ImageOps.colorize(gradient, BG_TOP, BG_BOTTOM).convert("RGBA")
    canvas.image.paste(background, (0, 0), card_mask)

    frame_layer = Image.new("RGBA", (w, h), frame)
    if colour == UNKNOWN_COLOUR:
        hatch = ImageDraw.Draw(frame_layer)
        step, stroke = canvas.px(11), canvas.px(4)
        for x in range(-h, w + h, step):
            hatch.line((x, 0, x + h, h), fill="#4a4a4a", width=stroke)
    frame_mask = card_mask.copy()
    ImageDraw.Draw(frame_mask).rounded_rectangle(
        (thickness, thickness, w - 1 - thickness, h - 1 - thickness),
        max(radius - thickness // 2, 1),
        fill=0,
    )
    canvas.image.paste(frame_layer, (0, 0), frame_mask)

    # A dark outer edge so white (and gold) frames show on a white page (black round a
    # near-black frame), and an inner edge that separates the frame from the dark background.
    canvas.draw.rounded_rectangle(
        (0, 0, w - 1, h - 1),
        radius,
        outline="#000000" if is_dark(frame) else DARK,
        width=canvas.px(2),
    )
    inner = "#e6d9bb" if not is_light(frame) else DARK
    canvas.draw.rounded_rectangle(
        (thickness, thickness, w - 1 - thickness, h - 1 - thickness),
        max(radius - thickness // 2, 1),
        outline=inner,
        width=canvas.px(1.5),
    )
    # A faint inner rule in the accent colour.
    rule = mix(accent_of(colour), BG_TOP, 0.45)
    inset = canvas.p(FRAME + 6)
    canvas.draw.rounded_rectangle(
        (inset, inset, w - 1 - inset, h - 1 - inset), canvas.p(8), outline=rule, width=canvas.px(1)
    )
