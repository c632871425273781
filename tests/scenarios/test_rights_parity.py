"""Pages and API agree on every right: one matrix, both doors.

The matrix's rows are the rights: every field of every rights value of ``scenarios.access``
(``dataclasses.fields``) names the actions that exercise it (``RIGHT_ACTIONS``), so a new
right is a new row by itself, and a right with no action fails ``test_every_right_is_a_row``
naming it. Beside them, the rows no rights field holds: seeing a job, a game by its link or
once finished, and a player's bin (seen by its owner alone).

Six people try every action on a scenario, a library, a game and a bin, each through the page
(Django's test client) and through the API (DRF's client), each door on a fresh copy of the
same world:

* ``owner`` made the scenario and put it in the library (they collaborate on it); they
  started the games and their bin holds a scenario;
* ``curator`` owns the library holding it;
* ``collaborator`` collaborates on the library;
* ``stranger`` is signed in and nothing else;
* ``staff`` is staff and nothing else: staff have no right over players' work;
* ``anonymous`` is not signed in.

Each door's answer is reduced to one outcome: ``allowed`` (what the action does happened),
``refused`` (nothing changed), or ``sign-in`` (the page's login redirect, the API's 401). Both
doors must give the outcome ``_expected_*`` write out by hand: the decisions documented in
``scenarios.access`` and docs/api.md. Whoever may not see the object gets 404 from both.
What an export holds (its scenarios, in their order) must be the same through both doors.
"""

from __future__ import annotations

import copy
import dataclasses
import datetime
import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client
from rest_framework.test import APIClient

from scenarios import access, services
from scenarios.bin import services as bin_services
from scenarios.community import services as community_services
from scenarios.jobs.models import Job
from scenarios.models import Comment, CommentReport, Library, LibraryFollow, Rating, Scenario
from scenarios.plays import games as game_services
from scenarios.plays import services as play_services
from scenarios.plays.models import Game, GameStep, PlayRecord
from tests.factories import make_library, make_scenario
from tests.scenarios.api.conftest import document
from tests.scenarios.support.forms_html import form_data

pytestmark = pytest.mark.django_db

ALLOWED, REFUSED, SIGN_IN = "allowed", "refused", "sign-in"
ACTORS = ("owner", "curator", "collaborator", "stranger", "staff", "anonymous")
MEMBERS = ("owner", "curator", "collaborator")


@dataclass
class World:
    actor: str
    users: dict[str, Any]
    library: Library
    scenario: Scenario
    # A library of the actor's own (where "move to a library" moves the scenario).
    shelf: Library | None
    jobs: dict[str, Job] = field(default_factory=dict)
    # The owner's games of a scenario of the library (under way; finished) and a scenario in
    # the owner's bin: made only for the rows that ask for them (``_rooms``).
    game: Game | None = None
    finished: Game | None = None
    binned: Scenario | None = None
    # The collaborator's comments on the scenario: one a veteran reported, one staff hid (made
    # only for the comment rows: ``_talk``).
    reported: Comment | None = None
    hidden: Comment | None = None

    @property
    def user(self) -> Any | None:
        return self.users.get(self.actor)

    def page(self) -> Client:
        client = Client()
        if self.user is not None:
            client.force_login(self.user)
        return client

    def api(self) -> APIClient:
        client = APIClient()
        if self.user is not None:
            client.force_authenticate(self.user)
        return client


def _world(actor: str, scenario_visibility: str, library_visibility: str) -> World:
    make = get_user_model().objects.create_user
    users = {name: make(name, f"{name}@example.org", "pw") for name in (*MEMBERS, "stranger")}
    users["staff"] = make("staff", "staff@example.org", "pw", is_staff=True)
    users["newbie"] = make("newbie", "newbie@example.org", "pw")
    users["veteran"] = make("veteran", "veteran@example.org", "pw")
    make("sleeper", "sleeper@example.org", "pw", is_active=False)
    library = make_library(
        users["curator"],
        library_visibility,
        collaborators=(users["owner"], users["collaborator"], users["veteran"]),
    )
    scenario = make_scenario(users["owner"], scenario_visibility, library=library, title="Hill 112")
    # A second one put in later: the order by last change is not the order they were put in.
    _clone(scenario, "Point 213")
    user = users.get(actor)
    shelf = services.library_create(owner=user, title="My shelf") if user is not None else None
    world = World(actor, users, library, scenario, shelf)
    for name in ("owner", actor):
        if name in users and name not in world.jobs:
            world.jobs[name] = Job.objects.create(
                kind=Job.Kind.VALIDATE, scenario=scenario, requested_by=users[name]
            )
    return world


def _clone(scenario: Scenario, title: str) -> Scenario:
    """A copy of the row under another title (the document was checked when it was made)."""
    document = json.loads(json.dumps(scenario.document))
    document["scenario"]["title"] = title
    clone = Scenario.objects.get(pk=scenario.pk)
    clone.pk = None
    clone.public_id = uuid.uuid4()
    clone.title, clone.document = title, document
    clone.save()
    return clone


def _gone(model: type[Any], obj: Any) -> bool:
    return not model.objects.filter(pk=obj.pk).exists()


def _fresh(obj: Any) -> Any:
    obj.refresh_from_db()
    return obj


def _json(response: Any) -> Any:
    return json.loads(response.content) if response.status_code == 200 else None


# --- The actions: what each door sends, and how to tell it was done -----------------------
# Each action is (page request, API request, effect). A request gets the world and a client;
# the effect gets the world and the response.


def _designer_post(w: World, client: Client, **changes: str) -> Any:
    # What the designer form holds for its owner, changed and sent by the actor.
    owner = Client()
    owner.force_login(w.users["owner"])
    data = form_data(owner.get(f"/scenarios/{w.scenario.public_id}/edit/").content.decode())
    data.update(action="save", **changes)
    return client.post(f"/scenarios/{w.scenario.public_id}/edit/", data)


def _document(w: World, title: str) -> dict[str, Any]:
    doc = json.loads(json.dumps(w.scenario.document))
    doc["scenario"]["title"] = title
    return doc


S = "/scenarios/{id}/"
A = "/api/v1/scenarios/{id}/"


