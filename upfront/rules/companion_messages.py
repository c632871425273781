"""The companion's sentences (``upfront.rules.companion``), merged into ``messages.MESSAGES``.

Kept in a module of their own so the companion's words sit together; like every engine
message they are English templates marked for extraction and translated at the edge.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType


def gettext_noop(message: str) -> str:
    return message


COMPANION_MESSAGES: Mapping[str, str] = MappingProxyType(
    {
        # -- what a game waits for ----------------------------------------------------------
        "companion.pending.altitude_limit": gettext_noop(
            "Before deck 1: draw a Random Position Number and read it in column %(column)s: "
            "the highest Altitude Level infantry guns and AFVs may reach (%(rule)s)."
        ),
        "companion.pending.afv_immobilized_check": gettext_noop(
            "Before deck 1: draw a Random Number Card for the extreme winter check of the "
            "non-Finnish Axis AFVs (%(rule)s)."
        ),
        "companion.pending.mountain_troops": gettext_noop(
            "Before deck 1: draw a Random Number Card: are the Elite troops bought mountain "
            "troops? (%(rule)s)"
        ),
        "companion.pending.afv_immobilized_check.card": gettext_noop(
            "Before deck 1: the %(role)s draws a Random Number Card for the extreme winter "
            "check of the AFV %(name)s (card %(card)s) (%(rule)s)."
        ),
        "companion.pending.mountain_troops.side": gettext_noop(
            "Before deck 1: the %(role)s draws a Random Number Card: are the Elite troops they "
            "bought mountain troops? (%(rule)s)"
        ),
        "companion.pending.weather_begins": gettext_noop(
            "Start of deck %(deck)s: draw a Random Number Card for the precipitation check "
            "(%(rule)s)."
        ),
        "companion.pending.weather_changes": gettext_noop(
            "Start of deck %(deck)s: draw a Random Number Card: does the precipitation "
            "intensify or stop? (%(rule)s)"
        ),
        "companion.pending.reinforcement": gettext_noop(
            "Start of deck %(deck)s, the discards reshuffled: the %(role)s draws a Random "
            "Number Card for random reinforcements (%(rule)s)."
        ),
        "companion.pending.sandstorm": gettext_noop(
            "End of deck %(deck)s: draw a Random Number Card for the sandstorm check (%(rule)s)."
        ),
        "companion.pending.avalanche": gettext_noop(
            "End of deck %(deck)s: draw a Random Number Card for the avalanche check (%(rule)s)."
        ),
        # -- what a draw does -----------------------------------------------------------------
        "companion.outcome.altitude_limit": gettext_noop(
            "infantry guns and AFVs may reach Altitude Level %(level)s at most"
        ),
        "companion.outcome.afv_immobilized_check.yes": gettext_noop("the AFV is immobilized"),
        "companion.outcome.afv_immobilized_check.no": gettext_noop("the AFV is not immobilized"),
        "companion.outcome.mountain_troops.yes": gettext_noop(
            "the Elite troops are mountain troops"
        ),
        "companion.outcome.mountain_troops.no": gettext_noop(
            "the Elite troops are ordinary Elite, not mountain troops"
        ),
        "companion.outcome.weather_begins.rain": gettext_noop("rain begins"),
        "companion.outcome.weather_begins.falling_snow": gettext_noop("snow begins to fall"),
        "companion.outcome.stays_overcast": gettext_noop("no precipitation: it stays overcast"),
        "companion.outcome.weather_intensifies": gettext_noop(
            "the precipitation intensifies: one more −1 to Fire Strength or To Hit at all "
            "ranges (%(penalty)s extra in all)"
        ),
        "companion.outcome.weather_stops": gettext_noop(
            "the precipitation stops, and it stays overcast"
        ),
        "companion.outcome.weather_unchanged": gettext_noop("the precipitation goes on as it is"),
        "companion.outcome.reinforcement_none": gettext_noop(
            "red: no random reinforcements for the %(role)s"
        ),
        "companion.outcome.reinforcement_row": gettext_noop(
            "the %(role)s receives the random reinforcements of row %(row)s"
        ),
        "companion.outcome.sandstorm": gettext_noop("a sandstorm ends the scenario"),
        "companion.outcome.no_sandstorm": gettext_noop("no sandstorm"),
        "companion.outcome.avalanche": gettext_noop("an avalanche ends the scenario"),
        "companion.outcome.no_avalanche": gettext_noop("no avalanche"),
        # -- events that are not draws, and the draws the players make by hand --------------------
        "companion.deck_out": gettext_noop("the deck ran out"),
        "companion.time_limit": gettext_noop("the last deck ran out: the time limit is reached"),
        "companion.fog_lifted": gettext_noop(
            "the fog lifted: no group counts as in Smoke for it any more, and Smoke cards work "
            "again"
        ),
        "companion.by_hand.black_six": gettext_noop(
            "After the opponent draws a black 6 as a Random Number, a side with random "
            "reinforcements may draw a Random Number for them as its only action (48.2): draw "
            "it by hand, with the table of 48.3."
        ),
        "companion.by_hand.on_event": gettext_noop(
            "The draws play calls for under %(rule)s (a desert Minefield: a dummy or real) are "
            "made by hand when they arise."
        ),
        "companion.by_hand.fog_lifting": gettext_noop(
            "An effective Breeze card drawn with a red 6 Random Number lowers the fog level by "
            "one (%(rule)s): play decides when, so check it by hand, and once the fog is gone "
            "say so with “The fog lifted”."
        ),
        "companion.by_hand.oasis": gettext_noop(
            "A Woods card played in the desert is an Oasis on a black Random Number and a "
            "mirage on a red one (%(rule)s): draw it by hand when a player tries one."
        ),
        "companion.by_hand.frozen_stream": gettext_noop(
            "A black 5 or 6 Random Number drawn while resolving an HE attack on a group in a "
            "Frozen Stream turns it into a Frigid Stream (%(rule)s): check it by hand then."
        ),
        # -- why a step or an ending is refused (companion.REFUSALS, and the edge's own) --------
        "companion.refused.nothing_pending": gettext_noop(
            "Nothing is waiting for a draw: play the deck, or end the game."
        ),
        "companion.refused.wrong_kind": gettext_noop("This is not the draw the game waits for."),
        "companion.refused.draw_pending": gettext_noop("A draw is still waiting: make it first."),
        "companion.refused.not_an_outcome": gettext_noop(
            "That is not a number this draw can give."
        ),
        "companion.refused.ended": gettext_noop("The game has ended: nothing is left to draw."),
        "companion.refused.ended_early": gettext_noop(
            "The game ended early on a draw: its ending is an early end."
        ),
        "companion.refused.time_limit_reached": gettext_noop(
            "The last deck was played to its end: the game ended on the time limit, not early."
        ),
        "companion.refused.time_limit_not_reached": gettext_noop(
            "The time limit is reached only when the last deck runs out."
        ),
        "companion.refused.recorded": gettext_noop(
            "The game is finished: its play record is written."
        ),
        "companion.refused.step_ahead": gettext_noop("This page is behind the game: reload it."),
        "companion.refused.moved_on": gettext_noop(
            "Not taken: the game moved on since this page last saw it."
        ),
        "companion.refused.nothing_to_undo": gettext_noop("There is no step to undo."),
        "companion.refused.no_fog": gettext_noop(
            "There is no fog to lift: the scenario sets none, or it has lifted already."
        ),
        "companion.refused.join_taken": gettext_noop(
            "Another player has already joined this game: you can follow it read-only."
        ),
        # -- why a scenario cannot be played with the companion (the simulation's reasons) -------
        "companion.not_possible.no_time_limit": gettext_noop(
            "This scenario has no time limit, so the companion cannot tell when it ends."
        ),
        "companion.not_possible.no_rn_distribution": gettext_noop(
            "The reference data holds no Random Number distribution."
        ),
        "companion.not_possible.invalid_document": gettext_noop(
            "The scenario's saved document no longer reads."
        ),
        # -- how an event reads -------------------------------------------------------------------
        "companion.before_play": gettext_noop("Before deck 1"),
        "companion.deck": gettext_noop("Deck %(deck)s"),
        "companion.drawn_rn": gettext_noop("%(colour)s %(number)s"),
        "companion.drawn_rpn": gettext_noop("RPN %(rpn)s"),
    }
)
