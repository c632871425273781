"""Server-rendered reference pages (EN/IT); data comes from :mod:`selectors`."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from upfront.reference import models, selectors
from upfront.reference.fetch import data_revision_current

# Columns of the personality card lists; those in selectors.CARD_SORTS can be sorted by.
CARD_COLUMNS = [
    ("number", gettext_lazy("No.")),
    ("name", gettext_lazy("Name")),
    ("rank", gettext_lazy("Rank")),
    ("role", gettext_lazy("Role")),
    ("weapon", gettext_lazy("Weapon")),
    ("kind", gettext_lazy("Kind")),
    ("points", gettext_lazy("DYO points")),
    ("morale", gettext_lazy("Morale")),
    ("panic", gettext_lazy("Panic")),
]


def _card_table(cards: list[selectors.CardRow]) -> dict[str, object]:
    return {
        "cards": cards,
        "card_columns": CARD_COLUMNS,
        "sortable_keys": selectors.CARD_SORTS,
        "show_available": any(row.card.available for row in cards),
    }


def index(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "reference/index.html",
        {"revision": data_revision_current(), "counts": selectors.counts()},
    )


def nationality_list(request: HttpRequest) -> HttpResponse:
    return render(
        request, "reference/nationality_list.html", {"nationalities": selectors.nationalities()}
    )


def nationality_detail(request: HttpRequest, code: str) -> HttpResponse:
    nation = selectors.nationality_detail(code)
    return render(
        request,
        "reference/nationality_detail.html",
        {
            "nation": nation,
            **_card_table(selectors.card_rows(nation.ordered_cards)),
            "radios": selectors.radio_rows(nation.radio_prices),
            "radio_strengths": selectors.RADIO_STRENGTHS,
        },
    )


def personality_cards(request: HttpRequest) -> HttpResponse:
    code = request.GET.get("nationality") or None
    query = request.GET.get("q", "").strip()
    sort = request.GET.get("sort", "number")
    if sort.removeprefix("-") not in selectors.CARD_SORTS:
        sort = "number"
    cards = selectors.personality_cards(code, query=query, sort=sort)
    return render(
        request,
        "reference/personality_cards.html",
        {
            **_card_table(cards),
            "nationalities": selectors.nationalities(),
            "selected": code,
            "query": query,
            "sort": sort.removeprefix("-"),
            "descending": sort.startswith("-"),
            # Strings for static/js/cards.js, read from a json_script (no inline script).
            "cards_i18n": {
                "one": _("%(count)s card"),
                "other": _("%(count)s cards"),
                "none": _("No card matches the search."),
            },
        },
    )


def unit_types(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "reference/unit_types.html",
        {
            "theatres": [
                ("ETO", models.THEATRES[0][1], selectors.unit_type_grids("ETO")),
                ("PTO", models.THEATRES[1][1], selectors.unit_type_grids("PTO")),
            ]
        },
    )


def random_reinforcements(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "reference/random_reinforcements.html",
        {
            "groups": selectors.random_reinforcements(),
            "rules": selectors.random_reinforcement_rules(),
        },
    )


def dyo(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "reference/dyo.html",
        {
            "prices": selectors.dyo_prices(),
            "radio_strengths": selectors.RADIO_STRENGTHS,
            "tables": selectors.dyo_tables(),
            # The one-line summaries the builder shows next to its checks (rule_summaries.yaml).
            "summaries": selectors.rule_summaries("dyo"),
        },
    )


def terrain(request: HttpRequest) -> HttpResponse:
    names = selectors.phrasing_names()
    return render(
        request,
        "reference/terrain.html",
        {
            "decks": selectors.terrain_decks(),
            "card_types": selectors.terrain_card_types(),
            "fire_rules": selectors.fire_rules(),
            "fire_ignition": selectors.fire_ignition(names),
        },
    )


def weather(request: HttpRequest) -> HttpResponse:
    return render(request, "reference/weather.html", {"conditions": selectors.weather_conditions()})


def mountain(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "reference/mountain.html",
        {
            "topographies": selectors.topographies(),
            "environments": selectors.environments(),
            "troops": selectors.mountain_troops(),
            "summaries": selectors.rule_summaries("mountain"),
            "adaptations": selectors.mountain_adaptations(),
        },
    )


def special_rules(request: HttpRequest) -> HttpResponse:
    return render(request, "reference/special_rules.html", {"groups": selectors.special_rules()})


def scenarios(request: HttpRequest) -> HttpResponse:
    return render(
        request, "reference/scenarios.html", {"scenarios": selectors.published_scenarios()}
    )