def _s(w: World, path: str) -> str:
    return path.replace("{id}", str(w.scenario.public_id))


def _shelf_id(w: World) -> str:
    # Anonymous has no shelf: any id will do, the door must ask for an account first.
    return str(w.shelf.public_id if w.shelf else w.library.public_id)


Action = tuple[
    Callable[[World, Client], Any], Callable[[World, APIClient], Any], Callable[[World, Any], bool]
]

SCENARIO_ACTIONS: dict[str, Action] = {
    "view": (
        lambda w, c: c.get(_s(w, S)),
        lambda w, c: c.get(_s(w, A)),
        lambda w, r: (
            r.status_code == 200
            and ("Hill 112" in r.content.decode())
            and (r["Content-Type"].startswith("text/html") or r.json()["title"] == "Hill 112")
        ),
    ),
    "edit": (
        lambda w, c: _designer_post(w, c, title="Renamed"),
        lambda w, c: c.patch(_s(w, A), {"document": _document(w, "Renamed")}, format="json"),
        lambda w, r: not _gone(Scenario, w.scenario) and _fresh(w.scenario).title == "Renamed",
    ),
    "delete": (
        lambda w, c: c.post(_s(w, S + "delete/")),
        lambda w, c: c.delete(_s(w, A)),
        lambda w, r: _gone(Scenario, w.scenario),
    ),
    "move to a library": (
        lambda w, c: c.post(_s(w, S + "library/"), {"library": _shelf_id(w)}),
        lambda w, c: c.patch(_s(w, A), {"library": _shelf_id(w)}, format="json"),
        lambda w, r: w.shelf is not None and _fresh(w.scenario).library_id == w.shelf.pk,
    ),
    "change visibility": (
        lambda w, c: _designer_post(w, c, visibility="unlisted"),
        lambda w, c: c.patch(_s(w, A), {"visibility": "unlisted"}, format="json"),
        lambda w, r: _fresh(w.scenario).visibility == "unlisted",
    ),
    "copy": (
        lambda w, c: c.post(_s(w, S + "copy/")),
        lambda w, c: c.post(_s(w, A + "fork"), {}, format="json"),
        lambda w, r: (
            Scenario.objects.filter(owner=w.user, forked_from=w.scenario).exists()
            if w.user
            else False
        ),
    ),
    "export": (
        lambda w, c: c.get(_s(w, S + "export/")),
        lambda w, c: c.get(_s(w, A + "export")),
        lambda w, r: (_json(r) or {}).get("scenario", {}).get("title") == "Hill 112",
    ),
    "start a validation": (
        lambda w, c: c.post(_s(w, S + "jobs/validate/")),
        lambda w, c: c.post(_s(w, A + "validate"), {}, format="json"),
        lambda w, r: (
            Job.objects.filter(scenario=w.scenario, requested_by=w.user)
            .exclude(pk__in=[j.pk for j in w.jobs.values()])
            .exists()
            if w.user
            else False
        ),
    ),
    "see their job": (
        lambda w, c: c.get(f"/jobs/{_job(w, w.actor).public_id}/"),
        lambda w, c: c.get(f"/api/v1/jobs/{_job(w, w.actor).public_id}"),
        lambda w, r: _shows_job(r, _job(w, w.actor)),
    ),
    "see its versions": (
        lambda w, c: c.get(_s(w, S + "versions/")),
        lambda w, c: c.get(_s(w, A + "versions/")),
        lambda w, r: r.status_code == 200 and "Created" in r.content.decode(),
    ),
    "restore a version": (
        lambda w, c: _renamed(w) and c.post(_s(w, S + "versions/1/restore/")),
        lambda w, c: _renamed(w) and c.post(_s(w, A + "versions/1/restore")),
        lambda w, r: _fresh(w.scenario).title == "Hill 112" and w.scenario.version == 3,
    ),
    "record a play": (
        lambda w, c: c.post(
            _s(w, S + "plays/new/"), {**PLAY, "played_on": "2026-11-20", "side": "attacker"}
        ),
        lambda w, c: c.post(_s(w, A + "plays/"), PLAY, format="json"),
        lambda w, r: w.user is not None and PlayRecord.objects.filter(player=w.user).exists(),
    ),
    "change the owner's play record": (
        lambda w, c: c.post(
            f"/plays/{_owners_play(w).public_id}/edit/", {**PLAY, "notes": "x", "side": "attacker"}
        ),
        lambda w, c: c.patch(
            f"/api/v1/plays/{_owners_play(w).public_id}", {"notes": "x"}, format="json"
        ),
        lambda w, r: _fresh(_owners_play(w)).notes == "x",
    ),
    # Only the account a record names as the other side's player answers it (issue 27 §5).
    "confirm the play naming the collaborator": (
        lambda w, c: c.post(f"/plays/{_named_play(w).public_id}/confirm/"),
        lambda w, c: c.post(f"/api/v1/plays/{_named_play(w).public_id}/confirm"),
        lambda w, r: _fresh(_named_play(w)).confirmation == "confirmed",
    ),
    "see the owner's job": (
        lambda w, c: c.get(f"/jobs/{_job(w, 'owner').public_id}/"),
        lambda w, c: c.get(f"/api/v1/jobs/{_job(w, 'owner').public_id}"),
        lambda w, r: _shows_job(r, _job(w, "owner")),
    ),
    "rate": (
        lambda w, c: c.post(_s(w, S + "rating/"), {"stars": "4"}),
        lambda w, c: c.put(_s(w, A[:-1] + "/rating"), {"stars": 4}, format="json"),
        lambda w, r: w.user is not None and Rating.objects.filter(player=w.user).exists(),
    ),
    "comment": (
        lambda w, c: c.post(_s(w, S + "comments/"), {"text": "Well made"}),
        lambda w, c: c.post(_s(w, A[:-1] + "/comments"), {"text": "Well made"}, format="json"),
        lambda w, r: w.user is not None and Comment.objects.filter(author=w.user).exists(),
    ),
    "close its comments": (
        lambda w, c: c.post(_s(w, S + "comments/open/"), {"open": "0"}),
        lambda w, c: c.put(_s(w, A[:-1] + "/comments/open"), {"open": False}, format="json"),
        lambda w, r: not _fresh(w.scenario).comments_open,
    ),
    # The library the scenario page links: the library's own door must let the viewer in.
    "open its library": (
        lambda w, c: c.get(f"/libraries/{w.library.public_id}/"),
        lambda w, c: c.get(f"/api/v1/libraries/{w.library.public_id}/"),
        lambda w, r: r.status_code == 200 and w.library.title in r.content.decode(),
    ),
}


