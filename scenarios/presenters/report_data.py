"""A finished job's report as data for the API: what the job page shows, as JSON.

:func:`validation_data` and :func:`simulation_data` render a stored, language-neutral result
(``scenarios.analysis``) in the active language, as plain JSON for ``GET /api/v1/jobs/{id}``:
the codes and numbers a program reads, next to the words the page shows, taken from the same
presenters as the page (``validation_context``; the simulation's labels and assumption), so
the API and the page say the same. The serializers in ``scenarios.api.job_reports`` describe
these shapes for the OpenAPI schema.

A presenter only renders: no engine work, no forms or views, a fixed number of queries
whatever the result holds (the validation's are ``validation_context``'s; the simulation's
names and cards are handed in, ``SimulationReads``). No chart is drawn: the API carries the
figures.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenarios.analysis.simulation import standard_error
from scenarios.presenters.simulation import (
    SimulationReads,
    assumption_of,
    opponent_draws_text,
    reason_text,
    row_result,
)
from scenarios.presenters.validation import ValidationReads, validation_context
from upfront import labels


def _deck_data(raw: Mapping[str, Any] | None, shown: Mapping[str, Any] | None) -> Any:
    if not raw or not shown:
        return None
    entries = []
    for entry, row in zip(raw.get("entries") or [], shown["entries"], strict=True):
        entries.append(
            {
                "card_type": entry["card_type"],
                "name": row["card_type"],
                "state": entry["state"],
                "state_label": row["state_label"],
                "usable": row["usable"],
                "count_change": entry.get("count_change"),
                "changes": [
                    {
                        "kind": change["kind"],
                        "rule": change.get("rule") or "",
                        "text": text["text"],
                        "source": text["source"],
                        "overridden_by": text["overridden_by"],
                    }
                    for change, text in zip(entry.get("changes") or [], row["changes"], strict=True)
                ],
            }
        )
    return {
        "variant": raw.get("variant") or "",
        "variant_name": shown["variant"],
        "variant_rule": shown["variant_rule"],
        "entries": entries,
        "additions": [
            {"name": addition["name"], "rule": addition["rule"]} for addition in shown["additions"]
        ],
    }


def validation_data(result: Mapping[str, Any], reads: ValidationReads) -> dict[str, Any]:
    """A validation result as the API gives it: every finding, the deck, the rules digest."""
    shown = validation_context(dict(result), reads)
    findings = []
    for finding, row in zip(result.get("findings") or [], shown["findings"], strict=True):
        paths = list(finding.get("items") or [])
        findings.append(
            {
                "code": finding["code"],
                "severity": finding["severity"],
                "severity_label": str(row["severity_label"]),
                "rule": finding["rule"],
                "rule_label": row["rule"],
                "message": row["message"],
                "summary": row["summary"],
                "path": paths[0] if paths else None,
                "paths": paths,
                "fields": row["fields"],
            }
        )
    faults = [
        {"path": fault["path"], "message": row["message"], "fields": row["fields"]}
        for fault, row in zip(result.get("faults") or [], shown["faults"], strict=True)
    ]
    counts = result.get("counts") or {}
    return {
        "valid": shown["valid"],
        "status": shown["status"],
        "counts": {c["severity"]: int(counts.get(c["severity"]) or 0) for c in shown["counts"]},
        "data_revision": shown["data_revision"],
        "faults": faults,
        "findings": findings,
        "deck": _deck_data(result.get("deck"), shown["deck"]),
        "digest": [
            {
                "kind": group["kind"],
                "label": str(group["label"]),
                "entries": [dict(entry) for entry in group["entries"]],
            }
            for group in shown["digest"]
        ],
    }


def simulation_data(result: Mapping[str, Any], reads: SimulationReads) -> dict[str, Any]:
    """A simulation result as the API gives it: the figures, with their standard errors."""
    runs = int(result.get("runs") or 0)
    assumption = assumption_of(dict(result))
    data: dict[str, Any] = {
        "simulated": bool(result.get("simulated")),
        "reason": result.get("reason") or None,
        "reason_text": None,
        "runs": runs,
        "seed": int(result.get("seed") or 0),
        "data_revision": result.get("data_revision") or "",
        "rn_assumption": {
            "distribution": (result.get("distribution") or {}).get("code") or None,
            "is_assumption": assumption["is_assumption"],
            "text": assumption["text"],
        },
        "decks": None,
        "length_from": None,
        "length_from_label": None,
        "early_end": None,
        "decks_played": [],
        "causes": [],
        "reinforcements": [],
        "opponent_rn_draws_per_deck": int(result.get("opponent_rn_draws_per_deck") or 0),
        "opponent_draws_text": "",
    }
    if not data["simulated"]:
        reason = result.get("reason", "")
        data["reason_text"] = reason_text(reason)
        return data
    decks = int(result["decks"])
    early_end = float(result["early_end"])
    data["decks"] = decks
    data["length_from"] = result.get("length_from") or None
    data["length_from_label"] = (
        labels.label("simulation_length_from", result.get("length_from", "")) or None
    )
    data["early_end"] = {
        "probability": early_end,
        "standard_error": standard_error(early_end, runs),
    }
    data["decks_played"] = [
        {"deck": deck, "share": share, "early": deck < decks}
        for deck, share in enumerate(result["decks_played"], 1)
    ]
    data["causes"] = [
        {
            "code": cause["code"],
            "label": labels.standalone("early_end_cause", cause["code"]),
            "rule": cause["rule"],
            "probability": cause["probability"],
            "standard_error": standard_error(cause["probability"], runs),
        }
        for cause in result["deck_end_checks"]
    ]
    data["opponent_draws_text"] = opponent_draws_text(result)
    names = reads.nationalities
    sides = result.get("reinforcements") or []
    cards = reads.cards
    data["reinforcements"] = [
        {
            "role": side["role"],
            "nationality": side["nationality"],
            "side": "{} ({})".format(
                labels.standalone("scenario_role", side["role"]) or side["role"],
                names.get(side["nationality"], side["nationality"]),
            ),
            "rule": side["rule"],
            "paid_decks": list(side["paid_decks"]),
            "expected_attempts": side["expected_attempts"],
            "expected_reinforcements": side["expected_reinforcements"],
            "by_deck": [
                {
                    "deck": row["deck"],
                    "paid": row["paid"],
                    "reshuffle_attempts": row["reshuffle_attempts"],
                    "black_six_attempts": row["black_six_attempts"],
                    "reinforcements": row["reinforcements"],
                }
                for row in side["by_deck"]
            ],
            "by_row": [
                {
                    "rn": row["rn"],
                    "expected": row["expected"],
                    "cards": list(row["cards"]),
                    "sniper": row["sniper"],
                    "free_choice": row["free_choice"],
                    "result": row_result(row, side["nationality"], cards),
                }
                for row in side.get("by_row") or []
            ],
        }
        for side in sides
    ]
    return data
