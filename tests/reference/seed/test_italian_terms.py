"""Our Italian texts keep the sources' terms apart: "ordnance" is *ordinanza* (guns and other
ordnance weapons), "artillery" is *artiglieria* (off-board artillery called by radio)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

from ._yaml import SEED_DATA, load_seed

SEED_FILES = sorted(path.name for path in SEED_DATA.glob("*.yaml"))
PO = Path(settings.BASE_DIR) / "locale" / "it" / "LC_MESSAGES" / "django.po"


def _pairs(node: Any, where: str = "") -> Iterator[tuple[str, str, str]]:
    """Every English/Italian pair of a YAML tree: (where, text_en, text_it)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if isinstance(key, str) and key.endswith("_en") and isinstance(value, str):
                italian = node.get(f"{key[:-3]}_it")
                if isinstance(italian, str):
                    yield f"{where}.{key[:-3]}", value, italian
            yield from _pairs(value, f"{where}.{key}")
    elif isinstance(node, list):
        for index, item in enumerate(node):
            yield from _pairs(item, f"{where}[{index}]")


def _mismatches(pairs: Iterator[tuple[str, str, str]]) -> list[str]:
    found = []
    for where, english, italian in pairs:
        en, it = english.lower(), italian.lower()
        if "ordnance" in en and "ordinanza" not in it:
            found.append(f"{where}: 'ordnance' not rendered as 'ordinanza': {italian!r}")
        if "artiglieri" in it and "artiller" not in en:
            found.append(f"{where}: 'artiglieria' with no 'artillery' in {english!r}")
    return found


def _translation_pairs(node: dict[str, Any]) -> Iterator[tuple[str, str, str]]:
    """italian.yaml's pairs: file -> column -> {English text: our Italian}."""
    for file, columns in node.items():
        for column, texts in columns.items():
            for english, italian in texts.items():
                yield f"{file}.{column}", english, italian


@pytest.mark.parametrize("name", SEED_FILES)
def test_ordnance_is_ordinanza_and_artillery_artiglieria(name: str) -> None:
    seed = load_seed(name)
    if name == "italian.yaml":
        pairs = _translation_pairs(seed)
    elif name == "notes_it.yaml":  # English note -> our Italian of it
        pairs = ((name, english, italian) for english, italian in seed.items())
    else:
        pairs = _pairs(seed, name)
    assert _mismatches(pairs) == []


def test_the_english_only_texts_are_checked_too() -> None:
    pairs = list(_translation_pairs(load_seed("italian.yaml")))
    assert any("ordnance" in english for _, english, _ in pairs)


def test_the_weather_ordnance_rules_say_ordinanza() -> None:
    # 99.7 (mud), 99.83 (deep snow), 99.92 (ski troops): ordnance, not artillery.
    conditions = {c["code"]: c for c in load_seed("weather.yaml")["conditions"]}
    for code in ("mud", "deep_snow", "ski_troops"):
        assert "ordinanza" in conditions[code]["summary_it"], code
        assert "artiglieri" not in conditions[code]["summary_it"], code


def test_the_check_finds_a_mistranslation() -> None:
    wrong = {"summary_en": "Unboxed ordnance attacks", "summary_it": "Attacchi di artiglieria"}
    assert len(_mismatches(_pairs(wrong))) == 2


def test_the_italian_catalogue_keeps_the_terms_apart() -> None:
    text = PO.read_text(encoding="utf-8")
    entries = re.findall(r'\nmsgid ((?:".*"\n)+)msgstr ((?:".*"\n)+)', text)

    def joined(quoted: str) -> str:
        return "".join(re.findall(r'"(.*)"', quoted))

    pairs = ((f"msgid {joined(i)[:40]!r}", joined(i), joined(s)) for i, s in entries)
    assert _mismatches(pairs) == []
