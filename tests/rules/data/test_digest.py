"""The rules digest (upfront/rules/digest.py): which rules apply to a scenario, as references,
and their texts from the reference data in English and Italian (scenarios/presenters/
validation.py, the template _digest.html): a Japanese-against-Marines jungle scenario and an
Italian-against-Russian desert one."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from scenarios.display import validation_reads
from scenarios.presenters.validation import validation_context
from tests.rules.factories import force, scenario
from upfront.reference import models as ref
from upfront.rules.catalogue import Catalogue
from upfront.rules.digest import DIGEST_KINDS, DigestEntry, rules_digest
from upfront.rules.scenario import Scenario, VictoryConditions

pytestmark = pytest.mark.django_db


def jungle_scenario() -> Scenario:
    marines = force(nationality="american", marines=True, theatre="PTO", period="1944a")
    return scenario("japanese", marines, theatre="PTO", period="1944a", terrain_deck="jungle")


def desert_scenario() -> Scenario:
    return scenario(
        "italian",
        "russian",
        period="1942b",
        terrain_deck="desert",
        special_rules=["desert_rules"],
        weather=["clear"],
    )


def keys(digest: tuple[DigestEntry, ...], kind: str) -> set[tuple[str, str]]:
    return {(e.code, e.rule) for e in digest if e.kind == kind}


def test_the_jungle_digest_lists_every_rule_that_applies(reference_catalogue: Catalogue) -> None:
    digest = rules_digest(jungle_scenario(), reference_catalogue)
    japanese = {
        (r.topic, r.rule)
        for r in reference_catalogue.game_reference.nationality_rules
        if r.nationality == "japanese" and r.applies_to in ("", "pto_unit_table")
    }
    marines = {
        (r.topic, r.rule)
        for r in reference_catalogue.game_reference.nationality_rules
        if r.applies_to == "marines"
    }
    assert japanese and marines
    assert japanese | marines <= keys(digest, "nationality_rule")
    assert keys(digest, "force_variant") == {("marines:american", "46")}
    assert keys(digest, "matchup_rule") == {("46.1", "46.1"), ("47.2", "47.2")}
    assert keys(digest, "terrain_deck") == {("jungle", "T2")}
    jungle_rules = {
        (f"jungle:{r.topic}", r.rule)
        for r in reference_catalogue.game_reference.decks["jungle"].deck_rules
    }
    assert keys(digest, "deck_rule") == jungle_rules
    troop_types = reference_catalogue.game_reference.troop_types
    assert keys(digest, "troop_type") == {
        (f"{n}:line", troop_types[(n, "line")]) for n in ("japanese", "american")
    }


def test_the_digest_is_ordered_by_kind_and_has_no_repeats(reference_catalogue: Catalogue) -> None:
    digest = rules_digest(jungle_scenario(), reference_catalogue)
    order = [DIGEST_KINDS.index(e.kind) for e in digest]
    assert order == sorted(order)
    assert len(set(digest)) == len(digest)
    # Stable: the same scenario gives the same digest.
    assert rules_digest(jungle_scenario(), reference_catalogue) == digest


def test_the_desert_digest_lists_the_italian_and_desert_rules(
    reference_catalogue: Catalogue,
) -> None:
    digest = rules_digest(desert_scenario(), reference_catalogue)
    italian = {
        (r.topic, r.rule)
        for r in reference_catalogue.game_reference.nationality_rules
        if r.nationality == "italian" and r.applies_to == ""
    }
    assert italian <= keys(digest, "nationality_rule")
    assert ("application", "53.1") in keys(digest, "nationality_rule")  # Italians and French
    assert keys(digest, "matchup_rule") == {("50.42", "50.42")}
    assert {rule for _code, rule in keys(digest, "deck_rule")} >= {"52.1", "52.11", "52.4"}
    assert keys(digest, "weather") == {("clear", "99.1")}
    assert keys(digest, "special_rule") == {("desert_rules", "52")}
    # No jungle, no Marines, no mountain here.
    assert not keys(digest, "force_variant") and not keys(digest, "mountain_rule")


def test_the_digest_follows_what_the_scenario_holds(reference_catalogue: Catalogue) -> None:
    mountain = scenario(
        force(nationality="german", mountain=True, troop_type="elite", mountain_troops=True),
        "american",
        mountain=True,
        topography="rocky",
        environment="mud",
        victory_conditions=VictoryConditions(rpn=5),
    )
    digest = rules_digest(mountain, reference_catalogue)
    assert keys(digest, "topography") == {("rocky", "M9.1")}
    assert keys(digest, "environment") == {("mud", "M10.3")}
    groups = {code.split(":")[0] for code, _rule in keys(digest, "mountain_rule")}
    assert groups == {"mountain_elevation", "mountain_scenarios", "mountain_troops"}
    assert keys(digest, "victory_conditions") == {("rpn_5", "43.33")}
    assert not keys(rules_digest(scenario(), reference_catalogue), "mountain_rule")


def test_mountain_troop_abilities_only_after_a_black_rn(reference_catalogue: Catalogue) -> None:
    # M12.1 (seed 000_1a586b5640df8116.txt:361-363): elites bought for a mountain DYO game are
    # mountain troops only on a black RN; on a red one, or before the draw, they are plain
    # elites, and the digest lists the elevation rules but not the troops' abilities.
    def groups(drawn: bool | None) -> set[str]:
        subject = scenario(
            force(nationality="german", mountain=True, troop_type="elite", mountain_troops=drawn),
            "american",
            mountain=True,
        )
        digest = rules_digest(subject, reference_catalogue)
        return {code.split(":")[0] for code, _rule in keys(digest, "mountain_rule")}

    assert "mountain_troops" in groups(True)
    assert groups(False) == groups(None) == {"mountain_elevation", "mountain_scenarios"}


def _rendered(scenario_: Scenario, catalogue: Catalogue, language: str) -> tuple[dict, str]:  # type: ignore[type-arg]
    result = {"digest": [e.to_dict() for e in rules_digest(scenario_, catalogue)]}
    with translation.override(language):
        context = validation_context(result, validation_reads(result))
        html = render_to_string("scenarios/reports/_digest.html", {"validation": context})
    return context, html


def _summaries(context: dict) -> set[str]:  # type: ignore[type-arg]
    return {entry["summary"] for group in context["digest"] for entry in group["entries"]}


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_jungle_digest_reads_the_data_in_both_languages(
    reference_catalogue: Catalogue, language: str
) -> None:
    context, html = _rendered(jungle_scenario(), reference_catalogue, language)
    field = f"summary_{language}"
    expected = {
        getattr(ref.TerrainDeckRule.objects.get(deck__code="jungle", topic="fire_strength"), field),
        getattr(ref.NationalityRule.objects.get(rule="45.4", topic="banzai_charge"), field),
        getattr(ref.ForceVariant.objects.get(code="marines", nationality__code="american"), field),
        getattr(ref.TerrainDeck.objects.get(code="jungle"), field),
    }
    assert all(expected) and expected <= _summaries(context)
    labels = {group["label"] for group in context["digest"]}
    assert ("Nazionalità" if language == "it" else "Nationalities") in labels
    for text in expected:
        assert str(_escape(text)) in html
    _no_codes(html)


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_desert_digest_reads_the_data_in_both_languages(
    reference_catalogue: Catalogue, language: str
) -> None:
    context, html = _rendered(desert_scenario(), reference_catalogue, language)
    field = f"summary_{language}"
    expected = {
        getattr(ref.TerrainDeckRule.objects.get(deck__code="desert", topic="sandstorm"), field),
        getattr(ref.NationalityRule.objects.get(rule="50.42", topic="vs_russians"), field),
        getattr(ref.RuleSummary.objects.get(group="scenario", rule="50.42"), field),
        getattr(ref.WeatherCondition.objects.get(code="clear"), field),
    }
    assert all(expected) and expected <= _summaries(context)
    special = ref.SpecialRule.objects.get(code="desert_rules")
    assert getattr(special, f"text_{language}") in _summaries(context)
    _no_codes(html)


def _escape(text: str) -> str:
    from django.utils.html import escape

    return escape(text)


def _no_codes(html: str) -> None:
    """No internal key of the digest shows: no "kind:topic" codes, no snake_case keys."""
    visible = re.sub(r"<[^>]+>", " ", html)
    for code in ("jungle:", "desert:", "marines:american", "vs_russians", "banzai_charge"):
        assert code not in visible
    assert re.search(r"\b[a-z]+_[a-z_]+\b", visible) is None, re.findall(
        r"\b[a-z]+_[a-z_]+\b", visible
    )


def test_the_desert_digest_lists_how_the_printed_cards_are_read(
    reference_catalogue: Catalogue,
) -> None:
    # 52.13-52.16 (004_691449f2ac128484.txt): "Fiume (Wadis)", "Edificio (Rocce)", "Palude
    # (Sabbie Soffici)", "Bosco (Oasi)": by special rule on the standard deck as well.
    wanted = {"52.13", "52.14", "52.15", "52.16"}
    by_rule = scenario(special_rules=["desert_rules"])
    rules = {e.rule for e in rules_digest(by_rule, reference_catalogue) if e.kind == "deck_rule"}
    assert wanted <= rules
    desert_deck = scenario(terrain_deck="desert")
    rules = {e.rule for e in rules_digest(desert_deck, reference_catalogue)}
    assert wanted <= rules
    standard = {e.rule for e in rules_digest(scenario(), reference_catalogue)}
    assert not wanted & standard


def test_the_french_and_italian_reinforcement_table_only_with_them(
    reference_catalogue: Catalogue,
) -> None:
    # 53.2 (004_691449f2ac128484.txt): the table is "per l'inserimento tra i Rinforzi Casuali
    # delle unità Italiane e Francesi".
    plain = scenario(special_rules=["random_reinforcements"])
    rules = {e.rule for e in rules_digest(plain, reference_catalogue)}
    assert "48.3" in rules and "53.2" not in rules
    italian = scenario("italian", "british", special_rules=["random_reinforcements"])
    assert "53.2" in {e.rule for e in rules_digest(italian, reference_catalogue)}