PLAY = {"played_on": "2026-11-20", "winner": "attacker", "ending": "time_limit"}


def _renamed(w: World) -> bool:
    """A second version (renamed by its owner) to restore the first over."""
    services.scenario_update(scenario=w.scenario, data=_document(w, "Renamed"))
    return True


def _owners_play(w: World) -> PlayRecord:
    found = PlayRecord.objects.filter(player=w.users["owner"], scenario=w.scenario).first()
    return found or play_services.play_create(
        scenario=w.scenario,
        player=w.users["owner"],
        values={**PLAY, "played_on": datetime.date(2026, 11, 19)},
    )


def _named_play(w: World) -> PlayRecord:
    """The owner's record of a game against the collaborator, awaiting the collaborator."""
    found = PlayRecord.objects.filter(
        player=w.users["owner"], scenario=w.scenario, opponent=w.users["collaborator"]
    ).first()
    return found or play_services.play_create(
        scenario=w.scenario,
        player=w.users["owner"],
        values={
            **PLAY,
            "played_on": datetime.date(2026, 11, 18),
            "side": "attacker",
            "opponent": w.users["collaborator"].username,
        },
    )


def _job(w: World, name: str) -> Job:
    # Anonymous has no job: they try the owner's (the door must ask for an account first).
    return w.jobs.get(name, w.jobs["owner"])


def _shows_job(response: Any, job: Job) -> bool:
    return response.status_code == 200 and str(job.public_id) in response.content.decode()


L = "/libraries/{id}/"
LA = "/api/v1/libraries/{id}/"


def _l(w: World, path: str) -> str:
    return path.replace("{id}", str(w.library.public_id))


def _library_form(w: World, **changes: str) -> dict[str, str]:
    return {
        "title": w.library.title,
        "description": w.library.description,
        "visibility": w.library.visibility,
        **changes,
    }


def _their_own(w: World) -> Scenario:
    """A scenario of the actor's own, in no library (anonymous: the stranger's, any will do:
    the door must ask for an account first)."""
    owner = w.user or w.users["stranger"]
    found = Scenario.objects.filter(owner=owner, title="Their own raid").first()
    return found or make_scenario(owner, "private", title="Their own raid")


LIBRARY_ACTIONS: dict[str, Action] = {
    # A library page's "Add a scenario", and the API's POST of one to its scenarios.
    "add one of their scenarios": (
        lambda w, c: c.post(_l(w, L + "add-scenario/"), {"scenario": str(_their_own(w).public_id)}),
        lambda w, c: c.post(
            _l(w, LA + "scenarios/"), {"scenario": str(_their_own(w).public_id)}, format="json"
        ),
        lambda w, r: Scenario.objects.filter(title="Their own raid", library=w.library).exists(),
    ),
    "view": (
        lambda w, c: c.get(_l(w, L)),
        lambda w, c: c.get(_l(w, LA)),
        lambda w, r: r.status_code == 200 and w.library.title in r.content.decode(),
    ),
    "edit": (
        lambda w, c: c.post(_l(w, L + "edit/"), _library_form(w, title="Renamed")),
        lambda w, c: c.patch(_l(w, LA), {"title": "Renamed"}, format="json"),
        lambda w, r: _fresh(w.library).title == "Renamed",
    ),
    "delete": (
        lambda w, c: c.post(_l(w, L + "delete/")),
        lambda w, c: c.delete(_l(w, LA)),
        lambda w, r: _gone(Library, w.library),
    ),
    "change visibility": (
        lambda w, c: c.post(_l(w, L + "edit/"), _library_form(w, visibility="unlisted")),
        lambda w, c: c.patch(_l(w, LA), {"visibility": "unlisted"}, format="json"),
        lambda w, r: _fresh(w.library).visibility == "unlisted",
    ),
    "add a collaborator": (
        lambda w, c: c.post(_l(w, L + "collaborators/"), {"username": "newbie"}),
        lambda w, c: c.post(_l(w, LA + "collaborators/"), {"username": "newbie"}, format="json"),
        lambda w, r: w.library.collaborators.filter(username="newbie").exists(),
    ),
    # One account has this name but for its case: it is the one meant.
    "add a collaborator named in capitals": (
        lambda w, c: c.post(_l(w, L + "collaborators/"), {"username": "NEWBIE"}),
        lambda w, c: c.post(_l(w, LA + "collaborators/"), {"username": "NEWBIE"}, format="json"),
        lambda w, r: w.library.collaborators.filter(username="newbie").exists(),
    ),
    # An inactive account is never made a collaborator (by anyone).
    "add an inactive account": (
        lambda w, c: c.post(_l(w, L + "collaborators/"), {"username": "sleeper"}),
        lambda w, c: c.post(_l(w, LA + "collaborators/"), {"username": "sleeper"}, format="json"),
        lambda w, r: w.library.collaborators.filter(username="sleeper").exists(),
    ),
    "remove a collaborator": (
        lambda w, c: c.post(_l(w, L + f"collaborators/{w.users['veteran'].pk}/remove/")),
        lambda w, c: c.delete(_l(w, LA + "collaborators/veteran")),
        lambda w, r: not w.library.collaborators.filter(username="veteran").exists(),
    ),
    "copy": (
        lambda w, c: c.post(_l(w, L + "copy/")),
        lambda w, c: c.post(_l(w, LA + "fork")),
        lambda w, r: (
            Library.objects.filter(owner=w.user, forked_from=w.library).exists()
            if w.user
            else False
        ),
    ),
    "export": (
        lambda w, c: c.get(_l(w, L + "export/")),
        lambda w, c: c.get(_l(w, LA + "export")),
        lambda w, r: (_json(r) or {}).get("title") == w.library.title,
    ),
    "start its setup sheets": (
        lambda w, c: c.post(_l(w, L + "jobs/pdf/")),
        lambda w, c: c.post(_l(w, LA + "pdf"), {}, format="json"),
        lambda w, r: (
            Job.objects.filter(library=w.library, requested_by=w.user).exists() if w.user else False
        ),
    ),
    "see its collaborators": (
        lambda w, c: c.get(_l(w, L)),
        lambda w, c: c.get(_l(w, LA)),
        lambda w, r: r.status_code == 200 and "veteran" in r.content.decode(),
    ),
    "follow": (
        lambda w, c: c.post(_l(w, L + "follow/")),
        lambda w, c: c.put(_l(w, LA + "follow")),
        lambda w, r: (
            LibraryFollow.objects.filter(user=w.user, library=w.library).exists()
            if w.user
            else False
        ),
    ),
}


