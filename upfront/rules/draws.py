"""The random draws of rule 43 (and M12.1), as functions of a random source.

An RPN is read from one column of a drawn action card: column n gives a number 1..n. With
``rpn`` given (the player drew a card) the lookup is deterministic; otherwise ``rng`` draws.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from upfront.rules.catalogue import Catalogue

DRAW_TABLES = (
    "unit_type",
    "time_frame",
    "tactical_position",
    "victory_conditions",
    "bid_time_limit",
    "mountain_troops",
)
TROOP_NAMES = {
    "line": ("line", "linea"),
    "elite": ("elite", "élite"),
    "second_line": ("second line", "seconda linea"),
}
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
    def __init__(self, field: str, message_en: str, message_it: str) -> None:
        super().__init__(f"{field}: {message_en}")
        self.field = field
        self.message_en = message_en
        self.message_it = message_it


@dataclass(frozen=True)
class DrawResult:
    table: str
    column: int
    rpn: int
    value: str
    detail: str
    rule: str
    value_it: str = ""
    colour: str = ""

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        data: dict[str, Any] = {
            "table": self.table,
            "column": self.column,
            "rpn": self.rpn,
            "value": self.value_it if lang == "it" and self.value_it else self.value,
            "detail": self.detail,
            "rule": self.rule,
        }
        if self.colour:
            data["colour"] = self.colour
        return data


def _need(value: str | None, field: str) -> str:
    if not value:
        raise DrawError(field, f"'{field}' is needed for this table.", f"'{field}' è necessario.")
    return value


def _rpn(request: DrawRequest, column: int, rng: random.Random) -> int:
    if request.rpn is None:
        return rng.randint(1, column)
    if not 1 <= request.rpn <= column:
        raise DrawError(
            "rpn",
            f"An RPN from column {column} runs from 1 to {column}.",
            f"Un RPN della colonna {column} va da 1 a {column}.",
        )
    return request.rpn


def _rn(request: DrawRequest, rng: random.Random) -> tuple[int, str]:
    # The RN runs 0-6, red or black. The sources do not give the deck's mix of numbers and
    # colours, so a server-side draw treats them as equally likely (stated in the docs).
    if request.rpn is not None and not 0 <= request.rpn <= 6:
        raise DrawError("rpn", "An RN runs from 0 to 6.", "Un RN va da 0 a 6.")
    if request.colour not in (None, "red", "black"):
        raise DrawError("colour", "The colour is red or black.", "Il colore è rosso o nero.")
    number = rng.randint(0, 6) if request.rpn is None else request.rpn
    colour = request.colour or rng.choice(("red", "black"))
    return number, colour


def _table_row(catalogue: Catalogue, table: str, rpn: int) -> tuple[str, str]:
    for row in catalogue.tables:
        if row.table == table and row.rpn == rpn:
            return row.value, row.detail
    raise DrawError("table", f"The table has no row {rpn}.", f"La tabella non ha la riga {rpn}.")


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
                f"The {theatre} unit type table has no {nationality} column for {period}.",
                f"La tabella dei tipi di unità {theatre} non ha la colonna {nationality} "
                f"per il {period}.",
            )
        rpn = _rpn(request, 10, rng)
        for row in rows:
            if (
                row.rpn_low is not None
                and row.rpn_high is not None
                and (row.rpn_low <= rpn <= row.rpn_high)
            ):
                en, it = TROOP_NAMES[row.troop_type]
                return DrawResult(
                    table,
                    10,
                    rpn,
                    row.troop_type,
                    f"{theatre} {nationality} {period}: {en}",
                    row.rule,
                    value_it=it,
                )
        raise DrawError("rpn", "No row covers that RPN.", "Nessuna riga copre quel RPN.")
    if table == "time_frame":
        opponent = _need(request.opponent, "opponent")
        column = TIME_FRAME_COLUMN.get(opponent)
        if column is None:
            raise DrawError(
                "opponent",
                "Rule 43.32 gives the column only against the US (6) and the Russians (9).",
                "La regola 43.32 indica la colonna solo contro USA (6) e russi (9).",
            )
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
        decks = "4 decks" if colour == "red" and number >= 1 else "3 decks"
        decks_it = "4 mazzi" if decks.startswith("4") else "3 mazzi"
        return DrawResult(
            table, 0, number, decks, f"RN {number} {colour}", "43.34", decks_it, colour
        )
    if table == "mountain_troops":
        # M12.1: a force bought as mountain troops needs a black RN.
        number, colour = _rn(request, rng)
        ok = colour == "black"
        return DrawResult(
            table,
            0,
            number,
            "mountain troops" if ok else "no mountain troops",
            f"RN {number} {colour}",
            "M12.1",
            "truppe da montagna" if ok else "niente truppe da montagna",
            colour,
        )
    raise DrawError(
        "table",
        f"Unknown table; choose one of {', '.join(DRAW_TABLES)}.",
        f"Tabella sconosciuta; scegli tra {', '.join(DRAW_TABLES)}.",
    )
