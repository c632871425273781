"""The balance of a scenario's recorded plays: Wilson score interval and verdict (no database)."""

from __future__ import annotations

import math

import pytest

from upfront.rules.balance import BALANCED_MIN_DECISIVE, balance, wilson_interval


def test_wilson_interval_matches_the_textbook_values() -> None:
    # 8 successes in 10 trials: the 95 % Wilson interval is 0.490-0.943 (Wilson 1927;
    # the usual worked example, e.g. Agresti & Coull 1998).
    low, high = wilson_interval(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)


def test_wilson_interval_stays_inside_zero_and_one_where_the_normal_one_collapses() -> None:
    low, high = wilson_interval(3, 3)
    assert 0.43 < low < 0.44
    assert high == 1.0
    low, high = wilson_interval(0, 4)
    assert low == 0.0
    assert 0.48 < high < 0.49


def test_wilson_interval_is_symmetric_between_the_sides() -> None:
    for wins, trials in [(1, 7), (4, 9), (12, 30)]:
        low, high = wilson_interval(wins, trials)
        other_low, other_high = wilson_interval(trials - wins, trials)
        assert math.isclose(low, 1 - other_high)
        assert math.isclose(high, 1 - other_low)


def test_wilson_interval_refuses_impossible_counts() -> None:
    with pytest.raises(ValueError):
        wilson_interval(0, 0)
    with pytest.raises(ValueError):
        wilson_interval(5, 4)


def test_no_decisive_play_has_no_share_and_too_few_plays() -> None:
    result = balance(0, 0, 3)
    assert result.attacker_share is None
    assert result.interval is None
    assert result.verdict == "too_few_plays"
    assert result.total == 3


def test_attacker_favoured_only_when_the_whole_interval_lies_above_half() -> None:
    # 9 of 10: the interval (0.596, 0.982) lies above 0.5.
    result = balance(9, 1, 0)
    assert result.interval is not None and result.interval[0] > 0.5
    assert result.verdict == "favours_attacker"
    # 8 of 10: the interval starts at 0.490, so it still contains 0.5, but 80 % is far from
    # it: the scenario leans to the attacker, too few plays to be sure (not "balanced").
    assert balance(8, 2, 0).verdict == "leans_attacker"


def test_defender_favoured_when_the_interval_lies_below_half() -> None:
    result = balance(1, 9, 2)
    assert result.attacker_share == pytest.approx(0.1)
    assert result.verdict == "favours_defender"


def test_balanced_needs_enough_decisive_plays() -> None:
    just_enough = BALANCED_MIN_DECISIVE
    assert balance(2, just_enough - 2, 0).verdict == "balanced"
    # One fewer decisive play: the interval still contains 0.5 but says too little.
    assert balance(2, just_enough - 3, 5).verdict == "too_few_plays"


def test_an_interval_holding_half_with_a_share_far_from_it_leans() -> None:
    # 4-1 (issue 27 §5): the interval (0.38, 0.96) holds 50 %, the share 80 % is far from it.
    four_one = balance(4, 1, 0)
    assert four_one.interval is not None and four_one.interval[0] < 0.5 < four_one.interval[1]
    assert four_one.verdict == "leans_attacker"
    assert four_one.leader == "attacker"
    assert balance(1, 3, 0).verdict == "leans_defender"
    # Within LEAN_MARGIN of 50 % (3-2: 60 %) five decisive plays read "balanced so far".
    assert balance(3, 2, 0).verdict == "balanced"
    assert balance(13, 7, 0).verdict == "leans_attacker"  # 65 %: on the margin, leans
    assert balance(2, 2, 1).leader is None


def test_draws_do_not_move_the_share() -> None:
    assert balance(3, 2, 0).attacker_share == balance(3, 2, 10).attacker_share
