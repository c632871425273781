"""Bar charts written directly as lean inline SVG, for the reports and the setup sheets.

A chart is a few dozen elements: one ``<text>`` per title, axis label, tick label and legend
entry, one ``<rect>`` per bar, one ``<path>`` for the axes and one for the grid, and one small
``<pattern>`` per hatch actually used. A plotting library's SVG is several times that, and a
setup sheet pays for every element twice: once to write it, once when WeasyPrint draws it
(docs/simulation.md has the figures).

What the output must be, and why:

* no ``style`` attribute and no ``<style>`` element: the site's Content Security Policy refuses
  inline styles, and inline SVG is subject to it; presentation attributes say the same and are
  allowed;
* the same bytes for the same chart: setup sheets are stored under a hash of what they show,
  so numbers are written with a fixed number of decimals and nothing depends on the clock;
* ids of its own: several charts share a page (and a library book holds many sheets), so every
  id starts with the chart's name and a digest of its content;
* readable in black and white: each series has a grey and a hatch;
* no wider than its ``viewBox``: the legend goes below the plot and wraps onto lines, so a
  phone shrinks the chart as a whole and never scrolls sideways.

Pure Python: no Django, no template. Text is escaped here, so the caller may mark the result
safe.
"""

from __future__ import annotations

import hashlib
import math
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape as _html_escape

INK = "#000000"
GRID = "#c8c8c8"
FONT_FAMILY = "DejaVu Sans, sans-serif"
WIDTH = 432.0  # user units; the SVG is as wide in points (6 in), and shrinks to fit a phone
TITLE_SIZE = 11.0
TEXT_SIZE = 9.0  # ticks, axis labels and legend
PLOT_HEIGHT = 120.0
MARGIN = 8.0
TICK = 3.0
SWATCH = (11.0, 8.0)
LINE = 13.0  # legend line height
STACK_WIDTH = 0.7  # of a category's slot, for one bar or a stack
GROUP_WIDTH = 0.8  # of a category's slot, shared by the bars of a group
MAX_INTERVALS = 6  # y ticks on a scale chosen from the data

# DejaVu Sans advance widths, in em, of the characters a chart writes (from the font's hmtx
# table). The legend wraps and the plot's left margin is set from these: a narrower fallback
# font only leaves more room.
_WIDTHS = {
    0.28: "'ijl",
    0.29: "IJ",
    0.32: " ,.",
    0.34: "/:;\\|",
    0.35: "f",
    0.36: "-",
    0.39: "()[]t",
    0.4: "!",
    0.41: "r",
    0.46: '"',
    0.5: "*_`",
    0.52: "s",
    0.53: "?z",
    0.55: "c",
    0.56: "L",
    0.57: "F",
    0.58: "k",
    0.59: "vxy",
    0.6: "P",
    0.61: "TYaeo",
    0.63: "Ehnu",
    0.64: "$0123456789Sbdgpq{}",
    0.66: "K",
    0.68: "AV",
    0.69: "BRXZ",
    0.7: "C",
    0.73: "U",
    0.75: "HN",
    0.77: "D",
    0.78: "&G",
    0.79: "OQ",
    0.82: "w",
    0.84: "#+<=>^~",
    0.86: "M",
    0.95: "%",
    0.97: "m",
    0.99: "W",
    1.0: "@—",
}
_WIDTH_OF = {char: width for width, chars in _WIDTHS.items() for char in chars}
_UNKNOWN_WIDTH = 0.7  # wider than most letters: an unknown character never overflows


@dataclass(frozen=True)
class Style:
    """How a series is filled: a grey, and a hatch drawn over it ("" for none).

    Hatches keep Matplotlib's notation, which the presenters have always used: ``..`` dots,
    ``///`` dense rising lines, ``\\\\`` falling lines, ``xx`` crossed lines."""

    fill: str
    hatch: str = ""


@dataclass(frozen=True)
class Series:
    """One legend entry and its value at each category (a bar, or a part of a stack)."""

    label: str
    values: Sequence[float]
    style: Style


