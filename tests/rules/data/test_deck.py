"""The Action deck after its variant's substitutions and every change (upfront/rules/deck.py),
on the real catalogue: what each deck variant does to each card type comes from terrain.yaml,
so the expectations here are read from the data where they can be, and spelled out where a
player would check them by hand (the rural deck's card numbers, the mountain article's levels)."""

from __future__ import annotations

import pytest

from tests.rules.factories import scenario
from upfront.rules.catalogue import Catalogue
from upfront.rules.deck import DeckComposition, DeckEntry, deck_composition
from upfront.rules.scenario import DeckChange, SpecialRuleUse

pytestmark = pytest.mark.django_db


def compose(catalogue: Catalogue, **fields: object) -> DeckComposition:
    return deck_composition(scenario(**fields), catalogue)  # type: ignore[arg-type]


def entry(deck: DeckComposition, card_type: str) -> DeckEntry:
    found = deck.entry(card_type)
    assert found is not None, card_type
    return found


def test_the_standard_deck_keeps_every_card_type(reference_catalogue: Catalogue) -> None:
    deck = compose(reference_catalogue)
    assert deck.variant == "standard"
    assert [e.card_type for e in deck.entries] == list(
        reference_catalogue.game_reference.card_types
    )
    assert {e.state for e in deck.entries} == {"kept"}
    assert all(e.count_change == 0 and e.usable for e in deck.entries)
    assert deck.additions == () and deck.conflicts == ()


def test_the_jungle_deck_replaces_every_buildings_card(reference_catalogue: Catalogue) -> None:
    deck = compose(reference_catalogue, terrain_deck="jungle", theatre="PTO")
    data = {
        s.replaces: s
        for s in reference_catalogue.game_reference.decks["jungle"].substitutions
        if s.replaces
    }
    assert set(data) == {"buildings_2", "buildings_3"}  # T2.1 / 47.2
    for card_type, substitution in data.items():
        found = entry(deck, card_type)
        assert found.state == "replaced" and not found.usable
        assert found.count_change is None  # every card, how many is not in any source
        (change,) = found.changes
        assert (change.replacement, change.rule) == (substitution.replacement, substitution.rule)
    assert {a.replacement for a in deck.additions} == {
        s.replacement
        for s in reference_catalogue.game_reference.decks["jungle"].substitutions
        if s.replaces is None
    }
    assert entry(deck, "woods").state == "kept"


def test_the_desert_deck_makes_buildings_3_cower_and_replaces_the_rest(
    reference_catalogue: Catalogue,
) -> None:
    deck = compose(reference_catalogue, terrain_deck="desert")
    # 52.14: every Buildings -3 is a useless (cower) card; Buildings -2 are Rocks.
    assert entry(deck, "buildings_3").state == "cower"
    assert entry(deck, "buildings_3").changes[0].rule == "52.14"
    rocks = entry(deck, "buildings_2")
    assert (rocks.state, rocks.changes[0].replacement, rocks.changes[0].rule) == (
        "replaced",
        "rocks",
        "52.14",
    )
    for card_type, replacement in [
        ("stream", "wadi"),
        ("hill", "dune"),
        ("marsh", "soft_sands"),
        ("woods", "oasis"),
        ("pillbox", "sangar"),
    ]:
        assert entry(deck, card_type).changes[0].replacement == replacement
    assert "escarpment" in {a.replacement for a in deck.additions}  # T1.1: replaces unstated
    assert entry(deck, "minefield").state == "kept"


def test_the_rural_deck_swaps_single_cards_by_number(reference_catalogue: Catalogue) -> None:
    deck = compose(reference_catalogue, terrain_deck="rural")
    numbers = {
        card_type: sorted(c.card_number for c in entry(deck, card_type).changes if c.card_number)
        for card_type in ("buildings_2", "buildings_3", "minefield")
    }
    assert numbers == {"buildings_2": [58], "buildings_3": [71, 95, 143], "minefield": [141]}
    # One card each: the count change is known, and cards of the type are left.
    assert [entry(deck, t).count_change for t in ("buildings_2", "buildings_3", "minefield")] == [
        -1,
        -3,
        -1,
    ]
    assert all(entry(deck, t).state == "changed" and entry(deck, t).usable for t in numbers)


def test_the_elevation_deck_turns_terrain_into_elevation_cards(
    reference_catalogue: Catalogue,
) -> None:
    deck = compose(reference_catalogue, terrain_deck="mountain_elevation")
    levels = {
        e.card_type: e.changes[0].elevation_level
        for e in deck.entries
        if e.changes and e.changes[0].kind == "elevation"
    }
    # M3.1-M3.4: Hill and Marsh level 1, Buildings -2 level 2, -3 level 3, Pillbox level 4.
    assert levels == {"hill": 1, "marsh": 1, "buildings_2": 2, "buildings_3": 3, "pillbox": 4}
    # Elevation cards stay in the deck: no card leaves it.
    assert {entry(deck, t).count_change for t in levels} == {0}
    crevasse = entry(deck, "stream")  # M3.5
    assert (crevasse.state, crevasse.changes[0].replacement) == ("replaced", "crevasse")
    # M3: the cards "cambiano il loro significato" (000_1a586b5640df8116.txt): still in the deck.
    assert all(entry(deck, t).changes[0].reread for t in [*levels, "stream"])


