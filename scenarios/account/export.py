"""A player's data in one zip, written to a file (the ``export`` job, docs/deletion.md).

What they own, as the site's own documents, so that each can be imported back: a Scenario
document per scenario (its current version, and ``versions/<n>.json`` for each version), a
Library document per library, their saved DYO forces, their play records as JSON and CSV (the
ones they made and the ones that name them as a side) and
their games at the table (each as the API answers it: ``PlayRecord.to_dict``,
``plays.game_presenters.game_data``), their ratings and comments (``community.json``, the
community room's piece), what they own of the game (``owned.json``), and a README.txt
saying what is what, in English and Italian
(the file is read outside the site; its words are the catalogue's,
``templates/account/export_readme.txt``). Scenarios and libraries in the bin are not exported
(the bin is as if gone), nor the play records and games of a scenario in the bin. Each
file is named by its title and id (``file_name``): a player finds a scenario in the zip by its
title, and two of the same title stay apart.

The zip is written member by member to the file it is given (a temporary file, then storage):
a player with thousands of scenarios never holds it whole in memory.
"""

from __future__ import annotations

import csv
import io
import json
import zipfile
from collections.abc import Callable
from typing import IO, Any

from django.db.models import Q
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.text import slugify

from builder.models import SavedForce
from scenarios import selectors, services
from scenarios.account.selectors import owned_products
from scenarios.community.selectors import community_export
from scenarios.models import Game, Library, PlayRecord, Scenario
from scenarios.plays.game_presenters import game_data
from scenarios.plays.selectors import game_replay
from upfront.rules.codes import EXPANSIONS

README_LANGUAGES = ("en", "it")

# Called with the share of the work done (0-100) as the export goes.
Progress = Callable[[int], None]


def readme() -> str:
    """The README.txt: the same template in each language, one after the other."""
    parts = []
    for language in README_LANGUAGES:
        with translation.override(language):
            parts.append(render_to_string("account/export_readme.txt").strip())
    return "\n\n".join(parts) + "\n"


def file_name(title: str, key: Any, *, fallback: str) -> str:
    """A file's name in the zip: its title as a slug (ASCII, at most 60 characters), then its
    id, which keeps two of the same title apart: ``ambush-at-dawn-<id>``."""
    slug = slugify(title)[:60].strip("-") or fallback
    return f"{slug}-{key}"


def _json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True)


def _versions(scenario: Scenario) -> dict[int, dict[str, Any]]:
    """Each version's document (the newest history row of each number)."""
    found: dict[int, dict[str, Any]] = {}
    rows = scenario.history.order_by("-version", "-history_id")  # type: ignore[attr-defined]
    for row in rows.only("version", "document"):
        found.setdefault(row.version, {**row.document, "scenario_version": row.version})
    return found


def _plays(user: Any) -> list[dict[str, Any]]:
    """The records ``user`` made, and those that name them as the other side's player (#28 §5:
    a game they played is theirs too, whoever recorded it)."""
    named = Q(opponent_id=user.pk) & ~Q(player_side="")
    records = (
        PlayRecord.objects.filter(Q(player_id=user.pk) | named, scenario__deleted_at=None)
        .select_related("scenario", "player", "opponent")
        .order_by("played_on", "pk")
    )
    return [record.to_dict() for record in records]


def _games(user: Any) -> list[dict[str, Any]]:
    """``user``'s games, the ones they started and the ones they joined, oldest first, each
    as the API answers it (``game_data`` replays its steps)."""
    games = (
        Game.objects.filter(Q(player_id=user.pk) | Q(opponent_id=user.pk))
        .filter(scenario__deleted_at=None)
        .select_related("scenario", "record")
        .order_by("created_at", "pk")
    )
    return [game_data(game, game_replay(game)) for game in games]


def _csv(rows: list[dict[str, Any]]) -> str:
    table = io.StringIO()
    if rows:
        writer = csv.DictWriter(table, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return table.getvalue()


def account_export_write(*, user: Any, out: IO[bytes], progress: Progress | None = None) -> None:
    """Write the zip of everything ``user`` owns (see the module's docstring) to ``out``."""
    report = progress or (lambda _percent: None)
    owned = Scenario.objects.filter(owner_id=user.pk).order_by("pk")
    total = owned.count() or 1
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("README.txt", readme())
        for done, scenario in enumerate(owned.iterator(chunk_size=200), start=1):
            base = "scenarios/" + file_name(scenario.title, scenario.public_id, fallback="scenario")
            archive.writestr(f"{base}.json", _json(services.scenario_export(scenario=scenario)))
            for number, document in sorted(_versions(scenario).items()):
                archive.writestr(f"{base}/versions/{number}.json", _json(document))
            if done % 50 == 0:
                report(80 * done // total)
        for library in Library.objects.filter(owner_id=user.pk).order_by("pk"):
            held = selectors.library_scenarios_in_order(library, user)
            document = services.library_export(library=library, scenarios=held)
            name = file_name(library.title, library.public_id, fallback="library")
            archive.writestr(f"libraries/{name}.json", _json(document))
        forces = list(SavedForce.objects.filter(owner_id=user.pk).order_by("pk"))
        for force in forces:
            name = file_name(force.name, force.pk, fallback="force")
            archive.writestr(f"forces/{name}.json", _json(force.data))
        if forces:
            names = {f"{file_name(f.name, f.pk, fallback='force')}.json": f.name for f in forces}
            archive.writestr("forces/names.json", _json(names))
        report(85)
        plays = _plays(user)
        archive.writestr("plays.json", _json(plays))
        archive.writestr("plays.csv", _csv(plays))
        report(90)
        archive.writestr("games.json", _json(_games(user)))
        # The community's piece (scenarios.community): what the player rated and wrote.
        archive.writestr("community.json", _json(community_export(user)))
        # What they own of the game: null when they have not said.
        products = owned_products(user)
        listed = sorted(products, key=EXPANSIONS.index) if products is not None else None
        archive.writestr("owned.json", _json({"products": listed}))


def account_export(*, user: Any) -> bytes:
    """The zip as bytes (tests and small tools; the site streams it to storage)."""
    buffer = io.BytesIO()
    account_export_write(user=user, out=buffer)
    return buffer.getvalue()
