"""The random draws of rule 43 (and M12.1), as functions of a random source.

An RPN is read from one column of a drawn action card: column n gives a number 1..n. With
``rpn`` given (the player drew a card) the lookup is deterministic; otherwise ``rng`` draws.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from upfront.rules.catalogue import Catalogue
from upfront.rules.codes import DRAW_TABLES
from upfront.rules.messages import Message, message
from upfront.rules.mountain import mountain_troops_unavailable

# 43.32: the time frame column depends on the opponent (col. 6 vs the US, col. 9 vs Russians).
TIME_FRAME_COLUMN = {"american": 6, "russian": 9}


@dataclass(frozen=True)
class DrawRequest:
    table: str
    nationality: str | None = None
    opponent: str | None = None
    theatre: str | None = None
    period: str | None = None
    rpn: int | None = None
    colour: str | None = None  # "red" | "black", for the RN draws


class DrawError(ValueError):
    """A request the tables cannot answer; ``field`` names the parameter at fault."""

    def __init__(self, field: str, message: Message) -> None:
        super().__init__(f"{field}: {message.english()}")
        self.field = field
        self.message = message


@dataclass(frozen=True)
class DrawResult:
    table: str
    column: int
    rpn: int
    value: str  # language-neutral: a troop type or period code, a table's value, a deck count
    detail: Message | str  # a message, or the table row's own text (reference data, English)
    rule: str
    label: Message | None = None  # the value in words, when it is not shown as it is
    colour: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Plain data, language-neutral: messages as ``{"id", "params"}``."""
        data: dict[str, Any] = {
            "table": self.table,
            "column": self.column,
            "rpn": self.rpn,
            "value": self.value,
            "label": self.label.to_dict() if self.label else None,
            "detail": self.detail.to_dict() if isinstance(self.detail, Message) else self.detail,
            "rule": self.rule,
        }
        if self.colour:
            data["colour"] = self.colour
        return data


def _need(value: str | None, field: str) -> str:
    if not value:
        raise DrawError(field, message("draw.parameter_needed", field=field))
    return value


def _rpn(request: DrawRequest, column: int, rng: random.Random) -> int:
    if request.rpn is None:
        return rng.randint(1, column)
    if not 1 <= request.rpn <= column:
        raise DrawError("rpn", message("draw.rpn_out_of_column", column=column))
    return request.rpn


def _rn(request: DrawRequest, rng: random.Random) -> tuple[int, str]:
    # The RN runs 0-6, red or black. The sources do not give the deck's mix of numbers and
    # colours, so a server-side draw treats them as equally likely (stated in the docs).
    if request.rpn is not None and not 0 <= request.rpn <= 6:
        raise DrawError("rpn", message("draw.rn_out_of_range"))
    if request.colour not in (None, "red", "black"):
        raise DrawError("colour", message("draw.colour"))
    number = rng.randint(0, 6) if request.rpn is None else request.rpn
    colour = request.colour or rng.choice(("red", "black"))
    return number, colour


def _table_row(catalogue: Catalogue, table: str, rpn: int) -> tuple[str, str]:
    for row in catalogue.tables:
        if row.table == table and row.rpn == rpn:
            return row.value, row.detail
    raise DrawError("table", message("draw.no_table_row", rpn=rpn))


def draw(catalogue: Catalogue, request: DrawRequest, rng: random.Random) -> DrawResult:
    table = request.table
    if table == "unit_type":
        # 43 Unit Type Table: RPN column 10 ("0" reads as 10), by theatre, nationality, period.
        nationality = _need(request.nationality, "nationality")
        period = _need(request.period, "period")
        theatre = request.theatre or "ETO"
        rows = [
            r
            for r in catalogue.unit_types
            if r.theatre == theatre and r.nationality == nationality and r.period == period
        ]
        if not rows:
            raise DrawError(
                "period",
                message(
                    "draw.no_unit_type_column",
                    theatre=theatre,
                    nationality=nationality,
                    period=period,
                ),
            )
        rpn = _rpn(request, 10, rng)
        for row in rows:
            if (
                row.rpn_low is not None
                and row.rpn_high is not None
                and (row.rpn_low <= rpn <= row.rpn_high)
            ):
                return DrawResult(
                    table,
                    10,
                    rpn,
                    row.troop_type,
                    message(
                        "draw.unit_type_detail",
                        theatre=theatre,
                        nationality=nationality,
                        period=period,
                        troop_type=row.troop_type,
                    ),
                    row.rule,
                    label=message("draw.troop_type", troop_type=row.troop_type),
                )
        raise DrawError("rpn", message("draw.no_row_for_rpn"))
    if table == "time_frame":
        opponent = _need(request.opponent, "opponent")
        column = TIME_FRAME_COLUMN.get(opponent)
        if column is None:
            raise DrawError("opponent", message("draw.time_frame_opponent"))
        rpn = _rpn(request, column, rng)
        value, detail = _table_row(catalogue, "time_frame", rpn)
        return DrawResult(table, column, rpn, value, detail, "43.32")
    if table == "tactical_position":
        rpn = _rpn(request, 4, rng)  # 43.31: column 4
        value, detail = _table_row(catalogue, "tactical_position", rpn)
        return DrawResult(table, 4, rpn, value, detail, "43.31")
    if table == "victory_conditions":
        rpn = _rpn(request, 8, rng)  # 43.33: column 8
        value, detail = _table_row(catalogue, "victory_conditions", rpn)
        return DrawResult(table, 8, rpn, value, detail, "43.33")
    if table == "bid_time_limit":
        # 43.34: an RN of 0 (any colour) or black gives 3 decks; red 1-6 gives 4.
        number, colour = _rn(request, rng)
        decks = 4 if colour == "red" and number >= 1 else 3
        return DrawResult(
            table,
            0,
            number,
            str(decks),
            message("draw.rn", number=number, colour=colour),
            "43.34",
            label=message("draw.decks", decks=decks),
            colour=colour,
        )
    if table == "mountain_troops":
        # M12.1: only the listed nations had mountain troops (the USA and the USSR from the
        # second half of 1943); there, elites bought for a mountain game are mountain troops on
        # a black RN. Elsewhere there is nothing to draw for.
        nationality = _need(request.nationality, "nationality")
        period = _need(request.period, "period")
        unavailable = mountain_troops_unavailable(catalogue, nationality, period)
        if unavailable is not None:
            raise DrawError(
                unavailable.parameter, Message(f"draw.{unavailable.code}", unavailable.params)
            )
        number, colour = _rn(request, rng)
        ok = colour == "black"
        return DrawResult(
            table,
            0,
            number,
            "yes" if ok else "no",
            message("draw.rn", number=number, colour=colour),
            "M12.1",
            label=message("draw.mountain_troops" if ok else "draw.no_mountain_troops"),
            colour=colour,
        )
    raise DrawError("table", message("draw.unknown_table", tables=", ".join(DRAW_TABLES)))