# --- Comments ---------------------------------------------------------------------------------


def _talk(w: World) -> None:
    """The collaborator's two comments on the world's scenario: one the veteran reported, one
    staff hid."""
    author = w.users["collaborator"]
    w.reported = community_services.comment_create(
        scenario=w.scenario, author=author, text="Reported remark"
    )
    community_services.comment_report(comment=w.reported, reporter=w.users["veteran"])
    w.hidden = community_services.comment_create(
        scenario=w.scenario, author=author, text="Hidden remark"
    )
    community_services.comment_moderate(comment=w.hidden, hide=True)


def _c(w: World, path: str) -> str:
    assert w.reported is not None
    return path.replace("{c}", str(w.reported.public_id))


COMMENT_ACTIONS: dict[str, Action] = {
    "read a hidden comment": (
        lambda w, c: c.get(_s(w, S)),
        lambda w, c: c.get(_s(w, A[:-1] + "/comments")),
        lambda w, r: r.status_code == 200 and "Hidden remark" in r.content.decode(),
    ),
    "delete a comment": (
        lambda w, c: c.post(_c(w, "/comments/{c}/delete/")),
        lambda w, c: c.delete(_c(w, "/api/v1/comments/{c}")),
        lambda w, r: w.reported is not None and _gone(Comment, w.reported),
    ),
    "report a comment": (
        lambda w, c: c.post(_c(w, "/comments/{c}/report/")),
        lambda w, c: c.post(_c(w, "/api/v1/comments/{c}/report")),
        lambda w, r: w.user is not None and CommentReport.objects.filter(reporter=w.user).exists(),
    ),
    "hide a comment": (
        lambda w, c: c.post(_c(w, "/moderation/comments/{c}/hide/")),
        lambda w, c: c.post(_c(w, "/api/v1/comments/{c}/hide")),
        lambda w, r: w.reported is not None and _fresh(w.reported).hidden,
    ),
    "see the reported comments": (
        lambda w, c: c.get("/moderation/comments/"),
        lambda w, c: c.get("/api/v1/comments/reported"),
        lambda w, r: r.status_code == 200 and "Reported remark" in r.content.decode(),
    ),
}


# --- Games at the table and the bin ----------------------------------------------------------


def _rooms(w: World) -> None:
    """The owner's games of a scenario of the library, as visible as the world's scenario (one
    under way, one finished into its play record), and a scenario in the owner's bin."""
    owner = w.users["owner"]
    doc = copy.deepcopy(document("Pass in the snow"))
    # Deep snow in the mountains, overcast: a draw is due before deck 1 (M10.4, 99.5).
    doc["scenario"].update(
        {"environment": "deep_snow", "mountain": True, "weather": ["overcast", "ground_snow"]}
    )
    played = services.scenario_create(
        owner=owner, data=doc, library=w.library, visibility=w.scenario.visibility
    )
    w.game = game_services.game_start(scenario=played, player=owner, seed=3)
    w.finished = game_services.game_start(scenario=played, player=owner, seed=4)
    game_services.game_draw(game=w.finished, number=1, colour="red")
    game_services.game_finish(game=w.finished, winner="attacker", ending="victory_condition")
    w.binned = make_scenario(owner, "private", title="Binned plan")
    bin_services.scenario_bin(scenario=w.binned, by=owner)


def _g(w: World, path: str, game: Game | None = None) -> str:
    game = game or w.game
    assert game is not None
    return path.replace("{g}", str(game.public_id)).replace("{s}", str(game.scenario.public_id))


def _token(w: World) -> dict[str, str]:
    assert w.game is not None
    return {"token": w.game.watch_token}


def _new_game(w: World) -> bool:
    if w.user is None or w.game is None or w.finished is None:
        return False
    started = Game.objects.filter(player=w.user, scenario=w.game.scenario)
    return started.exclude(pk__in=[w.game.pk, w.finished.pk]).exists()


def _shows_share_link(response: Any) -> bool:
    if response.status_code != 200:
        return False
    if response["Content-Type"].startswith("text/html"):
        return 'id="share-url"' in response.content.decode()
    return response.json()["share_url"] is not None


def _links_the_scenario(w: World, response: Any) -> bool:
    if response.status_code != 200:
        return False
    assert w.game is not None
    path = f"/scenarios/{Game.objects.get(pk=w.game.pk).scenario.public_id}/"
    if response["Content-Type"].startswith("text/html"):
        return f'<a href="{path}">' in response.content.decode()
    return (response.json()["scenario_url"] or "").endswith(path)


def _a_step(w: World) -> World:
    """The game under way with one draw made by its player: something to undo."""
    assert w.game is not None
    game_services.game_draw(game=w.game, number=1, colour="red", by=w.users["owner"])
    return w


def _plays_it(w: World) -> bool:
    assert w.game is not None
    game = Game.objects.get(pk=w.game.pk)
    return w.user is not None and w.user.pk in (game.player_id, game.opponent_id)


