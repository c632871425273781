"""Roll a scenario: rule 43's random scenario (``upfront.rules.generator``) for people.

:func:`scenario_generate` runs the engine on the current reference data and writes its answer
in the active language: every draw with its table, number, colour and rule in words, the notes
on what the sources do not draw, and the scenario document (v1) titled, described and with the
bid's special rule in that language. The API, the "Roll a scenario" page and the designer (which
opens the result as a new, unsaved scenario) all call it; nothing here is saved.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from upfront import labels
from upfront.reference import selectors as reference
from upfront.reference.fetch import catalogue_current
from upfront.reference.rendering import render
from upfront.rules.codes import NATIONALITIES, PERIODS, THEATRES
from upfront.rules.generator import (
    BID_RULE,
    DRAW_KEYS,
    SEED_MAX,
    VICTORY_ROWS,
    Draw,
    Generated,
    GenerateError,
    GenerateRequest,
    generate,
    left_out,
)


class GenerateInputError(ValueError):
    """The request cannot make a scenario: ``errors`` as ``[{"path", "message"}]``."""

    def __init__(self, errors: list[dict[str, str]]) -> None:
        super().__init__(errors)
        self.errors = errors


def roll_query(roll: GenerateRequest, **changes: Any) -> str:
    """The roll (the engine's request) as a query string (``?seed=…&theatre=…&s_<draw>=…``):
    shareable, and what the designer is opened with; ``changes`` replace fields."""
    values = {**roll.__dict__, **changes}
    params: dict[str, Any] = {"seed": values["seed"], "theatre": values["theatre"]}
    if values["mountain"]:
        params["mountain"] = "1"
    for name in ("attacker", "defender", "period", "victory_row"):
        if values[name]:
            params[name] = values[name]
    for key, seed in sorted((values["draw_seeds"] or {}).items()):
        params[f"s_{key}"] = seed
    return urlencode(params)


VICTORY_ROW_CHOICES = tuple(str(row) for row in VICTORY_ROWS)


def new_seed() -> int:
    return secrets.randbelow(SEED_MAX + 1)


def roll_from_query(
    query: QueryDict, *, owned: frozenset[str] | None = None
) -> GenerateRequest | None:
    """The roll a page's address names, or None when it names none (or a malformed one);
    ``owned``: what the player owns (the account's, never the address's), None: not said."""
    raw = query.get("seed", "")
    if not raw.isdigit():
        return None
    draw_seeds = {}
    for key in DRAW_KEYS:
        value = query.get(f"s_{key}", "")
        if value.isdigit():
            draw_seeds[key] = int(value)

    def code(name: str, allowed: tuple[str, ...]) -> str | None:
        value = query.get(name) or None
        return value if value in allowed else None

    return GenerateRequest(
        seed=int(raw),
        theatre=code("theatre", THEATRES) or "ETO",
        mountain=query.get("mountain") in ("1", "on", "true"),
        attacker=code("attacker", NATIONALITIES),
        defender=code("defender", NATIONALITIES),
        period=code("period", PERIODS),
        victory_row=int(row)
        if (row := query.get("victory_row", "")) in VICTORY_ROW_CHOICES
        else None,
        draw_seeds=draw_seeds,
        owned=owned,
    )


def left_out_notes(owned: frozenset[str] | None) -> list[dict[str, Any]]:
    """What the roll leaves out for a player who owns ``owned``, and why, in the active
    language (``[{"code", "rule", "message", …}]``; none when they have not said)."""
    return [
        {**n.to_dict(), "message": render(n.message)} for n in left_out(catalogue_current(), owned)
    ]


def sides_not_bought(document: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The sides of a stored scenario document whose force has no card yet, as
    ``[{"index", "role"}]``: a saved roll, whose points 43.35-43.36 leave to the players' bid.
    Read from the document alone (no query): lists may ask it of every row.

    Only a scenario played by the bid (its special rules carry the bid's, as a roll writes it)
    has forces still to buy: any other side with no card is a fault, listed as one."""
    body = document.get("scenario") or {}
    if not any(r.get("rule") == BID_RULE for r in body.get("special_rules") or ()):
        return []
    missing = []
    for index, side in enumerate(body.get("sides") or ()):
        force = side.get("force") or {}
        cards = [c for g in force.get("groups") or () for c in g.get("cards") or ()]
        later = [c for r in force.get("reinforcements") or () for c in r.get("cards") or ()]
        if not cards and not later:
            missing.append({"index": index, "role": side.get("role")})
    return missing


# -- words ------------------------------------------------------------------------------------


def _period_words(period: str) -> str:
    return f"{period} ({_period_name(period)})"


def _period_name(period: str) -> str:
    """``1941a`` as players say it, "January-June 1941": the code is the tables' (43.2), not
    words for a title."""
    year, half = period[:-1], period[-1]
    return f"{labels.label('period_half', half)} {year}"


def _value_words(generated: Generated, draw: Draw, names: Mapping[str, str]) -> str:
    result = draw.result
    if result.table == "tactical_position":
        return _("Attacker: %(attacker)s; defender: %(defender)s") % {
            "attacker": names.get(generated.attacker, generated.attacker),
            "defender": names.get(generated.defender, generated.defender),
        }
    if result.table == "time_frame":
        return _period_words(result.value)
    if result.table == "victory_conditions":
        summary = reference.victory_row_summaries().get(result.rpn, "")
        return summary or _("Row %(row)s") % {"row": result.rpn}
    if result.table == "bid_time_limit":
        decks = int(result.value)
        return ngettext("%(decks)s deck", "%(decks)s decks", decks) % {"decks": decks}
    if result.table == "unit_type":
        return str(labels.standalone("troop_type", result.value))
    if result.table == "mountain_troops":
        return _("Mountain troops") if result.value == "yes" else _("Elite, not mountain troops")
    return result.value


def _number_words(draw: Draw) -> str:
    result = draw.result
    if result.colour:
        return _("RN %(number)s %(colour)s") % {
            "number": result.rpn,
            "colour": labels.label("rn_colour", result.colour),
        }
    return _("RPN %(number)s (column %(column)s)") % {
        "number": result.rpn,
        "column": result.column,
    }


def _draw_for_people(generated: Generated, draw: Draw, names: Mapping[str, str]) -> dict[str, Any]:
    data = draw.to_dict()
    data.update(
        table_name=str(labels.standalone("draw_table", draw.result.table)),
        side_name=str(labels.standalone("scenario_role", draw.side)) if draw.side else None,
        number=_number_words(draw),
        label=_value_words(generated, draw, names),
    )
    if draw.side:
        # The side's nationality, for "Attacker (Germans)".
        nation = generated.attacker if draw.side == "attacker" else generated.defender
        data["nationality_name"] = names.get(nation, nation)
    return data


def _description(
    generated: Generated, draws: list[dict[str, Any]], names: Mapping[str, str]
) -> str:
    # The first paragraph is what the public list shows (listing.summary): a player's words
    # for the scenario. The draws follow, for whoever wants to check them.
    lines = [
        _(
            "Attacker %(attacker)s, defender %(defender)s, %(period)s: a scenario drawn at"
            " random under rule 43; each side's force is bought by the players' bid."
        )
        % {
            "attacker": names.get(generated.attacker, generated.attacker),
            "defender": names.get(generated.defender, generated.defender),
            "period": _period_name(generated.period),
        },
        "",
        _("Drawn under rule 43 (Bid DYO) with seed %(seed)s.") % {"seed": generated.request.seed},
    ]
    for item in draws:
        who = f"{item['side_name']}, " if item["side_name"] else ""
        lines.append(
            f"- {item['table_name']} ({who}{item['rule']}): {item['number']} → {item['label']}"
        )
    return "\n".join(lines)


def scenario_generate(roll: GenerateRequest) -> dict[str, Any]:
    """Rule 43's random scenario for ``roll``, in the active language (nothing saved).

    ``{"seed", "theatre", "mountain", "document", "draws", "notes", "query"}``; raises
    :class:`GenerateInputError` naming the parameter the tables cannot answer.
    """
    try:
        generated = generate(catalogue_current(), roll)
    except GenerateError as exc:
        raise GenerateInputError([{"path": exc.field, "message": render(exc.message)}]) from exc
    names = reference.nationality_names()
    draws = [_draw_for_people(generated, d, names) for d in generated.draws]
    notes = [{**n.to_dict(), "message": render(n.message)} for n in generated.notes]
    language = labels.language()
    title = _("Rolled scenario: %(attacker)s against %(defender)s, %(period)s") % {
        "attacker": names.get(generated.attacker, generated.attacker),
        "defender": names.get(generated.defender, generated.defender),
        "period": _period_name(generated.period),
    }
    said = {n["code"]: n["message"] for n in notes}
    document = generated.document(
        title=title,
        description=_description(generated, draws, names),
        language=language if language in ("en", "it") else "en",
        bid_text=said["bid"],
    )
    return {
        "seed": roll.seed,
        "theatre": roll.theatre,
        "mountain": roll.mountain,
        "document": document,
        "draws": draws,
        "notes": notes,
        # The roll with every draw's seed: what the page links to and the designer opens.
        "query": roll_query(
            roll, draw_seeds={k: v for k, v in generated.seeds.items() if v != roll.seed}
        ),
    }
