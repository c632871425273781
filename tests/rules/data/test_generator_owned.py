"""upfront.rules.generator with what the player owns (issue 28 §8): the roll offers only the
nationalities, the theatre and the rules of the products they own, refuses a choice of another,
and says what it left out and why. Which book brings which nationality is the reference data's
(each nationality's chapter, nationalities.yaml), checked here against the engine's table.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from upfront.rules.catalogue import Catalogue
from upfront.rules.codes import EXPANSIONS, NATIONALITIES
from upfront.rules.generator import GenerateError, GenerateRequest, generate, left_out
from upfront.rules.scenario import NATIONALITY_EXPANSION

pytestmark = pytest.mark.django_db
NATIONALITIES_YAML = (
    Path(__file__).resolve().parents[3] / "upfront/reference/data/seed/nationalities.yaml"
)
BASE_GAME_ONLY: frozenset[str] = frozenset()


def roll(catalogue: Catalogue, **params: Any) -> Any:
    return generate(catalogue, GenerateRequest(**{"seed": 7, **params}))


def said(notes: Any) -> dict[str, list[dict[str, Any]]]:
    found: dict[str, list[dict[str, Any]]] = {}
    for note in notes:
        found.setdefault(note.code, []).append(dict(note.message.params))
    return found


def test_each_nationality_s_book_is_the_chapter_the_reference_data_gives_it() -> None:
    # nationalities.yaml: "rule" is the chapter that introduces the nationality; Banzai holds
    # 44-49 and Desert War 50-53 (the seeds' README), the base game's are 21.11.
    rows = yaml.safe_load(NATIONALITIES_YAML.read_text(encoding="utf-8"))["nationalities"]
    assert {row["code"] for row in rows} == set(NATIONALITIES)
    for row in rows:
        chapter = int(str(row["rule"]).split(".")[0])
        expected = (
            "banzai" if 44 <= chapter <= 49 else "desert_war" if 50 <= chapter <= 53 else None
        )
        assert NATIONALITY_EXPANSION.get(row["code"]) == expected, row["code"]


def test_base_game_only_leaves_out_the_expansions_nations_the_pacific_and_the_mountains(
    reference_catalogue: Catalogue,
) -> None:
    notes = said(left_out(reference_catalogue, BASE_GAME_ONLY))
    left = {(p["nationality"], p["expansion"]) for p in notes["nationality_left_out"]}
    tabled = {r.nationality for r in reference_catalogue.unit_types if r.rpn_low is not None}
    # Japanese and British in Banzai, Italians and French in Desert War, where a unit type
    # table gives them a column (43, 45.9): only those are ever offered.
    assert left == {(n, b) for n, b in NATIONALITY_EXPANSION.items() if n in tabled}
    assert ("japanese", "banzai") in left
    assert notes["theatre_left_out"] == [{"theatre_name": "PTO", "expansion": "banzai"}]
    assert notes["mountain_left_out"] == [{"expansion": "mountain"}]


def test_owning_everything_or_saying_nothing_leaves_nothing_out(
    reference_catalogue: Catalogue,
) -> None:
    assert left_out(reference_catalogue, frozenset(EXPANSIONS)) == ()
    assert left_out(reference_catalogue, None) == ()
    everything = roll(reference_catalogue, owned=frozenset(EXPANSIONS))
    assert not {"nationality_left_out", "theatre_left_out"} & set(said(everything.notes))


def test_a_restricted_roll_draws_the_same_and_says_what_it_left_out(
    reference_catalogue: Catalogue,
) -> None:
    # 43.31's table holds only base-game nations: the draws stand, the notes say why the
    # choices are fewer.
    free = roll(reference_catalogue)
    owned = roll(reference_catalogue, owned=frozenset({"desert_war"}))
    assert (owned.attacker, owned.defender, owned.period) == (
        free.attacker,
        free.defender,
        free.period,
    )
    notes = said(owned.notes)
    left = {p["nationality"]: p["expansion"] for p in notes["nationality_left_out"]}
    assert left["japanese"] == "banzai"  # "Japanese left out: you do not own Banzai"
    assert "italian" not in left and "french" not in left
    assert notes["theatre_left_out"] == [{"theatre_name": "PTO", "expansion": "banzai"}]
    assert notes["mountain_left_out"] == [{"expansion": "mountain"}]


def test_a_side_of_a_book_not_owned_is_refused_naming_the_book(
    reference_catalogue: Catalogue,
) -> None:
    pacific = {"theatre": "PTO", "attacker": "japanese", "defender": "american"}
    with pytest.raises(GenerateError) as refused:
        roll(reference_catalogue, **pacific, owned=frozenset({"desert_war"}))
    assert refused.value.field == "attacker"
    assert refused.value.message.id == "generator.nationality_not_owned"
    assert refused.value.message.params == {"nationality": "japanese", "expansion": "banzai"}
    # Owning Banzai, the same choice rolls.
    allowed = roll(reference_catalogue, **pacific, owned=frozenset({"banzai"}))
    assert (allowed.attacker, allowed.defender) == ("japanese", "american")


def test_the_pacific_and_the_mountains_are_refused_without_their_books(
    reference_catalogue: Catalogue,
) -> None:
    with pytest.raises(GenerateError) as pacific:
        roll(
            reference_catalogue,
            theatre="PTO",
            attacker="japanese",
            defender="american",
            owned=BASE_GAME_ONLY,
        )
    # The side is the first thing refused: the Japanese are Banzai's too.
    assert pacific.value.field == "attacker"
    with pytest.raises(GenerateError) as theatre:
        roll(
            reference_catalogue,
            theatre="PTO",
            attacker="american",
            defender="american",
            owned=BASE_GAME_ONLY,
        )
    assert theatre.value.field == "theatre"
    assert theatre.value.message.params == {"theatre_name": "PTO", "expansion": "banzai"}
    with pytest.raises(GenerateError) as mountain:
        roll(reference_catalogue, mountain=True, owned=frozenset({"banzai"}))
    assert mountain.value.field == "mountain"
    assert roll(reference_catalogue, mountain=True, owned=frozenset({"mountain"})).request.mountain
