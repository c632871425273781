"""Validate a DYO force: price it, run every constraint, say what is wrong and why."""

from __future__ import annotations

from upfront.rules.catalogue import Catalogue
from upfront.rules.constraints import CHECKS
from upfront.rules.force import Force
from upfront.rules.pricing import price_force
from upfront.rules.results import LineItem, ValidationResult, Violation

__all__ = ["RULE_SUMMARIES", "LineItem", "ValidationResult", "Violation", "validate_force"]

# One line per rule a violation or price line can cite, in our own words (English, Italian).
RULE_SUMMARIES: dict[str, tuple[str, str]] = {
    "3.2": (
        "At set-up a force stands in 2 to 4 groups (A-D) of 2 to 10 cards each.",
        "All'inizio la forza è divisa in 2-4 gruppi (A-D) di 2-10 carte ciascuno.",
    ),
    "28.11": ("An AFV always forms a group by itself.", "Un AFV forma sempre un gruppo da solo."),
    "31.1": (
        "Some secondary weapons are barred to some nationalities (Americans: no ATMM).",
        "Alcune armi secondarie sono vietate ad alcune nazionalità (americani: niente ATMM).",
    ),
    "37.1": (
        "Partisans: no AFVs or guns, a single leader, never elite; price -5%.",
        "Partigiani: niente AFV né cannoni, un solo capo, mai d'élite; prezzo -5%.",
    ),
    "39.8": (
        "Elite men have morale 2 or more, second line men 4 or less; one troop type a side.",
        "Gli uomini d'élite hanno morale 2 o più, quelli di seconda linea 4 o meno.",
    ),
    "43.2": (
        "Each side buys personality cards at their printed DYO value within its budget.",
        "Ogni parte compra carte personalità al valore DYO stampato entro il budget.",
    ),
    "43.4": (
        "Reinforcements cost x0.8, x0.5 or x0.2 after 1, 2 or 3 decks, rounded up per deck.",
        "I rinforzi costano x0,8, x0,5 o x0,2 dopo 1, 2 o 3 mazzi, arrotondati per eccesso.",
    ),
    "43.41": (
        "Reinforcements may number at most half the cards of the starting force.",
        "I rinforzi non possono superare la metà delle carte della forza iniziale.",
    ),
    "43.42": ("A reinforcing AFV enters at range 0.", "Un AFV di rinforzo entra a distanza 0."),
    "43.5": (
        "Elite +15%, second line -15%, partisans -5% on the whole total, rounded up.",
        "Élite +15%, seconda linea -15%, partigiani -5% sul totale, arrotondato per eccesso.",
    ),
    "43.6": (
        "Sniper capability costs 35; a double sniper 15 more.",
        "La capacità di cecchino costa 35; il doppio cecchino altri 15.",
    ),
    "43.7": (
        "Secondary weapons: ATMM 7 (from 1944), Panzerfaust 25 (from 7/43), demolition "
        "charge 50, radios by fire strength and nationality.",
        "Armi secondarie: ATMM 7 (dal 1944), Panzerfaust 25 (dal 7/43), carica da "
        "demolizione 50, radio secondo forza di fuoco e nazionalità.",
    ),
    "44.8": ("British radios cost as German ones.", "Le radio britanniche costano come tedesche."),
    "45.7": (
        "Japanese radios cost as Russian ones; the AT mine costs as the ATMM.",
        "Le radio giapponesi costano come russe; la mina anticarro come l'ATMM.",
    ),
    "46.1": (
        "US Marines are American troops with morale of at least 2.",
        "I Marines sono truppe americane con morale almeno 2.",
    ),
    "48.1": (
        "Random reinforcements cost 50 a deck and exclude normal reinforcements.",
        "I rinforzi casuali costano 50 a mazzo ed escludono quelli normali.",
    ),
    "50.8": (
        "Italian radios cost as Russian ones for elites, half that otherwise.",
        "Le radio italiane costano come russe per l'élite, la metà altrimenti.",
    ),
    "51.5": (
        "French radios cost as German ones, half for Reservists.",
        "Le radio francesi costano come tedesche, la metà per i Riservisti.",
    ),
    "53.1": (
        "Per squad: 1 AT secondary weapon (US, British, French), 2 (Axis), 3 (Russian); one "
        "demolition charge; radios, guns and AFVs do not count.",
        "Per squadra: 1 arma anticarro secondaria (USA, britannici, francesi), 2 (Asse), "
        "3 (russi); una carica da demolizione; radio, cannoni e AFV non contano.",
    ),
    "M12.1": (
        "Mountain troops are elites of the listed nations; USA and USSR from the second half "
        "of 1943.",
        "Le truppe da montagna sono d'élite delle nazioni elencate; USA e URSS dal secondo "
        "semestre 1943.",
    ),
}


def validate_force(force: Force, catalogue: Catalogue) -> ValidationResult:
    pricing = price_force(force, catalogue)
    violations = [v for check in CHECKS for v in check(force, catalogue, pricing)]
    total = pricing.total
    return ValidationResult(
        valid=not any(v.severity == "error" for v in violations),
        total_points=total,
        budget=force.budget,
        remaining=None if force.budget is None else force.budget - total,
        breakdown=tuple(pricing.lines),
        violations=tuple(violations),
    )
