"""Every choice the scenario designer offers, read from the code sets and the reference data."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from upfront import labels
from upfront.reference import models as ref
from upfront.rules.scenario import ANY_BUILDINGS

# Action cards (not terrain card types) the scenario cards name in their special rules: the
# published scenarios C, D, G, H, I, O and Q make Sniper cards cower cards (scenarios.csv).
ACTION_CARD_TYPES = tuple(code for code in labels.CARD_TYPE if code != ANY_BUILDINGS)


@dataclass
class DesignerOptions:
    """Every choice the designer offers, read once per request."""

    published: list[tuple[str, str]]
    nationalities: list[tuple[str, str]]
    terrain_decks: list[tuple[str, str]]
    topographies: list[tuple[str, str]]
    environments: list[tuple[str, str]]
    weather: list[tuple[str, str]]
    weather_rules: dict[str, ref.WeatherCondition]
    card_types: list[tuple[str, str]]  # what a deck change may name
    rule_card_types: list[tuple[str, str]]  # what a special rule's parameter may name
    special_rules: dict[str, ref.SpecialRule]
    victory_rows: list[tuple[int, str]]
    libraries: list[tuple[str, str]] = field(default_factory=list)


def rule_choice_label(rule: ref.SpecialRule) -> str:
    """A special rule as a player picks it: its short name and its rule reference; the rule's
    text is shown under the choice once picked. A rule with no name yet (newer reference data)
    reads as its text to the first sentence."""
    name = labels.label("ssr_name", rule.code)
    if not name:
        text = " ".join(rule.text.split())
        name = text.split(". ")[0].rstrip(".")
        if len(name) > 90:
            name = name[:88].rsplit(" ", 1)[0] + "…"
    reference = labels.label("rule_word", rule.rule) or rule.rule  # "scenario card" in words
    return f"{name} ({reference})" if reference else str(name)


def designer_options(*, libraries: Any = ()) -> DesignerOptions:
    """The choices of the designer from the reference data; ``libraries``: the user's."""
    card_types = [(ANY_BUILDINGS, labels.standalone("card_type", ANY_BUILDINGS))] + [
        (t.code, t.name) for t in ref.TerrainCardType.objects.all()
    ]
    weather = list(
        ref.WeatherCondition.objects.prefetch_related("requires", "implies").order_by("order")
    )
    return DesignerOptions(
        published=[
            (p.letter, f"{p.letter} · {_published_name(p)}")
            for p in ref.PublishedScenario.objects.all()
        ],
        nationalities=[(n.code, n.name) for n in ref.Nationality.objects.all()],
        terrain_decks=[(d.code, d.name) for d in ref.TerrainDeck.objects.all()],
        topographies=[(t.code, t.name) for t in ref.Topography.objects.all()],
        environments=[(e.code, e.name) for e in ref.EnvironmentalCondition.objects.all()],
        weather=[(w.code, f"{w.name} ({w.rule})") for w in weather],
        weather_rules={w.code: w for w in weather},
        card_types=card_types,
        # A special rule may also name an action card (cower_cards: the Sniper).
        rule_card_types=card_types
        + [(code, labels.standalone("card_type", code)) for code in ACTION_CARD_TYPES],
        special_rules={r.code: r for r in ref.SpecialRule.objects.all()},
        victory_rows=[
            (row.rpn, f"{row.rpn}: {ref.localized(row, 'value')}")
            for row in ref.DYOTableRow.objects.filter(
                table="victory_conditions", rpn__isnull=False
            ).order_by("rpn")
        ],
        libraries=[(str(lib.public_id), lib.title) for lib in libraries],
    )


def blank(label: Any = "—") -> list[tuple[str, Any]]:
    """The empty choice a select starts from."""
    return [("", label)]


def _published_name(scenario: ref.PublishedScenario) -> str:
    """The name in the reader's language, the printed English beside it when they differ."""
    name = ref.localized(scenario, "name")
    return name if name == scenario.name else f"{name} ({scenario.name})"
