"""A player's data in one zip (``GET /api/v1/me/export``, the account page's button).

What they own, as the site's own documents, so that each can be imported back: a Scenario
document per scenario (its current version, and ``versions/<n>.json`` for each version), a
Library document per library, their saved DYO forces, their play records as JSON and CSV, their
games at the table with their steps, their ratings and comments (``community.json``, the
community room's piece), and a README.txt saying what is what (in English and Italian: the
file is read outside the site). Scenarios and libraries in the bin are not
exported (the bin is as if gone), nor the play records and games of a scenario in the bin.
"""

from __future__ import annotations

import csv
import io
import json
import zipfile
from typing import Any

from django.db.models import Prefetch

from builder.models import SavedForce
from scenarios import selectors, services
from scenarios.community.selectors import community_export
from scenarios.models import Game, GameStep, Library, PlayRecord, Scenario

PLAY_COLUMNS = (
    "id",
    "scenario",
    "scenario_title",
    "scenario_version",
    "played_on",
    "winner",
    "ending",
    "early_end_cause",
    "decks_played",
    "opponent",
    "notes",
    "recorded_at",
)

README = """Up Front Builder - your data
============================

scenarios/<id>.json
    One Scenario document (interchange format v1) per scenario you own, as it is now.
    Import it back: "Import" on the My scenarios page, or POST /api/v1/scenarios/import.
scenarios/<id>/versions/<n>.json
    Version <n> of that scenario, as a Scenario document (the same import takes it).
libraries/<id>.json
    One Library document per library you own, with the scenarios in it you may see.
    Import it back: POST /api/v1/libraries/import (its scenarios come in with it).
forces/<id>.json
    Your saved DYO forces, one Force document each (forces/names.json: the name you gave
    each). Import: open it in the force builder, or POST /api/v1/forces/ with
    {"name": ..., "data": <the document>}.
plays.json, plays.csv
    Your play records (the same rows, as JSON and as CSV). A play record belongs to its
    scenario on the site and cannot be imported; keep it as your log.
games.json
    Your games at the table (the companion): each game's scenario and its version, status,
    seed, when it began and last changed, its play record's id once recorded, and its steps
    in order (a Random Number, a Random Position Number or "the deck ran out", and whether
    the site drew it for you). A game belongs to its scenario on the site and cannot be
    imported.
community.json
    Your ratings (scenario, stars, when) and your comments (scenario, text, whether a
    moderator hid it, when) of scenarios on the site. They cannot be imported.

Up Front Builder - i tuoi dati
==============================

scenarios/<id>.json
    Un documento Scenario (formato di interscambio v1) per ogni tuo scenario, com'è ora.
    Per reimportarlo: "Importa" nella pagina I miei scenari, o POST /api/v1/scenarios/import.
scenarios/<id>/versions/<n>.json
    La versione <n> di quello scenario, come documento Scenario (si importa allo stesso modo).
libraries/<id>.json
    Un documento Raccolta per ogni tua raccolta, con gli scenari che puoi vedere.
    Per reimportarla: POST /api/v1/libraries/import (con i suoi scenari).
forces/<id>.json
    Le tue forze DYO salvate, un documento Force ciascuna (forces/names.json: il nome che
    hai dato a ciascuna). Per reimportarle: aprile nel costruttore di forze, o
    POST /api/v1/forces/ con {"name": ..., "data": <il documento>}.
plays.json, plays.csv
    Le tue partite registrate (le stesse righe, in JSON e in CSV). Una partita appartiene al
    suo scenario sul sito e non si reimporta: conservala come diario.
games.json
    Le tue partite al tavolo (il compagno di gioco): di ciascuna lo scenario e la sua
    versione, lo stato, il seme, quando è iniziata e quando è cambiata l'ultima volta, l'id
    della partita registrata se c'è, e i passi in ordine (un Numero Casuale, un Numero di
    Posizione Casuale o "il mazzo è finito", e se l'ha estratto il sito per te). Una partita
    al tavolo appartiene al suo scenario sul sito e non si reimporta.
community.json
    I tuoi voti (scenario, stelle, quando) e i tuoi commenti (scenario, testo, se un
    moderatore l'ha nascosto, quando) sugli scenari del sito. Non si reimportano.
"""