GAME_ACTIONS: dict[str, Action] = {
    "start a game": (
        lambda w, c: c.post(_g(w, "/scenarios/{s}/games/new/")),
        lambda w, c: c.post(_g(w, "/api/v1/scenarios/{s}/games"), {}, format="json"),
        lambda w, r: _new_game(w),
    ),
    "draw": (
        lambda w, c: c.post(_g(w, "/games/{g}/draw/"), {"draw": "red-1"}),
        lambda w, c: c.post(
            _g(w, "/api/v1/games/{g}/draws"), {"number": 1, "colour": "red"}, format="json"
        ),
        lambda w, r: GameStep.objects.filter(game=w.game).exists(),
    ),
    "undo": (
        lambda w, c: c.post(_g(_a_step(w), "/games/{g}/undo/"), {"step": 1}),
        lambda w, c: c.post(_g(_a_step(w), "/api/v1/games/{g}/undo"), {"step": 1}, format="json"),
        lambda w, r: GameStep.objects.filter(game=w.game, kind=GameStep.Kind.UNDO).exists(),
    ),
    "join by link": (
        lambda w, c: c.post(_g(w, "/games/{g}/join/"), _token(w)),
        lambda w, c: c.post(_g(w, "/api/v1/games/{g}/join"), _token(w), format="json"),
        lambda w, r: _plays_it(w),
    ),
    # Its scenario's page, linked from the game (page) or named (API) for whoever sees it.
    "open its scenario": (
        lambda w, c: c.get(_g(w, "/games/{g}/"), _token(w)),
        lambda w, c: c.get(_g(w, "/api/v1/games/{g}"), _token(w)),
        lambda w, r: _links_the_scenario(w, r),
    ),
    "see the share link": (
        lambda w, c: c.get(_g(w, "/games/{g}/"), _token(w)),
        lambda w, c: c.get(_g(w, "/api/v1/games/{g}"), _token(w)),
        lambda w, r: _shows_share_link(r),
    ),
    "watch by link": (
        lambda w, c: c.get(_g(w, "/games/{g}/"), _token(w)),
        lambda w, c: c.get(_g(w, "/api/v1/games/{g}"), _token(w)),
        lambda w, r: r.status_code == 200,
    ),
    "see a finished game": (
        lambda w, c: c.get(_g(w, "/games/{g}/", w.finished)),
        lambda w, c: c.get(_g(w, "/api/v1/games/{g}", w.finished)),
        lambda w, r: r.status_code == 200,
    ),
}


def _b(w: World, path: str) -> str:
    assert w.binned is not None
    return path.replace("{b}", str(w.binned.public_id))


BIN_ACTIONS: dict[str, Action] = {
    "list the bin": (
        lambda w, c: c.get("/scenarios/mine/"),
        lambda w, c: c.get("/api/v1/bin/"),
        lambda w, r: r.status_code == 200 and "Binned plan" in r.content.decode(),
    ),
    "restore from the bin": (
        lambda w, c: c.post(_b(w, "/scenarios/bin/{b}/restore/")),
        lambda w, c: c.post(_b(w, "/api/v1/bin/{b}/restore")),
        lambda w, r: w.binned is not None and Scenario.objects.filter(pk=w.binned.pk).exists(),
    ),
    "purge from the bin": (
        lambda w, c: c.post(_b(w, "/scenarios/bin/{b}/purge/")),
        lambda w, c: c.delete(_b(w, "/api/v1/bin/{b}")),
        lambda w, r: (
            w.binned is not None and not Scenario.everything.filter(pk=w.binned.pk).exists()
        ),
    ),
}

# The actions whose refusal is an answer without what is refused (a page without the link),
# not a 404: the requester sees the page itself.
SHOWN = (
    "see its collaborators",
    "see the share link",
    "open its scenario",
    "list the bin",
    "read a hidden comment",
)


# --- The rows: every right of every rights value, and what exercises it ---------------------
# "table: action" for each field of each rights class of scenarios.access. A new field with no
# entry fails test_every_right_is_a_row, naming it.

RIGHT_ACTIONS: dict[str, tuple[str, ...]] = {
    "ScenarioRights.can_view": ("scenario: view", "scenario: see its versions"),
    "ScenarioRights.can_edit": ("scenario: edit",),
    "ScenarioRights.can_delete": ("scenario: delete",),
    "ScenarioRights.can_move": ("scenario: move to a library",),
    "ScenarioRights.can_share": ("scenario: change visibility",),
    "ScenarioRights.can_copy": ("scenario: copy",),
    "ScenarioRights.can_export": ("scenario: export",),
    "ScenarioRights.can_start_job": ("scenario: start a validation", "scenario: see their job"),
    "ScenarioRights.can_record_play": ("scenario: record a play",),
    "ScenarioRights.can_restore_version": ("scenario: restore a version",),
    "ScenarioRights.can_publish": (
        "scenario: change visibility",
        "scenario: move to a library",
    ),
    "ScenarioRights.can_open_library": ("scenario: open its library",),
    "LibraryRights.can_view": ("library: view",),
    "LibraryRights.can_edit": ("library: edit",),
    "LibraryRights.can_delete": ("library: delete",),
    "LibraryRights.can_share": ("library: change visibility",),
    "LibraryRights.can_manage_collaborators": (
        "library: add a collaborator",
        "library: add a collaborator named in capitals",
        "library: add an inactive account",
        "library: remove a collaborator",
    ),
    "LibraryRights.can_copy": ("library: copy",),
    "LibraryRights.can_export": ("library: export",),
    "LibraryRights.can_start_job": ("library: start its setup sheets",),
    "LibraryRights.can_see_collaborators": ("library: see its collaborators",),
    "LibraryRights.can_follow": ("library: follow",),
    "LibraryRights.can_add_scenarios": ("library: add one of their scenarios",),
    "PlayRights.can_edit": ("scenario: change the owner's play record",),
    "PlayRights.can_confirm": ("scenario: confirm the play naming the collaborator",),
    "GameRights.can_start": ("game: start a game",),
    "GameRights.can_play": ("game: draw",),
    "GameRights.can_undo": ("game: undo",),
    "GameRights.can_share": ("game: see the share link",),
    "GameRights.can_join": ("game: join by link",),
    "GameRights.can_see_scenario": ("game: open its scenario",),
    "CommunityRights.can_rate": ("scenario: rate",),
    "CommunityRights.can_comment": ("scenario: comment",),
    "CommunityRights.can_close_comments": ("scenario: close its comments",),
    "CommunityRights.can_moderate": ("comment: see the reported comments",),
    "CommentRights.can_read": ("comment: read a hidden comment",),
    "CommentRights.can_delete": ("comment: delete a comment",),
    "CommentRights.can_report": ("comment: report a comment",),
    "CommentRights.can_hide": ("comment: hide a comment",),
}
# The rows no rights field holds: who sees a job, a game and a bin is decided by what they
# may see (a job is its requester's, a game its player's or the link holder's, a bin its
# owner's).
SEEN_ACTIONS = (
    "scenario: see the owner's job",
    "game: watch by link",
    "game: see a finished game",
    "bin: list the bin",
    "bin: restore from the bin",
    "bin: purge from the bin",
)
TABLES: dict[str, dict[str, Action]] = {
    "scenario": SCENARIO_ACTIONS,
    "library": LIBRARY_ACTIONS,
    "game": GAME_ACTIONS,
    "bin": BIN_ACTIONS,
    "comment": COMMENT_ACTIONS,
}


