"""The bar chart writer (scenarios/presenters/charts.py), read as a reader reads a chart: the
bars' heights against the y ticks, the legend, the hatches, and what the page around it needs
(no inline style, ids of its own, the same bytes twice, nothing wider than the chart)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from scenarios.presenters import charts
from scenarios.presenters.charts import Series, Style, bar_chart, nice_scale

NS = {"svg": "http://www.w3.org/2000/svg"}
DOTS = Style("#ffffff", "..")
GREY = Style("#b0b0b0")
LINES = Style("#505050", "///")
CROSSED = Style("#8c8c8c", "xx")


def shares(**overrides: object) -> str:
    arguments: dict[str, object] = {
        "name": "weather",
        "title": "Weather at each deck",
        "categories": ["1", "2", "3"],
        "series": [
            Series("Overcast", [60.0, 50.0, 40.0], DOTS),
            Series("Rain", [10.0, 20.0, 0.0], GREY),
            Series("Rain, intensified", [0.0, 5.0, 10.0], LINES),
        ],
        "x_label": "Deck",
        "y_label": "Share of games, per cent",
        "stacked": True,
        "y_top": 100,
        "y_step": 20,
    }
    arguments.update(overrides)
    return bar_chart(**arguments)  # type: ignore[arg-type]


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]


def tick_y(root: ET.Element, label: str) -> float:
    """Where the axis puts ``label`` (a y tick: right-aligned text)."""
    found = [
        float(t.get("y", ""))
        for t in root.iter("{http://www.w3.org/2000/svg}text")
        if t.text == label and t.get("text-anchor") == "end"
    ]
    assert len(found) == 1, label
    return found[0]


def bars(root: ET.Element, fill: str) -> list[dict[str, float]]:
    """The bars of the series filled with ``fill``, left to right."""
    groups = [g for g in root.iterfind("svg:g", NS) if g.get("fill") == fill]
    assert len(groups) == 1, fill
    return [
        {k: float(rect.get(k, "")) for k in ("x", "y", "width", "height")}
        for rect in groups[0].iterfind("svg:rect", NS)
    ]


def pattern_fill(root: ET.Element, index: int) -> str:
    patterns = root.findall("svg:defs/svg:pattern", NS)
    return f"url(#{patterns[index].get('id')})"


def test_a_chart_is_an_image_with_its_title_as_its_name() -> None:
    root = ET.fromstring(shares())
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("role") == "img"
    assert root[0].tag == "{http://www.w3.org/2000/svg}title"
    assert root[0].text == "Weather at each deck"
    assert "Weather at each deck" in texts(root)  # and shown


def test_the_same_chart_gives_the_same_bytes() -> None:
    assert shares() == shares()


def test_the_bars_are_as_high_as_their_shares() -> None:
    root = ET.fromstring(shares())
    plot_height = tick_y(root, "0") - tick_y(root, "100")
    overcast = bars(root, pattern_fill(root, 0))
    assert [round(b["height"] / plot_height, 6) for b in overcast] == [0.6, 0.5, 0.4]
    assert tick_y(root, "60") == pytest.approx(tick_y(root, "0") - 0.6 * plot_height)


def test_a_stack_rises_in_the_order_of_the_series_and_zero_draws_nothing() -> None:
    root = ET.fromstring(shares())
    overcast = bars(root, pattern_fill(root, 0))
    rain = bars(root, "#b0b0b0")
    intensified = bars(root, pattern_fill(root, 1))
    assert len(rain) == 2 and len(intensified) == 2  # the zeros have no bar
    # Deck 2: overcast at the bottom, rain on it, intensified on top.
    assert rain[1]["y"] + rain[1]["height"] == pytest.approx(overcast[1]["y"])
    assert intensified[0]["y"] + intensified[0]["height"] == pytest.approx(rain[1]["y"])
    assert rain[1]["x"] == overcast[1]["x"] == intensified[0]["x"]


def test_grouped_bars_stand_side_by_side_on_a_nice_scale() -> None:
    svg = bar_chart(
        name="reinforcements",
        title="Expected random reinforcements per game, by deck",
        categories=["1", "2"],
        series=[
            Series("Attacker: attempts", [1.13, 0.0], DOTS),
            Series("Attacker: reinforcements", [0.56, 0.3], CROSSED),
        ],
        x_label="Deck",
        y_label="Per game",
    )
    root = ET.fromstring(svg)
    ticks = [
        t.text
        for t in root.iter("{http://www.w3.org/2000/svg}text")
        if t.get("text-anchor") == "end"
    ]
    assert ticks == ["0.0", "0.2", "0.4", "0.6", "0.8", "1.0", "1.2"]
    plot_height = tick_y(root, "0.0") - tick_y(root, "1.2")
    attempts = bars(root, pattern_fill(root, 0))
    got = bars(root, pattern_fill(root, 1))
    assert attempts[0]["height"] / plot_height == pytest.approx(1.13 / 1.2, abs=1e-3)
    assert got[0]["height"] / plot_height == pytest.approx(0.56 / 1.2, abs=1e-3)
    assert attempts[0]["x"] + attempts[0]["width"] == pytest.approx(got[0]["x"])
    assert attempts[0]["y"] + attempts[0]["height"] == pytest.approx(got[0]["y"] + got[0]["height"])


@pytest.mark.parametrize(
    ("top", "scale"),
    [
        (1.13, (1.2, 0.2, 1)),
        (100.0, (100.0, 20.0, 0)),
        (7.0, (8.0, 2.0, 0)),
        (0.05, (0.05, 0.01, 2)),
        (0.0, (1.0, 0.2, 1)),
    ],
)
def test_a_nice_scale_ends_on_a_tick(top: float, scale: tuple[float, float, int]) -> None:
    upper, step, digits = nice_scale(top)
    assert (upper, digits) == (scale[0], scale[2])
    assert step == pytest.approx(scale[1])
    assert upper >= top and upper / step <= charts.MAX_INTERVALS


def test_the_tick_labels_are_the_callers_numbers() -> None:
    root = ET.fromstring(
        shares(
            y_top=1.0, y_step=0.5, y_digits=1, number=lambda v, d: f"{v:.{d}f}".replace(".", ",")
        )
    )
    assert {"0,0", "0,5", "1,0"} <= set(texts(root))
    assert {"1", "2", "3", "Deck", "Share of games, per cent"} <= set(texts(root))


def test_one_pattern_per_hatch_used_with_ids_of_the_charts_own() -> None:
    svg = shares(
        series=[
            Series("a", [10.0, 0.0, 0.0], DOTS),
            Series("b", [10.0, 0.0, 0.0], GREY),
            Series("c", [10.0, 0.0, 0.0], DOTS),
        ]
    )
    root = ET.fromstring(svg)
    ids = [p.get("id", "") for p in root.findall("svg:defs/svg:pattern", NS)]
    assert len(ids) == 1 and ids[0].startswith("weather-")
    referenced = set(re.findall(r"url\(#([^)]+)\)", svg))
    assert referenced == set(ids)
    other = shares(name="decks")
    other_ids = set(re.findall(r'\bid="([^"]+)"', other))
    assert other_ids and not other_ids & set(ids)
    # Same name, other data: other ids too (two sheets of one library book).
    changed = shares(categories=["1", "2", "4"])
    assert not set(re.findall(r'\bid="([^"]+)"', changed)) & other_ids


def test_no_inline_style_anywhere() -> None:
    root = ET.fromstring(shares())
    for element in root.iter():
        assert "style" not in element.attrib
        assert not element.tag.endswith("style")


def test_text_is_escaped() -> None:
    title = 'Rain & "snow" <falling>'
    svg = shares(title=title, series=[Series("<b>x</b> & 'y'", [10.0, 20.0, 30.0], LINES)])
    root = ET.fromstring(svg)
    assert root[0].text == title
    assert "<b>x</b> & 'y'" in texts(root)


def test_the_legend_wraps_within_the_chart() -> None:
    labels = [f"Defender (British Commonwealth), side {i}: reinforcements" for i in range(4)]
    styles = [DOTS, GREY, LINES, CROSSED]
    svg = shares(
        stacked=False,
        series=[
            Series(label, [5.0, 10.0, 15.0], s) for label, s in zip(labels, styles, strict=True)
        ],
    )
    root = ET.fromstring(svg)
    width = float(root.get("viewBox", "").split()[2])
    height = float(root.get("viewBox", "").split()[3])
    entries = [t for t in root.iter("{http://www.w3.org/2000/svg}text") if t.text in labels]
    assert [t.text for t in entries] == labels
    assert len({t.get("y") for t in entries}) == 4  # one a line: two would not fit
    for entry in entries:
        right = float(entry.get("x", "")) + charts.text_width(entry.text or "", charts.TEXT_SIZE)
        assert right <= width - charts.MARGIN
        assert float(entry.get("y", "")) < height
    assert height > float(ET.fromstring(shares()).get("viewBox", "").split()[3])


def test_a_label_longer_than_the_chart_is_broken_onto_lines() -> None:
    long = " ".join(["Attempts"] * 30)
    root = ET.fromstring(shares(series=[Series(long, [1.0, 2.0, 3.0], GREY)], title=long))
    lines = [
        t.text or ""
        for t in root.iter("{http://www.w3.org/2000/svg}text")
        if "Attempts" in (t.text or "")
    ]
    assert len(lines) > 2 and " ".join(lines) == f"{long} {long}"
    assert all(charts.text_width(line, charts.TITLE_SIZE) <= charts.WIDTH for line in lines)


def test_a_chart_is_a_few_dozen_elements() -> None:
    # What a setup sheet pays for twice (writing and drawing): 8 decks of 3 stacked series.
    svg = shares(
        categories=[str(d) for d in range(1, 9)],
        series=[
            Series(s, [10.0 * (i + 1)] * 8, st)
            for i, (s, st) in enumerate(
                [("Overcast", DOTS), ("Rain", GREY), ("Rain, intensified", LINES)]
            )
        ],
    )
    assert len(list(ET.fromstring(svg).iter())) < 70


def test_a_series_needs_a_value_per_category_and_a_known_hatch() -> None:
    with pytest.raises(ValueError, match="one value per category"):
        shares(series=[Series("a", [1.0], GREY)])
    with pytest.raises(ValueError, match="unknown hatch"):
        shares(series=[Series("a", [1.0, 2.0, 3.0], Style("#fff", "++"))])


def test_text_width_and_wrap() -> None:
    assert charts.text_width("è", 10) == charts.text_width("e", 10)
    assert charts.text_width("mm", 10) > charts.text_width("ii", 10)
    assert charts.wrap("one two three", 10, charts.text_width("one two", 10)) == [
        "one two",
        "three",
    ]
    assert charts.wrap("", 10, 100) == [""]
