"""Roll a scenario: rule 43's random scenario as a page (``/scenarios/roll/``).

The page's address is the roll (``?seed=…&theatre=…&s_<draw>=…``, ``generation.roll_query``):
it shows the same draws to whoever opens it. Re-rolling one draw links to the same address with
a new seed for that draw; re-rolling all, with a new seed and no draw's own. "Open in the
designer" opens ``/scenarios/new/`` with the same address, a new scenario not yet saved.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from scenarios import generation
from scenarios.account.selectors import owned_products
from scenarios.display import scenario_preview
from upfront import labels, ratelimit
from upfront.reference import selectors as reference
from upfront.reference.fetch import catalogue_current
from upfront.rules import codes
from upfront.rules.scenario import MOUNTAIN_EXPANSION, NATIONALITY_EXPANSION, THEATRE_EXPANSION


def _choices(owned: frozenset[str] | None) -> dict[str, Any]:
    """What the form offers: only the nationalities some unit type table has (43, 45.9), and
    of the nationalities, the theatres and the mountain rules only what the player owns
    (``owned``; None: not said, everything), with what was left out and why."""
    catalogue = catalogue_current()
    tabled = {r.nationality for r in catalogue.unit_types if r.rpn_low is not None}
    names = reference.nationality_names()

    def has(book: str | None) -> bool:
        return owned is None or book is None or book in owned

    return {
        "theatres": [
            (code, name)
            for code, name in labels.choices(codes.THEATRES, labels.THEATRE)
            if has(THEATRE_EXPANSION.get(code))
        ],
        "nationalities": [
            (n, names.get(n, n))
            for n in codes.NATIONALITIES
            if n in tabled and has(NATIONALITY_EXPANSION.get(n))
        ],
        "mountain": has(MOUNTAIN_EXPANSION),
        # "Japanese left out: you do not own Banzai" (the engine's notes, in words).
        "left_out": [note["message"] for note in generation.left_out_notes(owned)],
        "untabled": [names.get(n, n) for n in codes.NATIONALITIES if n not in tabled],
        "periods": codes.PERIODS,
        # 43.33: the players may agree on the victory conditions row instead of drawing it.
        # Each row's summary to its first clause ("Row 1: the attacker needs twice ..."), whole.
        "victory_rows": [
            (row, summary.split(";")[0])
            for row, summary in sorted(reference.victory_row_summaries().items())
        ],
    }


def scenario_roll(request: HttpRequest) -> HttpResponse:
    query = request.GET
    # What the player owns: the roll offers and draws only that.
    owned = owned_products(request.user)
    roll = generation.roll_from_query(query, owned=owned)
    if roll is None and "roll" in query:
        # The form's "Roll": a new seed, in the address so the result can be shared.
        asked = query.copy()
        asked["seed"] = str(generation.new_seed())
        fresh = generation.roll_from_query(asked, owned=owned)
        if fresh is not None:
            return redirect(f"{reverse('scenarios:roll')}?{generation.roll_query(fresh)}")
    context: dict[str, Any] = {
        "roll": roll,
        "choices": _choices(owned),
        "answer": None,
        "errors": [],
    }
    # A roll is the API's scenario generator run by a page: the same rate, the same count.
    if roll is not None and (refused := ratelimit.page_refusal(request, "draw")):
        return refused
    if roll is not None:
        try:
            answer = generation.scenario_generate(roll)
        except generation.GenerateInputError as exc:
            context["errors"] = exc.errors
        else:
            context["answer"] = answer
            base = reverse("scenarios:roll")
            seeds = dict(roll.draw_seeds or {})
            rerolled = query.get("rerolled")
            for item in answer["draws"]:
                # The link names the draw and its result, so the page can say a re-roll that
                # drew the same again did happen (and scrolls back to it).
                reseeded = {**seeds, item["key"]: generation.new_seed()}
                mark = urlencode({"rerolled": item["key"], "was": str(item["value"])})
                item["reroll_url"] = (
                    f"{base}?{generation.roll_query(roll, draw_seeds=reseeded)}&{mark}#rerolled"
                )
                if item["key"] == rerolled:
                    item["rerolled"] = "same" if query.get("was") == str(item["value"]) else "new"
            # What the designer receives beside the draws: 43.33's removals and cower cards.
            context["deck_changes"] = scenario_preview(
                answer["document"]["scenario"], check_forces=False
            )["deck_changes"]
            context["reroll_all_url"] = (
                f"{base}?{generation.roll_query(roll, seed=generation.new_seed(), draw_seeds={})}"
            )
            context["theatre_name"] = labels.standalone("theatre", roll.theatre)
            context["designer_url"] = f"{reverse('scenarios:new')}?{answer['query']}"
            context["share_url"] = request.build_absolute_uri(f"{base}?{answer['query']}")
            context["sides"] = [
                {
                    "role": labels.standalone("scenario_role", side["role"]),
                    "nationality": reference.nationality_names().get(
                        side["force"]["nationality"], side["force"]["nationality"]
                    ),
                    "troop_type": labels.standalone("troop_type", side["force"]["troop_type"]),
                    "mountain_troops": side["force"].get("mountain_troops"),
                    "marines": side["force"].get("marines"),
                }
                for side in answer["document"]["scenario"]["sides"]
            ]
    return render(request, "scenarios/roll.html", context)