def _rows(table: str) -> list[str]:
    """The actions of ``table`` the rights and the seen rows name, each once, in order."""
    named = [a for actions in RIGHT_ACTIONS.values() for a in actions] + list(SEEN_ACTIONS)
    rows = [a.split(": ", 1)[1] for a in named if a.startswith(f"{table}: ")]
    return list(dict.fromkeys(rows))


# --- What each one may do (the decisions, written out) ---------------------------------------


def _expected_scenario(action: str, actor: str, visibility: str) -> str:
    sees = actor in MEMBERS or visibility != "private"
    if action in ("view", "export", "see its versions"):
        return ALLOWED if sees else REFUSED
    if action == "open its library":
        # The library is private: its members open it, however public the scenario is.
        return ALLOWED if actor in MEMBERS else REFUSED
    if actor == "anonymous":
        return SIGN_IN
    if action in ("edit",):
        return ALLOWED if actor in MEMBERS else REFUSED
    if action in ("delete", "move to a library", "change visibility"):
        # The scenario's owner and the library's curator; collaborators edit only.
        return ALLOWED if actor in ("owner", "curator") else REFUSED
    if action in ("copy", "start a validation", "see their job", "record a play", "comment"):
        return ALLOWED if sees else REFUSED
    if action == "rate":
        # Nobody rates their own scenario.
        return ALLOWED if sees and actor != "owner" else REFUSED
    if action == "close its comments":
        return ALLOWED if actor in ("owner", "curator") else REFUSED
    if action == "restore a version":
        return ALLOWED if actor in MEMBERS else REFUSED
    if action == "change the owner's play record":
        return ALLOWED if actor == "owner" else REFUSED
    if action == "confirm the play naming the collaborator":
        return ALLOWED if actor == "collaborator" else REFUSED
    if action == "see the owner's job":
        return ALLOWED if actor == "owner" else REFUSED
    raise AssertionError(action)


def _expected_library(action: str, actor: str, visibility: str) -> str:
    sees = actor in MEMBERS or visibility != "private"
    if action in ("view", "export"):
        return ALLOWED if sees else REFUSED
    if action == "see its collaborators":
        # A public library's page names who made it, to anyone.
        return ALLOWED if actor in MEMBERS or visibility == "public" else REFUSED
    if actor == "anonymous":
        return SIGN_IN
    if action == "follow":
        # Only a listed library is followed, and not by its owner (the curator).
        return ALLOWED if visibility == "public" and actor != "curator" else REFUSED
    if action == "edit":
        return ALLOWED if actor in MEMBERS else REFUSED
    if action == "add an inactive account":
        return REFUSED
    if action == "add one of their scenarios":
        # Its owner and collaborators put scenarios in it (access.library_to_hold).
        return ALLOWED if actor in MEMBERS else REFUSED
    if action.startswith(("delete", "change", "add", "remove")):
        return ALLOWED if actor == "curator" else REFUSED
    if action == "copy":
        # "Copy to my account": the owner's it already is.
        return ALLOWED if sees and actor != "curator" else REFUSED
    if action == "start its setup sheets":
        return ALLOWED if sees else REFUSED
    raise AssertionError(action)


def _expected_game(action: str, actor: str, visibility: str) -> str:
    sees = actor in MEMBERS or visibility != "private"
    if action == "watch by link":
        return ALLOWED  # whoever holds the link, signed in or not
    if action == "open its scenario":
        # The game shows to whoever holds its link; its scenario's page only to who sees it.
        return ALLOWED if sees else REFUSED
    if action == "see a finished game":
        return ALLOWED if sees else REFUSED
    if action == "see the share link":
        return ALLOWED if actor == "owner" else REFUSED
    if actor == "anonymous":
        return SIGN_IN
    if action == "start a game":
        return ALLOWED if sees else REFUSED
    if action in ("draw", "undo"):
        return ALLOWED if actor == "owner" else REFUSED  # its players: the one who started it
    if action == "join by link":
        return ALLOWED  # any signed-in holder of the link while nobody has joined (the host: no-op)
    raise AssertionError(action)


def _expected_comment(action: str, actor: str, visibility: str) -> str:
    sees = actor in MEMBERS or visibility != "private"
    if action == "read a hidden comment":
        # Its author (the collaborator) and staff, where they see the scenario.
        return ALLOWED if sees and actor in ("collaborator", "staff") else REFUSED
    if actor == "anonymous":
        return SIGN_IN
    if action in ("hide a comment", "see the reported comments"):
        return ALLOWED if actor == "staff" else REFUSED
    if action == "delete a comment":
        # Its author, or the scenario's curator (its owner, the library's owner).
        return ALLOWED if actor in MEMBERS else REFUSED
    if action == "report a comment":
        # Anyone who sees it but its author; staff see a reported comment wherever it is.
        return ALLOWED if (sees or actor == "staff") and actor != "collaborator" else REFUSED
    raise AssertionError(action)


def _expected_bin(action: str, actor: str, visibility: str) -> str:
    if actor == "anonymous":
        return SIGN_IN
    return ALLOWED if actor == "owner" else REFUSED