def _json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True)


def _play_row(play: PlayRecord) -> dict[str, Any]:
    return {
        "id": str(play.public_id),
        "scenario": str(play.scenario.public_id),
        "scenario_title": play.scenario.title,
        "scenario_version": play.scenario_version,
        "played_on": play.played_on.isoformat(),
        "winner": play.winner,
        "ending": play.ending,
        "early_end_cause": play.early_end_cause,
        "decks_played": play.decks_played,
        "opponent": play.opponent.get_username() if play.opponent else play.opponent_name,
        "notes": play.notes,
        "recorded_at": play.created_at.isoformat(),
    }


def _game_row(game: Game) -> dict[str, Any]:
    return {
        "id": str(game.public_id),
        "scenario": str(game.scenario.public_id),
        "scenario_title": game.scenario.title,
        "scenario_version": game.scenario_version,
        "status": game.status,
        "seed": game.seed,
        "created_at": game.created_at.isoformat(),
        "updated_at": game.updated_at.isoformat(),
        "record": str(game.record.public_id) if game.record is not None else None,
        "steps": [
            {
                "kind": step.kind,
                "number": step.number,
                "colour": step.colour,
                "rpn": step.rpn,
                "auto": step.auto,
            }
            for step in game.steps.all()  # type: ignore[attr-defined]
        ],
    }


def _games(user: Any) -> list[dict[str, Any]]:
    """``user``'s games, oldest first, each with its steps in order (two queries)."""
    games = (
        Game.objects.filter(player_id=user.pk, scenario__deleted_at=None)
        .select_related("scenario", "record")
        .prefetch_related(Prefetch("steps", queryset=GameStep.objects.order_by("index")))
        .order_by("created_at", "pk")
    )
    return [_game_row(game) for game in games]


def _versions(scenario: Scenario) -> dict[int, dict[str, Any]]:
    """Each version's document (the newest history row of each number)."""
    found: dict[int, dict[str, Any]] = {}
    rows = scenario.history.order_by("-version", "-history_id")  # type: ignore[attr-defined]
    for row in rows.only("version", "document"):
        found.setdefault(row.version, {**row.document, "scenario_version": row.version})
    return found


def account_export(*, user: Any) -> bytes:
    """The zip of everything ``user`` owns (see the module's docstring)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("README.txt", README)
        for scenario in Scenario.objects.filter(owner_id=user.pk).order_by("pk"):
            base = f"scenarios/{scenario.public_id}"
            archive.writestr(f"{base}.json", _json(services.scenario_export(scenario=scenario)))
            for number, document in sorted(_versions(scenario).items()):
                archive.writestr(f"{base}/versions/{number}.json", _json(document))
        for library in Library.objects.filter(owner_id=user.pk).order_by("pk"):
            held = selectors.library_scenarios_in_order(library, user)
            document = services.library_export(library=library, scenarios=held)
            archive.writestr(f"libraries/{library.public_id}.json", _json(document))
        forces = list(SavedForce.objects.filter(owner_id=user.pk).order_by("pk"))
        for force in forces:
            archive.writestr(f"forces/{force.pk}.json", _json(force.data))
        if forces:
            archive.writestr("forces/names.json", _json({str(f.pk): f.name for f in forces}))
        plays = [
            _play_row(p)
            for p in PlayRecord.objects.filter(player_id=user.pk, scenario__deleted_at=None)
            .select_related("scenario", "opponent")
            .order_by("played_on", "pk")
        ]
        archive.writestr("plays.json", _json(plays))
        table = io.StringIO()
        writer = csv.DictWriter(table, fieldnames=PLAY_COLUMNS)
        writer.writeheader()
        writer.writerows(plays)
        archive.writestr("plays.csv", table.getvalue())
        archive.writestr("games.json", _json(_games(user)))
        # The community's piece (scenarios.community): what the player rated and wrote.
        archive.writestr("community.json", _json(community_export(user)))
    return buffer.getvalue()