def test_a_marsh_marks_level_1_and_is_still_a_marsh_at_level_0(
    reference_catalogue: Catalogue,
) -> None:
    # M3.1 (000_1a586b5640df8116.txt): "le Paludi possono essere giocate come tali se a LE zero".
    deck = compose(reference_catalogue, terrain_deck="mountain_elevation")
    marsh, hill = entry(deck, "marsh"), entry(deck, "hill")
    assert marsh.changes[0].elevation_level == 1 and marsh.changes[0].as_printed_too
    assert (marsh.state, marsh.usable) == ("changed", True)
    # The Hill has no such exception: it is only an elevation card.
    assert (hill.state, hill.usable) == ("elevation", False)


def test_desert_rules_by_special_rule_reread_stream_marsh_and_woods(
    reference_catalogue: Catalogue,
) -> None:
    # 52.1 (004_691449f2ac128484.txt): "Per le carte Edificio, Bosco, Fiume e Campo Minato si
    # sostituiscono tutte le regole"; 52.13 Wadis, 52.15 Sabbie Soffici, 52.16 Oasi.
    deck = compose(reference_catalogue, special_rules=["desert_rules"])
    read = {
        t: (entry(deck, t).changes[0].replacement, entry(deck, t).changes[0].rule)
        for t in ("stream", "marsh", "woods", "buildings_2", "buildings_3")
    }
    assert read == {
        "stream": ("wadi", "52.13"),
        "marsh": ("soft_sands", "52.15"),
        "woods": ("oasis", "52.16"),
        "buildings_2": ("rocks", "52.14"),
        "buildings_3": ("useless_buildings_3", "52.14"),
    }
    assert all(entry(deck, t).changes[0].reread for t in read)
    # The desert deck's own new cards (T1.3 Dune, T1.6 Sangar) do not come with the rules.
    assert entry(deck, "hill").state == "kept" and entry(deck, "pillbox").state == "kept"
    # Without the special rule the standard deck keeps its cards as printed.
    assert entry(compose(reference_catalogue), "stream").state == "kept"


def test_a_special_rule_keeps_the_pillbox_a_pillbox(reference_catalogue: Catalogue) -> None:
    deck = compose(
        reference_catalogue,
        terrain_deck="mountain_elevation",
        special_rules=["pillbox_not_elevation"],
    )
    pillbox = entry(deck, "pillbox")
    assert pillbox.state == "kept" and pillbox.usable
    assert pillbox.changes[0].overridden_by == "pillbox_not_elevation"


def test_the_mountain_flag_on_the_standard_deck_brings_elevation_cards(
    reference_catalogue: Catalogue,
) -> None:
    deck = compose(reference_catalogue, mountain=True)
    assert entry(deck, "buildings_2").state == "elevation"
    assert entry(deck, "buildings_2").changes[0].source == "mountain"


def test_the_simplified_mountain_deck_turns_some_buildings_into_hills(
    reference_catalogue: Catalogue,
) -> None:
    deck = compose(reference_catalogue, terrain_deck="mountain")
    # T5.0: three Buildings -3 and two Buildings -2 become Hills (numbers not given).
    assert (entry(deck, "buildings_3").count_change, entry(deck, "buildings_2").count_change) == (
        -3,
        -2,
    )


def test_the_first_buildings_removed_are_of_either_value(reference_catalogue: Catalogue) -> None:
    deck = compose(
        reference_catalogue,
        deck_changes=(DeckChange("remove", "buildings", 4, "first"),),
    )
    for card_type in ("buildings_2", "buildings_3"):
        found = entry(deck, card_type)
        (change,) = found.changes
        assert (change.kind, change.count, change.which, change.either_buildings) == (
            "removed",
            4,
            "first",
            True,
        )
        # The 4 are shared between the two types: how many of each is not known.
        assert found.state == "changed" and found.count_change is None


def test_rocky_topography_makes_woods_cower(reference_catalogue: Catalogue) -> None:
    deck = compose(reference_catalogue, mountain=True, topography="rocky")
    woods = entry(deck, "woods")
    assert (woods.state, woods.changes[0].rule, woods.count_change) == ("cower", "M9.1", 0)