def _sees(table: str, action: str, actor: str, visibility: str) -> bool:
    """Does ``actor`` see what ``action`` acts on (else a refusal is a 404 from both doors)?"""
    if action in (
        "see the share link",
        "list the bin",
        "watch by link",
        "join by link",
        "open its scenario",  # the game is seen by its link; only the link is refused
    ):
        return True
    if table == "bin":
        return actor == "owner"
    if table == "comment" and action == "see the reported comments":
        return True  # a page of its own: refused in words by the API
    if table == "comment" and action != "read a hidden comment" and actor == "staff":
        return True  # staff see a reported comment wherever it is
    if table == "game" and action in ("draw", "undo"):
        return actor == "owner"  # a game under way is its player's (or the link holder's)
    if (table, action) == ("scenario", "open its library"):
        return actor in MEMBERS
    return actor in MEMBERS or visibility != "private"


# --- The doors -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Answer:
    outcome: str
    status: int
    # What an export held: its scenarios' titles in order (None for other actions).
    held: tuple[str, ...] | None = None


def _held(response: Any) -> tuple[str, ...] | None:
    if "attachment" not in response.get("Content-Disposition", ""):
        return None
    body = _json(response)
    if not isinstance(body, dict):
        return None
    if "scenarios" in body:  # a Library document
        return tuple(s["scenario"]["title"] for s in body["scenarios"])
    if "scenario" in body:  # a Scenario document
        return (body["scenario"]["title"],)
    return None


def _page_outcome(w: World, response: Any, done: bool, shown: bool) -> Answer:
    location = response.get("Location", "")
    if response.status_code == 302 and location.startswith("/accounts/login/"):
        return Answer(SIGN_IN, 302)
    if done:
        assert response.status_code in (200, 302), response.status_code
        return Answer(ALLOWED, response.status_code, _held(response))
    # A page refuses with 404, or does something else instead (a copy, a message); a page
    # the requester sees shows it without what is refused.
    assert response.status_code in ((200, 404) if shown else (302, 404)), response.status_code
    return Answer(REFUSED, response.status_code)


def _api_outcome(w: World, response: Any, done: bool, shown: bool) -> Answer:
    if response.status_code == 401:
        return Answer(SIGN_IN, 401)
    if done:
        assert response.status_code in (200, 201, 202, 204), response.content
        return Answer(ALLOWED, response.status_code, _held(response))
    if shown and response.status_code == 200:
        return Answer(REFUSED, 200)
    # 400: a name that cannot be a collaborator.
    assert response.status_code in (400, 403, 404), response.content
    assert response["Content-Type"].startswith("application/problem+json")
    return Answer(REFUSED, response.status_code)


def _through(
    door: str,
    actor: str,
    visibilities: tuple[str, str],
    action: Action,
    *,
    rooms: bool = False,
    talk: bool = False,
    shown: bool = False,
) -> Answer:
    """One door on a fresh world, rolled back afterwards (the next door finds it anew)."""
    page, api, effect = action
    with transaction.atomic():
        w = _world(actor, *visibilities)
        if rooms:
            _rooms(w)
        if talk:
            _talk(w)
        if door == "page":
            response = page(w, w.page())
            answer = _page_outcome(w, response, effect(w, response), shown)
        else:
            response = api(w, w.api())
            answer = _api_outcome(w, response, effect(w, response), shown)
        transaction.set_rollback(True)
    return answer


def _check(expected: str, page: Answer, api: Answer, sees: bool) -> None:
    assert (page.outcome, api.outcome) == (expected, expected)
    assert page.held == api.held
    if expected == REFUSED and not sees:
        # Whoever may not see it learns nothing: both doors answer 404.
        assert (page.status, api.status) == (404, 404)


def test_every_right_is_a_row() -> None:
    rights = [
        value
        for value in vars(access).values()
        if isinstance(value, type) and value.__name__.endswith("Rights")
    ]
    assert set(rights) == set(access.RIGHTS), "a rights class missing from access.RIGHTS"
    missing = [
        f"{cls.__name__}.{f.name}"
        for cls in access.RIGHTS
        for f in dataclasses.fields(cls)
        if f"{cls.__name__}.{f.name}" not in RIGHT_ACTIONS
    ]
    assert missing == [], "rights with no row in the matrix (RIGHT_ACTIONS): " + ", ".join(missing)
    for table, action in (row.split(": ", 1) for rows in RIGHT_ACTIONS.values() for row in rows):
        assert action in TABLES[table], f"{table}: {action} is no action"


@pytest.mark.parametrize("visibility", ["private", "public"])
@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("action", _rows("scenario"))
def test_scenario_rights_are_the_same_through_both_doors(
    action: str, actor: str, visibility: str
) -> None:
    # The library is private: what the stranger sees of the scenario is its own visibility.
    visibilities = (visibility, "private")
    shown = action in SHOWN
    page = _through("page", actor, visibilities, SCENARIO_ACTIONS[action], shown=shown)
    api = _through("api", actor, visibilities, SCENARIO_ACTIONS[action], shown=shown)
    sees = _sees("scenario", action, actor, visibility)
    _check(_expected_scenario(action, actor, visibility), page, api, sees)


@pytest.mark.parametrize("visibility", ["private", "public"])
@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("action", _rows("library"))
def test_library_rights_are_the_same_through_both_doors(
    action: str, actor: str, visibility: str
) -> None:
    # The scenario in it is public: a stranger who sees the library has something to copy.
    visibilities = ("public", visibility)
    shown = action in SHOWN
    page = _through("page", actor, visibilities, LIBRARY_ACTIONS[action], shown=shown)
    api = _through("api", actor, visibilities, LIBRARY_ACTIONS[action], shown=shown)
    _check(
        _expected_library(action, actor, visibility),
        page,
        api,
        _sees("library", action, actor, visibility),
    )


@pytest.mark.parametrize("visibility", ["private", "public"])
@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("action", _rows("game"))
def test_game_rights_are_the_same_through_both_doors(
    action: str, actor: str, visibility: str
) -> None:
    # The games' scenario is as visible as the world's, in the private library.
    visibilities = (visibility, "private")
    shown = action in SHOWN
    page = _through("page", actor, visibilities, GAME_ACTIONS[action], rooms=True, shown=shown)
    api = _through("api", actor, visibilities, GAME_ACTIONS[action], rooms=True, shown=shown)
    _check(
        _expected_game(action, actor, visibility),
        page,
        api,
        _sees("game", action, actor, visibility),
    )


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("action", _rows("bin"))
def test_bin_rights_are_the_same_through_both_doors(action: str, actor: str) -> None:
    visibilities = ("private", "private")
    shown = action in SHOWN
    page = _through("page", actor, visibilities, BIN_ACTIONS[action], rooms=True, shown=shown)
    api = _through("api", actor, visibilities, BIN_ACTIONS[action], rooms=True, shown=shown)
    _check(_expected_bin(action, actor, "private"), page, api, _sees("bin", action, actor, ""))


