"""Rule 43's random scenario ("Bid DYO", 43.3): every draw of it, and the scenario they make.

43.31-43.34 draw who attacks whom, the date, the victory conditions and the time limit; each
side's troop type comes from the unit type table (43; the Pacific table 45.9) and, in the
mountains, an elite side draws to be mountain troops (M12.1). The points each side spends are
not drawn: 43.35-43.36 leave them to the players' bid.

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
from upfront.rules.codes import NATIONALITIES, PERIODS, SSR_CUSTOM, THEATRES
from upfront.rules.draws import TIME_FRAME_COLUMN, DrawError, DrawRequest, DrawResult, draw
from upfront.rules.examples import empty_force
from upfront.rules.messages import Message, message
from upfront.rules.mountain import mountain_troops_unavailable
from upfront.rules.scenario import FORMAT_VERSION, SCENARIO_FORMAT, SCENARIO_ROLES

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

# 43.36: the attacker, the cheaper bid, always plays first.
FIRST_PLAYER = "attacker"
FIRST_PLAYER_RULE = "43.36"
BID_RULE = "43.35-43.36"
# 43.33 row 5: the defender receives the Pillbox card before set-up (a catalogue special rule).
SETUP_CARD_GIVEN = "setup_card_given"
PILLBOX_ROW = 5
PILLBOX = "pillbox"


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
    draw_seeds: dict[str, int] = field(default_factory=dict, hash=False)


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

    def draw(self, key: str) -> Draw | None:
        return next((d for d in self.draws if d.key == key), None)

    @property
    def seeds(self) -> dict[str, int]:
        """Every draw's seed: with the request's, what reproduces this scenario."""
        return {d.key: d.seed for d in self.draws}

    def document(
        self, *, title: str, description: str, language: str, bid_text: str
    ) -> dict[str, Any]:
        """The scenario document (interchange format v1) in the words given (the edge's)."""
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
        special_rules: list[dict[str, Any]] = []
        if self.victory_row == PILLBOX_ROW:
            special_rules.append(
                {
                    "code": SETUP_CARD_GIVEN,
                    "rule": "43.33",
                    "params": {"side": "defender", "card_type": PILLBOX},
                }
            )
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
    for key, seed in request.draw_seeds.items():
        if key not in DRAW_KEYS:
            raise GenerateError(f"draw_seeds.{key}", message("generator.unknown_draw"))
        if not 0 <= seed <= SEED_MAX:
            raise GenerateError(f"draw_seeds.{key}", message("generator.seed_range"))
    if not 0 <= request.seed <= SEED_MAX:
        raise GenerateError("seed", message("generator.seed_range"))


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
    if request.period:
        period = request.period
        notes.append(Note("period_chosen", "43.32", message("generator.period_chosen")))
    else:
        columns = {TIME_FRAME_COLUMN[n] for n in (attacker, defender) if n in TIME_FRAME_COLUMN}
        if len(columns) != 1:
            raise GenerateError("period", message("generator.period_needed"))
        opponent = next(n for n in (defender, attacker) if n in TIME_FRAME_COLUMN)
        period = roll("time_frame", opponent=opponent).value

    # 43.33: the victory conditions row, with its deck removals and cower cards.
    victory_row = roll("victory_conditions").rpn
    planned = catalogue.game_reference.victory_rows.get(victory_row)
    deck_changes = tuple(
        {"action": c.action, "card_type": c.card_type, "count": c.count, "which": c.which}
        for c in (planned.deck_changes if planned else ())
    )

    # 43.34: the time limit, by the RN's number and colour.
    time_limit_decks = int(roll("time_limit").value)

    # 43 / 45.9: each side's troop type on the theatre's unit type table.
    troop_types: dict[str, str] = {}
    nationality = {"attacker": attacker, "defender": defender}
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

    if any(d.result.colour for d in draws):
        # Not a rule: the data's assumption (random_numbers.yaml), hence no reference.
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
    )
