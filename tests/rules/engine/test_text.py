"""The public-text rule of the engine: visible, and no bidirectional control."""

from __future__ import annotations

import pytest

from upfront.rules.text import BIDI_CONTROL, BIDI_CONTROLS, INVISIBLE, text_fault


@pytest.mark.parametrize(
    "text",
    [
        "\u200b",  # zero-width space
        "\u2060\ufeff",  # word joiner, byte-order mark
        " \u00a0\u3000 ",  # spaces of every width
        "\u3164",  # Hangul filler: a "letter" drawn as a blank
        "\u2800",  # blank Braille pattern
        "\u0301\u0308",  # combining marks with nothing to mark
        "\u200e\u200f",  # direction marks alone
    ],
)
def test_a_text_with_nothing_to_see_is_a_fault(text: str) -> None:
    assert text_fault(text) == INVISIBLE
    assert text_fault(text, required=False) in (INVISIBLE, None)


@pytest.mark.parametrize("control", sorted(BIDI_CONTROLS))
def test_every_override_and_isolate_is_a_fault_even_among_words(control: str) -> None:
    assert text_fault(f"Hill {control}583") == BIDI_CONTROL
    assert text_fault(f"Hill {control}583", required=False) == BIDI_CONTROL


def test_the_controls_are_the_overrides_embeddings_and_isolates() -> None:
    assert {f"{ord(c):04X}" for c in BIDI_CONTROLS} == {
        "202A", "202B", "202C", "202D", "202E", "2066", "2067", "2068", "2069"
    }  # fmt: skip


@pytest.mark.parametrize(
    "text", ["Hill 583", "Café", "日本の夜", "\u200fשלום", "سلام\u061c", "a\u200bb", "Ω"]
)
def test_real_text_in_any_script_passes(text: str) -> None:
    assert text_fault(text) is None


def test_an_optional_text_may_be_empty_or_blank_but_not_only_unseen_characters() -> None:
    assert text_fault("", required=False) is None
    assert text_fault("  \n", required=False) is None
    assert text_fault(" \u200b ", required=False) == INVISIBLE
    assert text_fault("") == INVISIBLE
