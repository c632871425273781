"""Each code set is defined once (upfront.rules.codes) and everything else follows it."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation
from drf_spectacular.generators import SchemaGenerator

from builder.api import serializers as api_serializers
from scenarios.plays.models import Game
from upfront import labels
from upfront.api.openapi import openapi_schema_of
from upfront.reference import models as m
from upfront.rules import codes
from upfront.rules.companion import STATUSES
from upfront.rules.examples import EXAMPLE_FORCE, empty_force
from upfront.rules.force import FORCE_SCHEMA, force_from_dict
from upfront.rules.messages import CODE_PARAMS

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", sorted(labels.LABELLED))
def test_every_code_has_a_player_label(name: str) -> None:
    code_set, code_labels = labels.LABELLED[name]
    assert [code for code in code_set if code not in code_labels] == []
    assert set(code_labels) == set(code_set), "a label for a code that does not exist"


@pytest.mark.parametrize(
    ("code_set", "code_labels"), [(Game.Status.values, labels.GAME_STATUS)], ids=["game_status"]
)
def test_every_code_the_django_side_defines_has_a_player_label(
    code_set: list[str], code_labels: Mapping[str, object]
) -> None:
    # The engine's statuses and this side's "recorded" (a game with its play record).
    assert set(STATUSES) < set(code_set)
    assert set(code_labels) == set(code_set)


# Labels the Italian sources print as the English ones do: the game's abbreviations and
# weapon names, the expansions' titles, words Italian shares (Marines, Radio, Morale).
SAME_IN_ITALIAN = {
    ("unit_kind", "AFV"),
    ("leader_role", "SL"),
    ("leader_role", "ASL"),
    ("secondary_weapon", "atmm"),
    ("secondary_weapon", "panzerfaust"),
    ("dyo_item", "atmm"),
    ("dyo_item", "panzerfaust"),
    ("dyo_item", "radio"),
    ("force_variant", "marines"),
    ("force_field", "marines"),
    ("force_field", "budget"),
    ("digest_applies_to", "marines"),
    ("expansion", "banzai"),
    ("expansion", "desert_war"),
    ("published_expansion", "base (Up Front)"),
    ("published_expansion", "Banzai"),
    ("published_expansion", "Desert War"),
    ("topic", "piat"),
    ("topic", "bren_lmg"),
    ("topic", "lmg"),
    ("topic", "char_b1"),
    ("topic", "bushido"),
    ("ssr_category", "morale"),
    ("paper", "A4"),
    ("effect_weapon", "mmg"),
}


def _every_label() -> list[tuple[str, object, object]]:
    return [
        (kind, code, text) for kind, table in labels.TABLES.items() for code, text in table.items()
    ]


def test_every_table_of_labels_is_listed() -> None:
    # A table of upfront.labels missing from TABLES would escape the test below; a table may be
    # a part of a listed one (the engine's troop types are the DYO prices' but partisans).
    listed = {(code, id(text)) for table in labels.TABLES.values() for code, text in table.items()}
    unlisted = [
        (name, code)
        for name, table in vars(labels).items()
        if name.isupper() and name not in ("TABLES", "LABELLED") and isinstance(table, Mapping)
        for code, text in table.items()
        if (code, id(text)) not in listed
    ]
    assert unlisted == []


def test_every_label_has_its_english_and_its_own_italian_words() -> None:
    missing, untranslated, needlessly_listed = [], [], []
    for kind, code, text in _every_label():
        with translation.override("en"):
            english = str(text)
        with translation.override("it"):
            italian = str(text)
        if not english.strip() or not italian.strip():
            missing.append((kind, code))
        elif italian == english and (kind, code) not in SAME_IN_ITALIAN:
            untranslated.append((kind, code, english))
        elif italian != english and (kind, code) in SAME_IN_ITALIAN:
            needlessly_listed.append((kind, code))
    assert missing == []
    assert untranslated == [], "an Italian label equal to the English one"
    assert needlessly_listed == []


def test_every_code_a_message_carries_is_named_by_a_table() -> None:
    # The engine's messages carry codes (CODE_PARAMS); the edge names them from upfront.labels.
    assert set(CODE_PARAMS.values()) <= set(labels.TABLES)
    for code in codes.SECONDARY_WEAPONS:
        assert labels.label("secondary_weapon", code)


@pytest.mark.parametrize(
    ("kind", "code", "english", "italian"),
    [
        ("theatre", "ETO", "European theatre", "Teatro europeo"),
        ("secondary_weapon", "at_mine", "Japanese AT mine", "mina anticarro giapponese"),
        ("ssr_parameter", "card_type", "Card type", "Tipo di carta"),
        ("ssr_parameter", "target", "On which groups", "Su quali gruppi"),
        ("ssr_value", "axis", "the Axis side", "la parte dell'Asse"),
        ("language", "it", "Italian", "Italiano"),
        ("card_type", "sniper", "Sniper", "Cecchino"),
        # One label per code where the simulation, the play records and the lists had two.
        ("early_end_cause", "sandstorm", "Sandstorm (52.4)", "Tempesta di sabbia (52.4)"),
        ("period_half", "b", "July-December", "luglio-dicembre"),
    ],
)
def test_one_wording_per_code(kind: str, code: str, english: str, italian: str) -> None:
    # One wording per code, the same in forms, reference pages and reports.
    with translation.override("en"):
        assert labels.label(kind, code) == english
    with translation.override("it"):
        assert labels.label(kind, code) == italian


def test_the_force_schema_enums_are_the_code_sets() -> None:
    props = FORCE_SCHEMA["properties"]
    assert props["nationality"]["enum"] == list(codes.NATIONALITIES)
    assert props["period"]["enum"] == list(codes.PERIODS)
    assert props["theatre"]["enum"] == list(codes.THEATRES)
    assert props["troop_type"]["enum"] == list(codes.TROOP_TYPES)
    card = props["groups"]["items"]["properties"]["cards"]["items"]
    assert card["properties"]["secondary"]["items"]["enum"] == list(codes.SECONDARY_WEAPONS)
    radio = props["radios"]["items"]["properties"]["fire_strength"]
    assert radio["enum"] == list(codes.RADIO_FIRE_STRENGTHS)
    assert props["snipers"]["enum"] == list(codes.SNIPER_OPTIONS)


def test_model_and_serializer_choices_follow_the_code_sets() -> None:
    def values(field_choices: object) -> list[object]:
        return [value for value, _ in field_choices]  # type: ignore[attr-defined]

    assert values(m.PersonalityCard._meta.get_field("unit_kind").choices) == list(codes.UNIT_KINDS)
    assert values(m.UnitTypeRow._meta.get_field("theatre").choices) == list(codes.THEATRES)
    assert values(m.UnitTypeRow._meta.get_field("troop_type").choices) == list(codes.TROOP_TYPES)
    assert values(m.ForceVariant._meta.get_field("code").choices) == list(codes.FORCE_VARIANTS)
    draw = api_serializers.DrawInputSerializer().fields
    assert list(draw["table"].choices) == list(codes.DRAW_TABLES)
    assert list(draw["nationality"].choices) == list(codes.NATIONALITIES)
    assert list(draw["period"].choices) == list(codes.PERIODS)


@pytest.mark.django_db
def test_the_loaded_data_uses_exactly_the_engine_codes() -> None:
    assert list(m.Nationality.objects.order_by("order").values_list("code", flat=True)) == list(
        codes.NATIONALITIES
    )
    assert list(m.Period.objects.values_list("code", flat=True)) == list(codes.PERIODS)
    assert list(m.TerrainDeck.objects.values_list("code", flat=True)) == list(codes.TERRAIN_DECKS)
    kinds = set(m.PersonalityCard.objects.values_list("unit_kind", flat=True))
    assert kinds == set(codes.UNIT_KINDS)


def _holds(actual: Any, expected: Any, path: str = "Force") -> None:
    """Every member of ``expected`` is in ``actual`` with the same value, recursively."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), path
        for key, value in expected.items():
            assert key in actual, f"{path}.{key} is missing"
            _holds(actual[key], value, f"{path}.{key}")
    elif isinstance(expected, list) and expected and isinstance(expected[0], dict):
        assert isinstance(actual, list) and len(actual) == len(expected), path
        for index, (a, e) in enumerate(zip(actual, expected, strict=True)):
            _holds(a, e, f"{path}[{index}]")
    else:
        assert actual == expected, path