def test_marsh_not_cower_overrides_a_cower_change(reference_catalogue: Catalogue) -> None:
    change = (DeckChange("cower", "marsh"),)
    assert entry(compose(reference_catalogue, deck_changes=change), "marsh").state == "cower"
    deck = compose(reference_catalogue, deck_changes=change, special_rules=["marsh_not_cower"])
    assert entry(deck, "marsh").state == "kept"
    assert entry(deck, "marsh").changes[0].overridden_by == "marsh_not_cower"


def test_special_rules_change_the_deck(reference_catalogue: Catalogue) -> None:
    deck = compose(
        reference_catalogue,
        special_rules=[
            "minefields_cower",
            SpecialRuleUse("cards_removed", params={"card_type": "wire", "count": 2}),
        ],
    )
    assert entry(deck, "minefield").state == "cower"
    assert entry(deck, "wire").count_change == -2


def test_desert_rules_by_special_rule_reread_the_buildings(
    reference_catalogue: Catalogue,
) -> None:
    deck = compose(reference_catalogue, special_rules=["desert_rules"])
    assert entry(deck, "buildings_2").changes[0].replacement == "rocks"  # 52.14
    assert entry(deck, "buildings_3").state == "cower"


def test_two_rules_replacing_the_same_cards_clash(reference_catalogue: Catalogue) -> None:
    deck = compose(reference_catalogue, terrain_deck="desert", special_rules=["jungle_rules"])
    clashing = {c.card_type for c in deck.conflicts}
    assert clashing == {"buildings_2", "buildings_3"}
    # The deck variant's substitution is kept.
    assert entry(deck, "buildings_2").changes[0].replacement == "rocks"


def test_the_composition_is_plain_data(reference_catalogue: Catalogue) -> None:
    import json

    deck = compose(reference_catalogue, terrain_deck="rural")
    assert json.loads(json.dumps(deck.to_dict())) == deck.to_dict()


def test_an_unknown_card_type_adds_no_row(reference_catalogue: Catalogue) -> None:
    # A code the data does not know is a reference fault of the document, not a card type.
    deck = compose(reference_catalogue, deck_changes=(DeckChange("remove", "dragons", 2),))
    assert deck.entry("dragons") is None
    assert len(deck.entries) == len(reference_catalogue.game_reference.card_types)


def test_jungle_and_mountain_give_one_answer_for_the_buildings(
    reference_catalogue: Catalogue,
) -> None:
    # M3.2/M3.3 (000_1a586b5640df8116.txt): "Edifici -2 Rappresentano il LE 2", "Edifici -3
    # ... il LE 3"; M9.3: "Si applicano le apposite regole [47]" (47.2 reads Buildings as
    # jungle). Whether the jungle comes by deck or by topography, and the mountain by deck or
    # by flag, the Buildings are elevation cards and the clash is reported.
    ways = [
        {"terrain_deck": "jungle", "mountain": True},
        {"terrain_deck": "mountain_elevation", "topography": "jungle"},
        {"mountain": True, "topography": "jungle"},
    ]
    for fields in ways:
        deck = compose(reference_catalogue, theatre="PTO", **fields)
        for card_type in ("buildings_2", "buildings_3"):
            found = entry(deck, card_type)
            assert found.state == "elevation", (fields, card_type)
        clashes = {(c.card_type, c.kept.kind, c.dropped.variant) for c in deck.conflicts}
        assert ("buildings_2", "elevation", "jungle") in clashes, fields


def test_snow_reads_marsh_and_brush_as_open_ground(reference_catalogue: Catalogue) -> None:
    # 99.821 (ground snow) and 99.85 (extreme winter, "Terrain is as per Ground Snow"): "Marsh is
    # treated as Open Ground although it may be discarded on opposing groups or played during
    # initial terrain placement"; 99.83 (deep snow): "Marsh and Brush are treated as Open
    # Ground"; 99.84: with Drifts, "Marsh cards represent Drifts Terrain (not Open Ground)".
    clear = compose(reference_catalogue)
    assert entry(clear, "marsh").state == "kept" and entry(clear, "brush").state == "kept"
    for weather, rule, read in (
        ("ground_snow", "99.821", {"marsh"}),
        ("extreme_winter", "99.85", {"marsh"}),
        ("deep_snow", "99.83", {"marsh", "brush"}),
    ):
        deck = compose(reference_catalogue, weather=[weather])
        for card_type in ("marsh", "brush"):
            changes = [c for c in entry(deck, card_type).changes if c.source == "weather"]
            if card_type in read:
                assert [(c.rule, c.item) for c in changes] == [(rule, "scenario.weather[0]")]
                # Still a card of the deck, playable as itself on an opponent or at set-up.
                assert entry(deck, card_type).usable and entry(deck, card_type).count_change == 0
            else:
                assert changes == []
    drifts = compose(reference_catalogue, weather=["ground_snow", "drifts"])
    assert not [c for c in entry(drifts, "marsh").changes if c.source == "weather"]
