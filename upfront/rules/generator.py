"""Rule 43's random scenario ("Bid DYO", 43.3): every draw of it, and the scenario they make.

43.31-43.34 draw who attacks whom, the date, the victory conditions and the time limit; each
side's troop type comes from the unit type table (43; the Pacific table 45.9) and, in the
mountains, an elite side draws to be mountain troops (M12.1). The points each side spends are
not drawn: 43.35-43.36 leave them to the players' bid.

Kept whole: one procedure (43.3) whose draws and the statements about them are read together:
each statement says what a draw of this module did.

Every draw has its own seed (``draw_seeds``; by default the request's ``seed``) and its own
random source, ``random.Random(f"{seed}:{key}")`` (a string seed is hashed with SHA-512, the
same on every run and platform): re-rolling one draw changes its seed alone and keeps every
other number drawn. A draw that depends on another (the time frame's column on the sides) is
read again with its own seed when the other changes.

Where the sources give no table the generator draws nothing and says so in a note (a message
id and the rule), or refuses with :class:`GenerateError` when the scenario needs the value: a
tactical position outside Germans against Russians or Americans (43.31), a date against other
opponents (43.32), a unit type column the tables lack (43, 45.9). The engine holds no text: the
title, the description and the bid's special rule are written at the edge, in the reader's
language (:meth:`Generated.document`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from upfront.rules.catalogue import Catalogue
from upfront.rules.codes import (
    NATIONALITIES,
    PERIODS,
    SSR_COWER_CARDS,
    SSR_CUSTOM,
    SSR_PILLBOX_NOT_ELEVATION,
    SSR_SNIPERS_ALLOTTED,
    THEATRES,
)
from upfront.rules.draws import TIME_FRAME_COLUMN, DrawError, DrawRequest, DrawResult, draw
from upfront.rules.examples import empty_force
from upfront.rules.messages import Message, message
from upfront.rules.mountain import (
    BUILDINGS_KEPT,
    PILLBOX,
    PILLBOX_LEVEL_4,
    mountain_drops_row_change,
    mountain_troops_unavailable,
)
from upfront.rules.scenario import (
    FORMAT_VERSION,
    MOUNTAIN_EXPANSION,
    NATIONALITY_EXPANSION,
    SCENARIO_FORMAT,
    SCENARIO_ROLES,
    THEATRE_EXPANSION,
)

# The draws, in the order they are made (a later one may read an earlier one's outcome). A key
# names one draw of a scenario; ``table`` is the table it is made on (codes.DRAW_TABLES).
DRAW_KEYS: tuple[str, ...] = (
    "tactical_position",
    "time_frame",
    "victory_conditions",
    "time_limit",
    "unit_type_attacker",
    "unit_type_defender",
    "mountain_troops_attacker",
    "mountain_troops_defender",
)
_TABLE_OF_KEY = {
    "tactical_position": "tactical_position",
    "time_frame": "time_frame",
    "victory_conditions": "victory_conditions",
    "time_limit": "bid_time_limit",
    "unit_type_attacker": "unit_type",
    "unit_type_defender": "unit_type",
    "mountain_troops_attacker": "mountain_troops",
    "mountain_troops_defender": "mountain_troops",
}
SEED_MAX = 2**31 - 1  # seeds are kept in URLs and JSON: a plain non-negative 31-bit integer

# The chapters of each expansion that brings a nationality (the seeds: Banzai 44.0-49.13,
# Desert War 50.0-53.2), the rule a left-out nationality's note cites.
_EXPANSION_CHAPTERS = {"banzai": "44-49", "desert_war": "50-53"}

# 43.36: the attacker, the cheaper bid, always plays first.
FIRST_PLAYER = "attacker"
FIRST_PLAYER_RULE = "43.36"
BID_RULE = "43.35-43.36"
# 43.33 row 5: the defender receives the Pillbox card before set-up (a catalogue special rule).
SETUP_CARD_GIVEN = "setup_card_given"
PILLBOX_ROW = 5
VICTORY_ROWS = range(1, 9)  # 43.33: RPN column 8
# 43.6: in a DYO scenario the Minefield (and the Pillbox, unless allotted to the defender) is a
# cower card and the snipers go to the defender (dyo_tables.csv "sniper/allocation").
DYO_CARDS_RULE = "43.6"
MINEFIELD = "minefield"
SNIPERS_SIDE = "defender"
# 43.5: the troop type is part of the force each side pays for (elite +15 %, second line -15 %).
TROOP_TYPE_RULE = "43.5"


class GenerateError(ValueError):
    """A request the tables cannot answer; ``field`` names the parameter at fault."""

    def __init__(self, field: str, message: Message) -> None:
        super().__init__(f"{field}: {message.english()}")
        self.field = field
        self.message = message


@dataclass(frozen=True)
class GenerateRequest:
    seed: int
    theatre: str = "ETO"
    mountain: bool = False
    # Only where the tables cannot draw them (43.31, 43.32), or where the players fix them.
    attacker: str | None = None
    defender: str | None = None
    period: str | None = None
    # 43.33: the victory conditions row the players agree on instead of drawing it (1-8).
    victory_row: int | None = None
    draw_seeds: dict[str, int] = field(default_factory=dict, hash=False)
    # The expansions and articles the player owns (codes.EXPANSIONS; the base game always):
    # None when they have not said, and then nothing is left out.
    owned: frozenset[str] | None = None


@dataclass(frozen=True)
class Draw:
    """One draw of the scenario: its key, the side it is for, its seed and what it gave."""

    key: str
    seed: int
    result: DrawResult
    side: str | None = None  # "attacker" | "defender" for a side's draw

    def to_dict(self) -> dict[str, Any]:
        """Plain data, language-neutral: an RPN draw gives ``rpn``, an RN draw ``rn``."""
        result = self.result
        number = "rn" if result.colour else "rpn"
        return {
            "key": self.key,
            "table": result.table,
            "side": self.side,
            "column": result.column or None,
            number: result.rpn,
            "colour": result.colour or None,
            "value": result.value,
            "rule": result.rule,
            "seed": self.seed,
        }


@dataclass(frozen=True)
class Note:
    """What was not drawn, and why (the rule that gives no table, or leaves it to players)."""

    code: str
    rule: str
    message: Message
    side: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "rule": self.rule,
            "side": self.side,
            "message": self.message.to_dict(),
        }


@dataclass(frozen=True)
class Generated:
    """The draws, the notes and the scenario they make (:meth:`document`)."""

    request: GenerateRequest
    data_revision: str
    draws: tuple[Draw, ...]
    notes: tuple[Note, ...]
    attacker: str
    defender: str
    period: str
    victory_row: int
    time_limit_decks: int
    troop_types: dict[str, str] = field(hash=False)  # by role
    mountain_troops: dict[str, bool] = field(hash=False)  # by role, only where drawn
    marines: dict[str, bool] = field(hash=False)  # by role: 46.1
    deck_changes: tuple[dict[str, Any], ...] = ()
    special_rules: tuple[dict[str, Any], ...] = ()  # the rules' own, before the bid's

    def draw(self, key: str) -> Draw | None:
        return next((d for d in self.draws if d.key == key), None)

    @property
    def seeds(self) -> dict[str, int]:
        """Every draw's seed: with the request's, what reproduces this scenario."""
        return {d.key: d.seed for d in self.draws}

    def document(
        self,
        *,
        title: str,
        description: str,
        language: str,
        bid_text: str,
    ) -> dict[str, Any]:
        """The scenario document (interchange format v1) in the words given (the edge's):
        ``bid_text`` the bid's special rule (43.35-43.36)."""
        request = self.request
        nationality = {"attacker": self.attacker, "defender": self.defender}
        sides = []
        for role in SCENARIO_ROLES:
            force = empty_force(
                nationality=nationality[role],
                period=self.period,
                theatre=request.theatre,
                troop_type=self.troop_types[role],
                mountain=request.mountain,
                marines=self.marines.get(role, False),
                budget=None,  # 43.35-43.36: bid by the players
            )
            if role in self.mountain_troops:
                force["mountain_troops"] = self.mountain_troops[role]  # M12.1
            sides.append({"role": role, "force": force})
        special_rules = [dict(r) for r in self.special_rules]
        special_rules.append({"code": SSR_CUSTOM, "rule": BID_RULE, "text": bid_text})
        body = {
            "title": title,
            "description": description,
            "language": language,
            "based_on": None,
            "period": self.period,
            "theatre": request.theatre,
            "terrain_deck": "standard",
            "mountain": request.mountain,
            "topography": None,
            "environment": None,
            "weather": [],
            "time_limit_decks": self.time_limit_decks,
            "first_player": FIRST_PLAYER,
            "deck_changes": [dict(c) for c in self.deck_changes],
            "special_rules": special_rules,
            "victory_conditions": {"text": "", "rpn": self.victory_row},
            "sides": sides,
        }
        return {
            "format": SCENARIO_FORMAT,
            "version": FORMAT_VERSION,
            "data_revision": self.data_revision,
            "scenario": body,
        }


def _rng(seed: int, key: str) -> random.Random:
    # A string seed: hashed with SHA-512 by random.seed, so the same on every run (no
    # PYTHONHASHSEED) and independent from one key to another.
    return random.Random(f"{seed}:{key}")


def _tactical_sides(value: str, detail: str) -> tuple[str, str]:
    # dyo_tables.csv: detail "attacker=russian; defender=german".
    parts = dict(p.strip().split("=", 1) for p in detail.split(";") if "=" in p)
    attacker, defender = parts.get("attacker", ""), parts.get("defender", "")
    if attacker not in NATIONALITIES or defender not in NATIONALITIES:
        raise ValueError(f"tactical position row without sides: {value!r} {detail!r}")
    return attacker, defender


def _in_table(catalogue: Catalogue, params: dict[str, Any]) -> bool:
    """Whether the unit type table of the theatre has the nationality in some period."""
    return any(
        r.theatre == params.get("theatre") and r.nationality == params.get("nationality")
        for r in catalogue.unit_types
    )


def _check_request(request: GenerateRequest) -> None:
    if request.theatre not in THEATRES:
        raise GenerateError("theatre", message("generator.theatre"))
    for name in ("attacker", "defender"):
        value = getattr(request, name)
        if value is not None and value not in NATIONALITIES:
            raise GenerateError(name, message("generator.unknown_nationality"))
    if (request.attacker is None) != (request.defender is None):
        raise GenerateError(
            "attacker" if request.attacker is None else "defender",
            message("generator.both_sides"),
        )
    if request.period is not None and request.period not in PERIODS:
        raise GenerateError("period", message("generator.unknown_period"))
    if request.victory_row is not None and request.victory_row not in VICTORY_ROWS:
        raise GenerateError("victory_row", message("generator.victory_row_range"))
    for key, seed in request.draw_seeds.items():
        if key not in DRAW_KEYS:
            raise GenerateError(f"draw_seeds.{key}", message("generator.unknown_draw"))
        if not 0 <= seed <= SEED_MAX:
            raise GenerateError(f"draw_seeds.{key}", message("generator.seed_range"))
    if not 0 <= request.seed <= SEED_MAX:
        raise GenerateError("seed", message("generator.seed_range"))
    _check_owned(request)


def _check_owned(request: GenerateRequest) -> None:
    """Refuse a choice the player's products do not bring (a side, the theatre, mountains)."""
    owned = request.owned
    if owned is None:
        return
    for name in ("attacker", "defender"):
        nation = getattr(request, name)
        book = NATIONALITY_EXPANSION.get(nation or "")
        if book is not None and book not in owned:
            raise GenerateError(
                name, message("generator.nationality_not_owned", nationality=nation, expansion=book)
            )
    book = THEATRE_EXPANSION.get(request.theatre)
    if book is not None and book not in owned:
        raise GenerateError(
            "theatre",
            message("generator.theatre_not_owned", theatre_name=request.theatre, expansion=book),
        )
    if request.mountain and MOUNTAIN_EXPANSION not in owned:
        raise GenerateError(
            "mountain", message("generator.mountain_not_owned", expansion=MOUNTAIN_EXPANSION)
        )


def left_out(catalogue: Catalogue, owned: frozenset[str] | None) -> tuple[Note, ...]:
    """What the roll does not offer the player, and why: each nationality a unit type table
    has (43, 45.9) that an expansion they do not own brings, the Pacific (45.9, Banzai) and
    the mountain rules (the mountain article). Nothing when they have not said what they own.

    The tactical position table (43.31) draws only base-game nations, so a restricted roll
    draws what it drew before; what the player may choose narrows."""
    if owned is None:
        return ()
    tabled = {r.nationality for r in catalogue.unit_types if r.rpn_low is not None}
    notes: list[Note] = []
    for nation in NATIONALITIES:
        book = NATIONALITY_EXPANSION.get(nation)
        if nation in tabled and book is not None and book not in owned:
            notes.append(
                Note(
                    "nationality_left_out",
                    _EXPANSION_CHAPTERS.get(book, ""),
                    message("generator.nationality_left_out", nationality=nation, expansion=book),
                )
            )
    for theatre, book in THEATRE_EXPANSION.items():
        if book not in owned:
            notes.append(
                Note(
                    "theatre_left_out",
                    "45.9",
                    message("generator.theatre_left_out", theatre_name=theatre, expansion=book),
                )
            )
    if MOUNTAIN_EXPANSION not in owned:
        notes.append(
            Note(
                "mountain_left_out",
                "M12.1",
                message("generator.mountain_left_out", expansion=MOUNTAIN_EXPANSION),
            )
        )
    return tuple(notes)


def generate(catalogue: Catalogue, request: GenerateRequest) -> Generated:
    """Draw a whole rule 43 scenario; raise :class:`GenerateError` where the tables cannot."""
    _check_request(request)
    draws: list[Draw] = []
    notes: list[Note] = []

    def roll(key: str, side: str | None = None, **params: Any) -> DrawResult:
        seed = request.draw_seeds.get(key, request.seed)
        try:
            result = draw(catalogue, DrawRequest(_TABLE_OF_KEY[key], **params), _rng(seed, key))
        except DrawError as exc:
            # The parameter at fault is the generator's: the side (a nationality the table
            # has no column of at all, in that theatre) or the date.
            field_name = exc.field
            if side and (exc.field == "nationality" or not _in_table(catalogue, params)):
                field_name = side
            raise GenerateError(field_name, exc.message) from exc
        draws.append(Draw(key, seed, result, side))
        return result

    # 43.31: who attacks whom. The table holds only Germans against Russians or Americans.
    if request.attacker and request.defender:
        attacker, defender = request.attacker, request.defender
        notes.append(Note("sides_chosen", "43.31", message("generator.sides_chosen")))
    elif request.theatre != "ETO":
        raise GenerateError("attacker", message("generator.sides_needed"))
    else:
        result = roll("tactical_position")
        attacker, defender = _tactical_sides(result.value, str(result.detail))

    # 43.32: the date, on the column of the opponent (6 against the US, 9 against Russians).
    nationality = {"attacker": attacker, "defender": defender}
    time_frame_column: int | None = None
    if request.period:
        period = request.period
        notes.append(Note("period_chosen", "43.32", message("generator.period_chosen")))
        _check_columns(catalogue, request, nationality, (period,), chosen=True)
    else:
        columns = {TIME_FRAME_COLUMN[n] for n in (attacker, defender) if n in TIME_FRAME_COLUMN}
        if len(columns) != 1:
            raise GenerateError("period", message("generator.period_needed"))
        time_frame_column = columns.pop()
        # Before drawing: a date the column can give where a side's unit type column is empty
        # would refuse the roll one time in nine; refuse it every time instead.
        _check_columns(
            catalogue,
            request,
            nationality,
            _time_frame_periods(catalogue, time_frame_column),
            chosen=False,
        )
        opponent = next(n for n in (defender, attacker) if n in TIME_FRAME_COLUMN)
        period = roll("time_frame", opponent=opponent).value
        if request.theatre == "PTO" and opponent == "american":
            # 43.32 reads column 6 against the US in the Pacific too, so 45.9's 1941b and
            # 1942a American columns are never drawn.
            notes.append(
                Note(
                    "time_frame_pacific",
                    "43.32; 45.9",
                    message("generator.time_frame_pacific", column=time_frame_column),
                )
            )
    if attacker == defender:
        # 43.31 pairs Germans with Russians or Americans; no table pairs a nation with itself.
        notes.append(
            Note("same_nation", "43.31", message("generator.same_nation", nationality=attacker))
        )

    # 43.33: the victory conditions row (drawn, or chosen by the players), with its deck
    # removals and cower cards, read for the mountains (M11, M3) and for a DYO game (43.6).
    if request.victory_row is not None:
        victory_row = request.victory_row
        notes.append(
            Note(
                "victory_row_chosen",
                "43.33",
                message("generator.victory_row_chosen", row=victory_row),
            )
        )
    else:
        victory_row = roll("victory_conditions").rpn
        notes.append(Note("victory_row_agreed", "43.33", message("generator.victory_row_agreed")))
    deck_changes, special_rules, deck_notes = _victory_row_cards(
        catalogue, victory_row, mountain=request.mountain
    )
    notes.extend(deck_notes)

    # 43.34: the time limit, by the RN's number and colour.
    time_limit_decks = int(roll("time_limit").value)

    # 43 / 45.9: each side's troop type on the theatre's unit type table.
    troop_types: dict[str, str] = {}
    for role in SCENARIO_ROLES:
        troop_types[role] = roll(
            f"unit_type_{role}",
            role,
            nationality=nationality[role],
            theatre=request.theatre,
            period=period,
        ).value

    # M12.1: in the mountains, elites are mountain troops on a black RN, where their nation
    # had mountain troops at that date; otherwise there is nothing to draw.
    mountain_troops: dict[str, bool] = {}
    if request.mountain:
        notes.append(Note("mountain_ground", "M9-M10", message("generator.mountain_ground")))
        for role in SCENARIO_ROLES:
            if troop_types[role] != "elite":
                notes.append(
                    Note(
                        "mountain_troops_not_elite",
                        "M12.1",
                        message("generator.mountain_troops_not_elite", role=role),
                        role,
                    )
                )
                continue
            unavailable = mountain_troops_unavailable(catalogue, nationality[role], period)
            if unavailable is not None:
                notes.append(
                    Note(
                        unavailable.code,
                        "M12.1",
                        Message(
                            f"generator.{unavailable.code}", {"role": role, **unavailable.params}
                        ),
                        role,
                    )
                )
                continue
            result = roll(
                f"mountain_troops_{role}", role, nationality=nationality[role], period=period
            )
            mountain_troops[role] = result.value == "yes"

    # 46.1: Americans facing the Japanese are Marines unless a special rule says otherwise.
    marines: dict[str, bool] = {}
    rule = catalogue.scenario_reference.marines
    if rule is not None:
        for role, other in (("attacker", defender), ("defender", attacker)):
            if nationality[role] == rule.nationality and other in rule.opponents:
                marines[role] = True
                notes.append(
                    Note("marines", rule.rule, message("generator.marines", role=role), role)
                )
                if troop_types[role] != "line":
                    # 46.1: Marines are semi-elite; a drawn second-line or elite type is a
                    # second troop quality the sources never combine with it.
                    notes.append(
                        Note(
                            "marines_troop_type",
                            rule.rule,
                            message(
                                "generator.marines_troop_type",
                                role=role,
                                troop_type=troop_types[role],
                            ),
                            role,
                        )
                    )
    # 43.5: the troop type is bought with the force; the attacker's force is the bid.
    notes.append(
        Note(
            "attacker_troop_type",
            TROOP_TYPE_RULE,
            message("generator.attacker_troop_type", troop_type=troop_types["attacker"]),
            "attacker",
        )
    )

    # What the player's products leave out of the choices (nothing drawn changes: 43.31's
    # table holds only base-game nations).
    notes.extend(left_out(catalogue, request.owned))
    # Not a rule: the data's assumption (random_numbers.yaml), hence no reference; the
    # simulation states the same one.
    notes.append(Note("rn_assumption", "", message("generator.rn_assumption")))
    notes.append(Note("bid", BID_RULE, message("generator.bid")))
    return Generated(
        request=request,
        data_revision=catalogue.data_revision,
        draws=tuple(draws),
        notes=tuple(notes),
        attacker=attacker,
        defender=defender,
        period=period,
        victory_row=victory_row,
        time_limit_decks=time_limit_decks,
        troop_types=troop_types,
        mountain_troops=mountain_troops,
        marines=marines,
        deck_changes=deck_changes,
        special_rules=special_rules,
    )


def _time_frame_periods(catalogue: Catalogue, column: int) -> tuple[str, ...]:
    """The dates an RPN of ``column`` can give on the time frame table (43.32)."""
    return tuple(
        row.value for row in catalogue.tables if row.table == "time_frame" and row.rpn <= column
    )


def _has_column(catalogue: Catalogue, theatre: str, nationality: str, period: str) -> bool:
    """Whether the unit type table prints a range for the nationality at that date (not "–")."""
    return any(
        r.theatre == theatre
        and r.nationality == nationality
        and r.period == period
        and r.rpn_low is not None
        for r in catalogue.unit_types
    )


def _check_columns(
    catalogue: Catalogue,
    request: GenerateRequest,
    nationality: dict[str, str],
    periods: tuple[str, ...],
    *,
    chosen: bool,
) -> None:
    """43, 45.9: refuse, before any side is drawn, a side without a unit type column: naming
    the side when its nation has no column in the theatre, else the date (``period``)."""
    theatre = request.theatre
    for role in SCENARIO_ROLES:
        nation = nationality[role]
        if not _in_table(catalogue, {"theatre": theatre, "nationality": nation}):
            raise GenerateError(
                role,
                message(
                    "generator.no_unit_type_table",
                    role=role,
                    nationality=nation,
                    theatre=theatre,
                ),
            )
        empty = [p for p in periods if not _has_column(catalogue, theatre, nation, p)]
        if not empty:
            continue
        raise GenerateError(
            "period",
            message(
                "generator.unit_type_column_empty"
                if chosen
                else "generator.time_frame_reaches_empty_column",
                role=role,
                nationality=nation,
                theatre=theatre,
                period=", ".join(empty),
            ),
        )


def _victory_row_cards(
    catalogue: Catalogue, row: int, *, mountain: bool
) -> tuple[tuple[dict[str, Any], ...], tuple[dict[str, Any], ...], list[Note]]:
    """43.33's deck changes and special rules for ``row``, read with 43.6 and, in the
    mountains, with M11 and M3: (deck changes, special rules, notes saying what was changed)."""
    planned = catalogue.game_reference.victory_rows.get(row)
    changes: list[dict[str, Any]] = []
    notes: list[Note] = []
    for c in planned.deck_changes if planned else ():
        # M11, M3.2-M3.3: the changes the mountains drop (row 5 gives the Pillbox to the
        # defender and makes no cower change of it).
        dropped = mountain_drops_row_change(c.action, c.card_type) if mountain else None
        if dropped == PILLBOX_LEVEL_4:
            notes.append(Note(dropped, "M11", message("generator.mountain_pillbox")))
            continue
        if dropped == BUILDINGS_KEPT:
            notes.append(
                Note(
                    dropped,
                    "M3.2-M3.3; M11",
                    message(
                        "generator.mountain_buildings_kept",
                        count=c.count if c.count is not None else "—",
                    ),
                )
            )
            continue
        changes.append(
            {"action": c.action, "card_type": c.card_type, "count": c.count, "which": c.which}
        )
    if mountain and any(c["card_type"] == "stream" for c in changes):
        # M3.5: the Stream is a crevasse in the mountains, not a level: M11 C, too, takes the
        # first one out, so 43.33's removal stands.
        notes.append(
            Note("mountain_stream_removed", "M3.5; M11", message("generator.mountain_stream"))
        )
    rules: list[dict[str, Any]] = []
    if row == PILLBOX_ROW:
        rules.append(
            {
                "code": SETUP_CARD_GIVEN,
                "rule": "43.33",
                "params": {"side": "defender", "card_type": PILLBOX},
            }
        )
        if mountain:
            # M11 C and O: "la Casamatta non corrisponde ad un LE 4" where the scenario plays
            # for the Pillbox; without it the row's Pillbox would be the level-4 card.
            rules.append({"code": SSR_PILLBOX_NOT_ELEVATION, "rule": "M11", "params": {}})
    # 43.6: the Minefield is a cower card (the Pillbox too, unless allotted to the defender:
    # the row's own cower change, or row 5's Pillbox given to him).
    rules.append(
        {
            "code": SSR_COWER_CARDS,
            "rule": DYO_CARDS_RULE,
            "params": {"card_types": [MINEFIELD], "side": "both"},
        }
    )
    # 43.6: "snipers always go to the defender; attacker may buy sniper use": the defender's
    # force has the capability without buying it (scenario_checks.validate_forces reads this).
    rules.append(
        {
            "code": SSR_SNIPERS_ALLOTTED,
            "rule": DYO_CARDS_RULE,
            "params": {"side": SNIPERS_SIDE},
        }
    )
    notes.append(Note("dyo_cards", DYO_CARDS_RULE, message("generator.dyo_cards")))
    notes.append(Note("dyo_snipers", DYO_CARDS_RULE, message("generator.dyo_snipers")))
    return tuple(changes), tuple(rules), notes