def plain_number(value: float, digits: int) -> str:
    """``value`` with ``digits`` decimals and a point: the default tick label."""
    return f"{value:.{digits}f}"


def _n(value: float) -> str:
    """A coordinate, written the same way every time: at most two decimals, no ``-0``."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def text_width(text: str, size: float) -> float:
    """The width of ``text`` set in DejaVu Sans at ``size``, in the same units."""
    total = 0.0
    for char in text:
        width = _WIDTH_OF.get(char)
        if width is None:  # an accented letter is as wide as its base letter
            base = unicodedata.normalize("NFD", char)[:1]
            width = _WIDTH_OF.get(base, _UNKNOWN_WIDTH)
        total += width
    return total * size


def wrap(text: str, size: float, width: float) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` (a word longer than a
    line stands alone on its own)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def nice_scale(top: float) -> tuple[float, float, int]:
    """The y axis for data reaching ``top``: its upper end, its tick step and the decimals a
    tick label needs. The step is 1, 2 or 5 times a power of ten, at most
    :data:`MAX_INTERVALS` steps reach ``top``, and the axis ends on a tick."""
    if top <= 0 or not math.isfinite(top):
        return 1.0, 0.2, 1
    exponent = math.floor(math.log10(top / MAX_INTERVALS))
    for multiple, power in ((1, exponent), (2, exponent), (5, exponent), (1, exponent + 1)):
        step = multiple * 10.0**power
        intervals = math.ceil(top / step - 1e-9)
        if intervals <= MAX_INTERVALS:
            return round(intervals * step, 12), step, max(0, -power)
    raise AssertionError("unreachable: 10**(exponent + 1) is always large enough")


# --- Hatches ---------------------------------------------------------------------------------

# Each hatch is a tile (its side, then the marks drawn on it in ink).
_HATCHES: dict[str, tuple[float, str]] = {
    "..": (
        5.0,
        '<circle cx="1.25" cy="1.25" r="0.7" fill="{ink}"/>'
        '<circle cx="3.75" cy="3.75" r="0.7" fill="{ink}"/>',
    ),
    "///": (
        4.0,
        '<path d="M0 4L4 0M-1 1L1 -1M3 5L5 3" stroke="{ink}" stroke-width="0.6"/>',
    ),
    "\\\\": (
        6.0,
        '<path d="M0 0L6 6M-1 5L1 7M5 -1L7 1" stroke="{ink}" stroke-width="0.6"/>',
    ),
    "xx": (
        6.0,
        '<path d="M0 0L6 6M-1 5L1 7M5 -1L7 1M0 6L6 0M-1 1L1 -1M5 7L7 5" stroke="{ink}"'
        ' stroke-width="0.6"/>',
    ),
}
_ID = "\x00"  # where the chart's own id prefix goes, once its content is known


def escape(text: str) -> str:
    """``text`` for an attribute or an element (quotes too), without the id placeholder (no
    XML document may hold it anyway)."""
    return _html_escape(text.replace(_ID, ""), quote=True)


def _patterns(styles: Sequence[Style]) -> tuple[list[str], dict[Style, str]]:
    """One ``<pattern>`` per hatched style (in order of first use) and each style's fill."""
    definitions: list[str] = []
    fills: dict[Style, str] = {}
    for style in styles:
        if style in fills:
            continue
        if not style.hatch:
            fills[style] = escape(style.fill)
            continue
        if style.hatch not in _HATCHES:
            raise ValueError(f"unknown hatch {style.hatch!r}")
        side, marks = _HATCHES[style.hatch]
        pattern_id = f"{_ID}p{len(definitions)}"
        definitions.append(
            f'<pattern id="{pattern_id}" patternUnits="userSpaceOnUse" width="{_n(side)}"'
            f' height="{_n(side)}"><rect width="{_n(side)}" height="{_n(side)}"'
            f' fill="{escape(style.fill)}"/>{marks.format(ink=INK)}</pattern>'
        )
        fills[style] = f"url(#{pattern_id})"
    return definitions, fills


