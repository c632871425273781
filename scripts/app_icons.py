"""Draw the installable game page's icons (static/icons/) from the favicon's design
(static/favicon.svg): a khaki card with a paper frame and a horseshoe, on a full khaki square so
the launcher may crop it to any shape (a "maskable" icon keeps its drawing in the middle 80 %).

Run once after changing the design: ``.venv/bin/python scripts/app_icons.py``.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

KHAKI = (0x6B, 0x6B, 0x3A)  # --khaki in static/css/site.css, the header's colour
PAPER = (0xF7, 0xF4, 0xEC)  # --paper
OUT = Path(__file__).resolve().parent.parent / "static" / "icons"


def icon(size: int) -> Image.Image:
    image = Image.new("RGB", (size, size), KHAKI)
    draw = ImageDraw.Draw(image)
    u = size / 32  # the favicon's 32-unit grid, drawn in the middle 80 % of the square
    inset = size * 0.1

    def box(x: float, y: float) -> tuple[float, float]:
        return inset + x * u * 0.8, inset + y * u * 0.8

    draw.rounded_rectangle(
        (*box(8, 5), *box(24, 27)), radius=1.5 * u * 0.8, outline=PAPER, width=round(1.5 * u)
    )
    width = round(2.5 * u * 0.8)
    draw.line((*box(12, 10), *box(12, 18)), fill=PAPER, width=width)
    draw.line((*box(20, 10), *box(20, 18)), fill=PAPER, width=width)
    # Pillow strokes an arc inside its box: widen the box by half the stroke so the arc meets
    # the two lines centred on them.
    x0, y0 = box(12, 14)
    x1, y1 = box(20, 22)
    half = width / 2
    arc = (x0 - half, y0 - half, x1 + half, y1 + half)
    draw.arc(arc, start=0, end=180, fill=PAPER, width=width)
    return image


if __name__ == "__main__":
    OUT.mkdir(exist_ok=True)
    for size in (192, 512):
        icon(size).save(OUT / f"icon-{size}.png", optimize=True)
