"""Two writes of the same row at once, on PostgreSQL: exactly one wins, nothing is lost.

Each race runs ``ROUNDS`` rounds; in each, two threads (each with its own connection, as two
web processes or a web process and beat) wait at a barrier and write together. Without the
locks both used to succeed in most rounds: a restore answered 200 and a purge 204 of the same
scenario, which was gone; a scenario put in a library the owner was deleting stayed linked to
the deleted library instead of going back to its owner.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from functools import partial
from typing import Any

import pytest
from django.db import connection
from django.utils import timezone

from scenarios import services
from scenarios.bin import services as bin_services
from scenarios.models import Library, Scenario
from tests.factories import make_library, make_scenario, make_user
from tests.scenarios.api.conftest import client_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

ROUNDS = 10


@pytest.fixture
def players(postgres_required: None) -> tuple[Any, Any]:
    from upfront.reference.loading import reference_data_load

    reference_data_load(force=True, reason="races")  # a transactional test starts empty
    return make_user("owner"), make_user("collaborator")


def _at_once(*calls: Callable[[], Any]) -> list[Any]:
    """What each call answered, the calls made together from threads of their own."""
    barrier = threading.Barrier(len(calls))

    def run(call: Callable[[], Any]) -> Any:
        barrier.wait()
        try:
            return call()
        finally:
            connection.close()  # each thread's own connection

    with ThreadPoolExecutor(len(calls)) as pool:
        return list(pool.map(run, calls))


def _post(api: Any, url: str) -> int:
    return int(api.post(url).status_code)


def _delete(api: Any, url: str) -> int:
    return int(api.delete(url).status_code)


# --- The bin: a restore and a purge of the same item ------------------------------------------


def test_a_restore_and_a_purge_at_once_one_wins(players: tuple[Any, Any]) -> None:
    owner, _ = players
    api = client_for(owner)
    for round_ in range(ROUNDS):
        scenario = make_scenario(owner, "public", title=f"Round {round_}")
        services.scenario_delete(scenario=scenario, by=owner)
        restore, purge = _at_once(
            partial(_post, api, f"/api/v1/bin/{scenario.public_id}/restore"),
            partial(_delete, api, f"/api/v1/bin/{scenario.public_id}"),
        )
        assert sorted([restore, purge]) in ([200, 404], [204, 404]), (round_, restore, purge)
        live = Scenario.objects.filter(pk=scenario.pk).exists()
        assert live == (restore == 200), (round_, restore, purge)
        assert Scenario.everything.filter(pk=scenario.pk).exists() == live  # never half-done


def test_a_library_restore_and_purge_at_once_one_wins(players: tuple[Any, Any]) -> None:
    owner, _ = players
    api = client_for(owner)
    for round_ in range(ROUNDS):
        library = make_library(owner, "private")
        held = make_scenario(owner, "private", library=library)
        bin_services.library_bin(library=library)
        restore, purge = _at_once(
            partial(_post, api, f"/api/v1/bin/{library.public_id}/restore"),
            partial(_delete, api, f"/api/v1/bin/{library.public_id}"),
        )
        assert sorted([restore, purge]) in ([200, 404], [204, 404]), (round_, restore, purge)
        live = restore == 200
        assert Library.objects.filter(pk=library.pk).exists() == live, round_
        assert Scenario.objects.filter(pk=held.pk).exists() == live, round_


def test_beats_purge_never_takes_what_a_player_restores(players: tuple[Any, Any]) -> None:
    owner, _ = players
    api = client_for(owner)
    long_ago = timezone.now() - timedelta(days=31)
    for round_ in range(ROUNDS):
        scenario = make_scenario(owner, "public", title=f"Round {round_}")
        services.scenario_delete(scenario=scenario, by=owner)
        Scenario.everything.filter(pk=scenario.pk).update(deleted_at=long_ago)
        restore, purged = _at_once(
            partial(_post, api, f"/api/v1/bin/{scenario.public_id}/restore"),
            bin_services.bin_purge_expired,
        )
        # Either the restore came first (and nothing was due any more) or the purge did.
        assert (restore, purged) in ((200, 0), (404, 1)), (round_, restore, purged)
        assert Scenario.objects.filter(pk=scenario.pk).exists() == (restore == 200), round_


# --- A library deleted while a collaborator puts a scenario in it ------------------------------


def test_a_scenario_put_in_a_library_being_deleted_goes_back_to_its_owner(
    players: tuple[Any, Any],
) -> None:
    owner, collaborator = players
    owners_api, collaborators_api = client_for(owner), client_for(collaborator)
    outcomes = set()
    for round_ in range(ROUNDS):
        library = make_library(owner, "public", collaborators=(collaborator,))
        scenario = make_scenario(collaborator, "private", title=f"Round {round_}")
        put, deleted = _at_once(
            partial(
                collaborators_api.patch,
                f"/api/v1/scenarios/{scenario.public_id}/",
                {"library": str(library.public_id)},
                format="json",
            ),
            partial(_delete, owners_api, f"/api/v1/libraries/{library.public_id}/"),
        )
        assert deleted == 204, round_
        scenario.refresh_from_db()
        # Never left in the deleted library: the collaborator's own scenario, live, either way.
        assert scenario.library_id is None, (round_, put.status_code)
        assert scenario.deleted_at is None and scenario.owner_id == collaborator.pk
        if put.status_code == 200:  # in first: handed back with the library's deletion
            outcomes.add("handed back")
        else:  # the library was deleted first: refused, named as the API names it
            assert put.status_code == 400, (round_, put.status_code, put.content)
            assert put.json()["errors"] == [
                {"path": "library", "message": "No library with this id that you may edit."}
            ]
            outcomes.add("refused")
    print(f"outcomes over {ROUNDS} rounds: {sorted(outcomes)}")