@pytest.mark.parametrize("visibility", ["private", "public"])
@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("action", _rows("comment"))
def test_comment_rights_are_the_same_through_both_doors(
    action: str, actor: str, visibility: str
) -> None:
    # The comments' scenario is as visible as the world's, in the private library.
    visibilities = (visibility, "private")
    shown = action in SHOWN
    page = _through("page", actor, visibilities, COMMENT_ACTIONS[action], talk=True, shown=shown)
    api = _through("api", actor, visibilities, COMMENT_ACTIONS[action], talk=True, shown=shown)
    _check(
        _expected_comment(action, actor, visibility),
        page,
        api,
        _sees("comment", action, actor, visibility),
    )


# --- What the pages offer: a link or button is shown exactly when its right is held ----------
# Each action's marker in the page's HTML ({s}: the scenario's path, {l}: the library's). A
# page the actor may not open is not asked (its refusal is tested above).

SCENARIO_PAGE_OFFERS = {
    "edit": 'href="{s}edit/"',
    "delete": 'href="{s}delete/"',
    "copy": 'action="{s}copy/"',
    "export": 'href="{s}export/"',
    "see its versions": 'href="{s}versions/"',
    "start a validation": 'action="{s}jobs/validate/"',
    "record a play": 'href="{s}plays/new/"',
    "change the owner's play record": 'href="/plays/{play}/edit/"',
    "confirm the play naming the collaborator": 'action="/plays/{named}/confirm/"',
    "move to a library": "Put in this library",
    "open its library": 'href="/libraries/{lib}/"',
    "rate": 'action="{s}rating/"',
    "comment": 'action="{s}comments/"',
    "close its comments": 'action="{s}comments/open/"',
}
DESIGNER_OFFERS = {
    "delete": 'href="{s}delete/"',
    "copy": 'action="{s}copy/"',
    "change visibility": 'name="visibility"',
    "move to a library": 'name="library"',
}
VERSIONS_OFFERS = {"restore a version": 'action="{s}versions/1/restore/"'}
LIBRARY_PAGE_OFFERS = {
    "edit": 'href="{l}edit/"',
    "delete": 'href="{l}delete/"',
    "copy": 'action="{l}copy/"',
    "export": 'href="{l}export/"',
    "start its setup sheets": 'action="{l}jobs/pdf/"',
    "add a collaborator": 'action="{l}collaborators/"',
    "remove a collaborator": 'action="{l}collaborators/{collaborator}/remove/"',
    "follow": 'action="{l}follow/"',
}
LIBRARY_FORM_OFFERS = {"change visibility": 'name="visibility"'}


def _offered(html: str, offers: dict[str, str], **names: Any) -> dict[str, bool]:
    return {action: marker.format(**names) in html for action, marker in offers.items()}


def _allowed(expected: Callable[[str, str, str], str], offers: dict[str, str], *args: str) -> dict:
    return {action: expected(action, *args) == ALLOWED for action in offers}


@pytest.mark.parametrize("visibility", ["private", "public"])
@pytest.mark.parametrize("actor", ACTORS)
def test_the_scenario_pages_offer_an_action_exactly_when_the_right_is_held(
    actor: str, visibility: str
) -> None:
    w = _world(actor, visibility, "private")
    _renamed(w)
    names = {
        "s": f"/scenarios/{w.scenario.public_id}/",
        "play": _owners_play(w).public_id,
        "named": _named_play(w).public_id,
        "lib": w.library.public_id,
    }
    client = w.page()
    page = client.get(names["s"])
    if _expected_scenario("view", actor, visibility) != ALLOWED:
        assert page.status_code == 404
        return
    html = page.content.decode()
    assert _offered(html, SCENARIO_PAGE_OFFERS, **names) == _allowed(
        _expected_scenario, SCENARIO_PAGE_OFFERS, actor, visibility
    )
    versions = client.get(f"{names['s']}versions/").content.decode()
    assert _offered(versions, VERSIONS_OFFERS, **names) == _allowed(
        _expected_scenario, VERSIONS_OFFERS, actor, visibility
    )
    designer = client.get(f"{names['s']}edit/")
    if _expected_scenario("edit", actor, visibility) != ALLOWED:
        assert designer.status_code in (302, 404)
        return
    assert _offered(designer.content.decode(), DESIGNER_OFFERS, **names) == _allowed(
        _expected_scenario, DESIGNER_OFFERS, actor, visibility
    )


@pytest.mark.parametrize("visibility", ["private", "public"])
@pytest.mark.parametrize("actor", ACTORS)
def test_the_library_pages_offer_an_action_exactly_when_the_right_is_held(
    actor: str, visibility: str
) -> None:
    w = _world(actor, "public", visibility)
    names = {
        "l": f"/libraries/{w.library.public_id}/",
        "collaborator": w.users["collaborator"].pk,
    }
    client = w.page()
    page = client.get(names["l"])
    if _expected_library("view", actor, visibility) != ALLOWED:
        assert page.status_code == 404
        return
    html = page.content.decode()
    assert _offered(html, LIBRARY_PAGE_OFFERS, **names) == _allowed(
        _expected_library, LIBRARY_PAGE_OFFERS, actor, visibility
    )
    # The collaborators are named to the library's members, and to anyone while it is public.
    assert ("veteran" in html) == (actor in MEMBERS or visibility == "public")
    form = client.get(f"{names['l']}edit/")
    if _expected_library("edit", actor, visibility) != ALLOWED:
        assert form.status_code in (302, 404)
        return
    assert _offered(form.content.decode(), LIBRARY_FORM_OFFERS, **names) == _allowed(
        _expected_library, LIBRARY_FORM_OFFERS, actor, visibility
    )
