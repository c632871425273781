"""Server-rendered reference pages (EN/IT); data comes from :mod:`selectors`."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from upfront.reference import models as m
from upfront.reference import selectors
from upfront.reference.fetch import data_revision_current


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
    return render(request, "reference/nationality_detail.html", {"nation": nation})


def personality_cards(request: HttpRequest) -> HttpResponse:
    code = request.GET.get("nationality") or None
    return render(
        request,
        "reference/personality_cards.html",
        {
            "cards": selectors.personality_cards(code),
            "nationalities": selectors.nationalities(),
            "selected": code,
        },
    )


def unit_types(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "reference/unit_types.html",
        {
            "theatres": [
                ("ETO", m.THEATRES[0][1], selectors.unit_type_grids("ETO")),
                ("PTO", m.THEATRES[1][1], selectors.unit_type_grids("PTO")),
            ]
        },
    )


def random_reinforcements(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "reference/random_reinforcements.html",
        {"groups": selectors.random_reinforcements()},
    )


def dyo(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "reference/dyo.html",
        {"prices": selectors.dyo_prices(), "tables": selectors.dyo_tables()},
    )


def terrain(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "reference/terrain.html",
        {
            "decks": selectors.terrain_decks(),
            "card_types": selectors.terrain_card_types(),
            "fire_rules": selectors.fire_rules(),
            "fire_ignition": selectors.fire_ignition(),
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
    return render(request, "reference/special_rules.html", {"rules": selectors.special_rules()})


def scenarios(request: HttpRequest) -> HttpResponse:
    return render(
        request, "reference/scenarios.html", {"scenarios": selectors.published_scenarios()}
    )