@pytest.mark.django_db  # the schema names the reference data's codes (upfront.api.openapi)
def test_the_openapi_request_body_is_the_force_schema() -> None:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    force = schema["components"]["schemas"]["Force"]
    # The component is the Force schema, tightened (NUL-free texts, the data's highest card
    # number: upfront.api.openapi.tightened_components), open to a writer's own members.
    _holds(force, openapi_schema_of(FORCE_SCHEMA))
    assert force["additionalProperties"] == {"$ref": "#/components/schemas/Foreign"}
    body = schema["paths"]["/api/v1/dyo/validate"]["post"]["requestBody"]["content"]
    assert body["application/json"]["schema"] == {"$ref": "#/components/schemas/Force"}
    saved = schema["components"]["schemas"]["SavedForceInputRequest"]["properties"]["data"]
    assert saved.get("$ref") == "#/components/schemas/Force" or saved.get("allOf") == [
        {"$ref": "#/components/schemas/Force"}
    ]
    # 3.0 has no type lists: the nullable budget is spelled the 3.0 way.
    assert schema["components"]["schemas"]["Force"]["properties"]["budget"] == {
        "type": "integer",
        "minimum": 0,
        "maximum": 100_000,
        "nullable": True,
    }


def test_the_example_force_is_a_valid_document_and_the_docs_show_it() -> None:
    force = force_from_dict(EXAMPLE_FORCE)
    assert (force.nationality, force.period, force.budget) == ("german", "1943b", 320)
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)```", text, flags=re.S)
    assert EXAMPLE_FORCE in [json.loads(block) for block in blocks]


@pytest.mark.django_db
def test_the_builder_offers_the_code_sets_and_the_schema_limits(client) -> None:  # type: ignore[no-untyped-def]
    with translation.override("it"):
        html = client.get(reverse("builder:index"), HTTP_ACCEPT_LANGUAGE="it").content.decode()
    theatre = re.search(r'<select id="f-theatre".*?</select>', html, flags=re.S)
    assert theatre is not None
    assert re.findall(r'value="([^"]+)"', theatre.group(0)) == list(codes.THEATRES)
    assert ">Teatro europeo<" in theatre.group(0)
    payload = re.search(
        r'<script id="builder-codes" type="application/json">(.*?)</script>', html, flags=re.S
    )
    assert payload is not None
    data = json.loads(payload.group(1))
    label = FORCE_SCHEMA["properties"]["groups"]["items"]["properties"]["label"]
    assert data["group_label_max_length"] == label["maxLength"]
    assert list(data["secondary_weapons"]) == list(codes.SECONDARY_WEAPONS)
    # The starting force is the example's header with nothing bought.
    start = empty_force()
    assert start["nationality"] == EXAMPLE_FORCE["nationality"]
    assert start["groups"] == [{"label": "A", "cards": []}]


def test_the_docs_list_every_violation_code_with_its_severity() -> None:
    # docs/interchange-format.md "Violation codes": one row per code the engine can give, its
    # severity marked unless it is an error.
    from upfront.rules.messages import MESSAGES

    text = (ROOT / "docs" / "interchange-format.md").read_text(encoding="utf-8")
    table = re.split(r"\n##+ ", text.split("### Violation codes", 1)[1], maxsplit=1)[0]
    rows = dict(re.findall(r"^\| `(\w+)`( \((?:warning|info)\))? \|", table, flags=re.M))
    engine = {key.removeprefix("violation.") for key in MESSAGES if key.startswith("violation.")}
    assert set(rows) == engine
    # Rules that inform rather than forbid: the force stays legal.
    informing = {"marine_morale", "mountain_troops_nationality", "mountain_troops_too_early"}
    assert {code for code in informing if rows[code] != " (info)"} == set()


def test_one_helper_says_which_language_is_active() -> None:
    # Pages, sheets and the API pick bilingual data through labels.localized: Italian when it
    # is active and the data has it, the English otherwise (never an empty text).
    with translation.override("it-it"):
        assert labels.language() == "it" and labels.is_italian()
        assert labels.localized("Rain", "Pioggia") == "Pioggia"
        assert labels.localized("Rain", "") == "Rain"
        assert labels.period_label("1943b") == "1943, luglio-dicembre"
    with translation.override("en"):
        assert labels.language() == "en" and not labels.is_italian()
        assert labels.localized("Rain", "Pioggia") == "Rain"
        assert labels.period_label("1943a") == "1943, January-June"
    with translation.override(None):
        assert labels.language() == "en"
    assert labels.period_label("1939a") == "1939a"  # no such period: left as it is


def test_no_module_asks_django_for_the_language_itself() -> None:
    # "Which language is active" is upfront.labels.language(), written once: no other module
    # calls Django's get_language (a cache key or a renderer asking it directly could read
    # "en-us" where the rest of the page reads "en").
    found = []
    for room in ("upfront", "scenarios", "builder"):
        for source in (ROOT / room).rglob("*.py"):
            if "migrations" in source.parts or source == ROOT / "upfront/labels/__init__.py":
                continue
            if re.search(r"\bget_language\b", source.read_text(encoding="utf-8")):
                found.append(str(source.relative_to(ROOT)))
    assert found == []


# Model fields whose codes never reach a page as words: simple_history's own change type, a
# game step's kind (the table shows the draw itself), a scenario's period (shown through
# labels.period_label, which composes its words).
UNSHOWN_CHOICES = {
    ("HistoricalScenario", "history_type"),
    ("HistoricalScenario", "period"),
    ("Scenario", "period"),
    ("GameStep", "kind"),
}


def _site_choice_fields() -> list[Any]:
    from django.apps import apps

    return [
        field
        for app in ("scenarios", "jobs")
        for model in apps.get_app_config(app).get_models()
        for field in model._meta.concrete_fields
        if field.choices and (model.__name__, field.name) not in UNSHOWN_CHOICES
    ]


def test_every_site_model_choice_takes_its_words_from_labels() -> None:
    # A model's TextChoices names the codes; the words a player (or staff in the admin) reads
    # are one table's of upfront.labels, so a status cannot be worded twice, in two cases.
    fields = _site_choice_fields()
    assert {f"{f.model.__name__}.{f.name}" for f in fields} >= {
        "Job.kind",
        "Job.status",
        "Revalidation.status",
        "Revalidation.reason",
        "Game.status",
        "BinNotice.kind",
    }
    unlabelled = []
    for field in fields:
        values = [value for value, _ in field.choices]
        if not any(
            set(values) <= set(table)
            and all(str(word) == labels.standalone(kind, value) for value, word in field.choices)
            for kind, table in labels.TABLES.items()
        ):
            unlabelled.append(f"{field.model.__name__}.{field.name}")
    assert unlabelled == []


def test_a_jobs_states_are_its_statuses_and_waiting() -> None:
    from scenarios.jobs.models import Job

    assert set(labels.JOB_STATE) == {*Job.Status.values, "waiting"}
    assert set(labels.JOB_KIND) == set(Job.Kind.values)


def test_a_code_without_its_label_is_an_error_not_the_code(settings, caplog) -> None:  # type: ignore[no-untyped-def]
    # Under tests (and DEBUG) a code that reaches a presenter without words fails loudly.
    with pytest.raises(labels.MissingLabel):
        labels.label("job_state", "paused")
    with pytest.raises(labels.MissingLabel):
        labels.standalone("game_status", "abandoned")
    # In production the page shows nothing in its place (never "paused") and the log says why.
    settings.TESTING = False
    settings.DEBUG = False
    assert labels.label("job_state", "paused") == ""
    assert "No job_state label for 'paused'" in caplog.text