def _text(x: float, y: float, text: str, *, size: float = TEXT_SIZE, **attributes: str) -> str:
    extra = "".join(
        f' {name.replace("_", "-")}="{escape(value)}"' for name, value in attributes.items()
    )
    size_attribute = "" if size == TEXT_SIZE else f' font-size="{_n(size)}"'
    return f'<text x="{_n(x)}" y="{_n(y)}"{size_attribute}{extra}>{escape(text)}</text>'


# --- The chart -------------------------------------------------------------------------------


def bar_chart(
    *,
    name: str,
    title: str,
    categories: Sequence[str],
    series: Sequence[Series],
    x_label: str,
    y_label: str,
    stacked: bool = False,
    y_top: float | None = None,
    y_step: float | None = None,
    y_digits: int = 0,
    number: Callable[[float, int], str] = plain_number,
) -> str:
    """A bar chart as an ``<svg>`` element: a bar per series at each category, side by side
    (``stacked=False``) or stacked from the axis up in the order of ``series``.

    ``name`` prefixes the ids (with a digest of the content); ``y_top``/``y_step``/``y_digits``
    fix the y axis (0 to 100 by 20 for shares), else it is chosen from the data
    (:func:`nice_scale`); ``number`` writes a tick label from a value and its decimals (the
    caller's locale). Every value of a series is given for every category; 0 draws no bar.
    """
    for each in series:
        if len(each.values) != len(categories):
            raise ValueError(f"series {each.label!r}: one value per category")
    if y_top is None or y_step is None:
        if stacked:
            top = max((sum(v) for v in zip(*(s.values for s in series), strict=True)), default=0)
        else:
            top = max((v for s in series for v in s.values), default=0)
        y_top, y_step, y_digits = nice_scale(top)
    ticks = [round(i * y_step, 12) for i in range(round(y_top / y_step) + 1)]
    tick_labels = [number(value, y_digits) for value in ticks]

    # Across: the y label's column, the tick labels, the plot, a margin.
    # The y label may pass the plot's ends a little: nothing else is in its column.
    y_label_lines = wrap(y_label, TEXT_SIZE, PLOT_HEIGHT + 20)
    label_column = MARGIN + LINE * len(y_label_lines) - 2
    widest_tick = max(text_width(label, TEXT_SIZE) for label in tick_labels)
    left = label_column + 4 + widest_tick + 3 + TICK
    right = WIDTH - MARGIN
    plot_width = right - left
    # Down: the title, the plot, the x ticks and label, the legend.
    title_lines = wrap(title, TITLE_SIZE, WIDTH - 2 * MARGIN)
    top_edge = 4 + LINE * len(title_lines) + 8
    bottom = top_edge + PLOT_HEIGHT

    def y_of(value: float) -> float:
        return bottom - PLOT_HEIGHT * min(max(value / y_top, 0.0), 1.0)

    styles = [each.style for each in series]
    definitions, fills = _patterns(styles)
    body: list[str] = []
    for i, line in enumerate(title_lines):
        body.append(
            _text(WIDTH / 2, 4 + TITLE_SIZE + LINE * i, line, size=TITLE_SIZE, text_anchor="middle")
        )

    # The grid and the axes: one path each, under the bars.
    grid = "".join(f"M{_n(left)} {_n(y_of(v))}H{_n(right)}" for v in ticks[1:])
    if grid:
        body.append(f'<path d="{grid}" stroke="{GRID}" stroke-width="0.5" fill="none"/>')

    slot = plot_width / max(len(categories), 1)
    for index, each in enumerate(series):
        rects: list[str] = []
        for c, value in enumerate(each.values):
            if value <= 0:
                continue
            if stacked:
                below = sum(other.values[c] for other in series[:index] if other.values[c] > 0)
                width = slot * STACK_WIDTH
                x = left + slot * c + (slot - width) / 2
                y0, y1 = y_of(below), y_of(below + value)
            else:
                width = slot * GROUP_WIDTH / len(series)
                x = left + slot * c + slot * (1 - GROUP_WIDTH) / 2 + width * index
                y0, y1 = bottom, y_of(value)
            rects.append(
                f'<rect x="{_n(x)}" y="{_n(y1)}" width="{_n(width)}" height="{_n(y0 - y1)}"/>'
            )
        if rects:
            body.append(
                f'<g fill="{fills[each.style]}" stroke="{INK}" stroke-width="0.6">'
                f"{''.join(rects)}</g>"
            )

    axes = f"M{_n(left)} {_n(top_edge)}V{_n(bottom)}H{_n(right)}"
    axes += "".join(f"M{_n(left - TICK)} {_n(y_of(v))}H{_n(left)}" for v in ticks)
    axes += "".join(
        f"M{_n(left + slot * (c + 0.5))} {_n(bottom)}v{_n(TICK)}" for c in range(len(categories))
    )
    body.append(f'<path d="{axes}" stroke="{INK}" stroke-width="0.8" fill="none"/>')

    # Tick labels: the numbers a third of the text's height below each line, so they centre on it.
    for value, label in zip(ticks, tick_labels, strict=True):
        body.append(
            _text(left - TICK - 3, y_of(value) + TEXT_SIZE * 0.35, label, text_anchor="end")
        )
    for c, category in enumerate(categories):
        body.append(
            _text(
                left + slot * (c + 0.5),
                bottom + TICK + TEXT_SIZE + 1,
                category,
                text_anchor="middle",
            )
        )
    x_label_y = bottom + TICK + 2 * LINE - 1
    body.append(_text(left + plot_width / 2, x_label_y, x_label, text_anchor="middle"))
    middle = top_edge + PLOT_HEIGHT / 2
    for i, line in enumerate(y_label_lines):
        x = MARGIN + TEXT_SIZE + LINE * i - 2
        body.append(
            _text(
                x, middle, line, text_anchor="middle", transform=f"rotate(-90 {_n(x)} {_n(middle)})"
            )
        )

    # The legend: entries left to right from the plot's left edge, onto a new line when the
    # next would pass the right margin.
    legend_left = left
    x, line_top = legend_left, x_label_y + 5
    swatch_width, swatch_height = SWATCH
    for each in series:
        lines = wrap(each.label, TEXT_SIZE, right - legend_left - swatch_width - 4)
        entry = swatch_width + 4 + max(text_width(line, TEXT_SIZE) for line in lines)
        if x > legend_left and x + entry > right:
            x, line_top = legend_left, line_top + LINE
        body.append(
            f'<rect x="{_n(x)}" y="{_n(line_top + (LINE - swatch_height) / 2)}"'
            f' width="{_n(swatch_width)}" height="{_n(swatch_height)}"'
            f' fill="{fills[each.style]}" stroke="{INK}" stroke-width="0.6"/>'
        )
        for i, line in enumerate(lines):
            body.append(_text(x + swatch_width + 4, line_top + 10 + LINE * i, line))
        if len(lines) > 1:  # the next entry starts below the last line of this one
            x, line_top = right, line_top + LINE * (len(lines) - 1)
        else:
            x += entry + 12
    height = line_top + LINE + 3

    content = "".join(body)
    defs = f"<defs>{''.join(definitions)}</defs>" if definitions else ""
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{_n(WIDTH)}pt"'
        f' height="{_n(height)}pt" viewBox="0 0 {_n(WIDTH)} {_n(height)}"'
        f' font-family="{FONT_FAMILY}" font-size="{_n(TEXT_SIZE)}" fill="{INK}">'
        f"<title>{escape(title)}</title>{defs}{content}</svg>"
    )
    # The prefix is the chart's name and a digest of everything else: the same chart, the same
    # ids; two charts in one page, other ids.
    digest = hashlib.sha256(svg.encode()).hexdigest()[:8]
    return svg.replace(_ID, f"{escape(name)}-{digest}-")
