"""Play records: the services (balance, one count per player and day, rate limit) and the pages."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from scenarios import selectors
from scenarios import services as scenario_services
from scenarios.models import Scenario
from scenarios.plays import presenters, services
from scenarios.plays import selectors as plays_selectors
from scenarios.plays.models import PlayRecord
from tests.factories import make_library, make_scenario, record_confirmed_play

pytestmark = pytest.mark.django_db

TODAY = datetime.date(2026, 11, 20)


def values(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "played_on": TODAY,
        "winner": "attacker",
        "ending": "time_limit",
        "early_end_cause": "",
        "decks_played": 3,
        "opponent": "",
        "notes": "",
    }
    return {**base, **changes}


def record(scenario: Scenario, player: Any, **changes: Any) -> PlayRecord:
    return services.play_create(scenario=scenario, player=player, values=values(**changes))


def counted(scenario: Scenario, player: Any, **changes: Any) -> PlayRecord:
    """A record its named opponent confirmed: one that counts in the balance."""
    return record_confirmed_play(scenario, player, values(**changes))


@pytest.fixture
def public_scenario(owner: Any) -> Scenario:
    return make_scenario(owner, "public", title="Hill 112")


def test_a_play_counts_in_the_scenario_balance(public_scenario: Scenario, stranger: Any) -> None:
    counted(public_scenario, stranger, winner="defender")
    public_scenario.refresh_from_db()
    assert (public_scenario.plays_attacker, public_scenario.plays_defender) == (0, 1)
    assert public_scenario.plays_counted == 1
    # 0-1: the interval holds 50 %, the share (0 %) is far from it.
    assert public_scenario.balance_verdict == "leans_defender"


def test_a_players_records_count_once_per_day(
    public_scenario: Scenario, owner: Any, stranger: Any
) -> None:
    # Ballot stuffing: five attacker wins on one day by one player count once, and the
    # latest record of that day is the one that counts.
    for _ in range(4):
        counted(public_scenario, stranger, winner="attacker")
    counted(public_scenario, stranger, winner="draw")
    public_scenario.refresh_from_db()
    assert (public_scenario.plays_attacker, public_scenario.plays_draw) == (0, 1)
    # Another day, or another player, counts again.
    counted(public_scenario, stranger, winner="attacker", played_on=TODAY - datetime.timedelta(1))
    counted(public_scenario, owner, winner="attacker")
    public_scenario.refresh_from_db()
    assert (public_scenario.plays_attacker, public_scenario.plays_draw) == (2, 1)
    assert public_scenario.plays_counted == 3
    assert PlayRecord.objects.filter(scenario=public_scenario).count() == 7


def test_the_verdict_follows_the_wilson_interval(
    public_scenario: Scenario, django_user_model: Any
) -> None:
    # Nine players, one play each: the attacker wins all nine: interval (0.70, 1.0).
    for n in range(9):
        player = django_user_model.objects.create_user(f"player{n}", password="x")
        counted(public_scenario, player, winner="attacker")
    public_scenario.refresh_from_db()
    assert public_scenario.balance_verdict == "favours_attacker"


def test_a_new_play_does_not_change_the_scenario_itself(
    public_scenario: Scenario, stranger: Any
) -> None:
    before = Scenario.objects.get(pk=public_scenario.pk).updated_at
    record(public_scenario, stranger)
    assert Scenario.objects.get(pk=public_scenario.pk).updated_at == before


def test_deleting_and_changing_a_record_recount_the_balance(
    public_scenario: Scenario, stranger: Any
) -> None:
    play = counted(public_scenario, stranger, winner="attacker")
    services.play_update(record=play, values={"winner": "defender"})
    public_scenario.refresh_from_db()
    # The opponent confirmed an attacker win, not this: the record waits for them again.
    assert play.confirmation == "awaiting"
    assert (public_scenario.plays_attacker, public_scenario.plays_defender) == (0, 0)
    assert public_scenario.plays_counted == 1
    services.play_answer(record=play, confirm=True)
    public_scenario.refresh_from_db()
    assert (public_scenario.plays_attacker, public_scenario.plays_defender) == (0, 1)
    # A change of the notes alone is no new game: it stays confirmed.
    services.play_update(record=play, values={"notes": "Close."})
    assert play.confirmation == "confirmed"
    services.play_delete(record=play)
    public_scenario.refresh_from_db()
    assert public_scenario.plays_counted == 0


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"ending": "early_end", "early_end_cause": ""}, "early_end_cause", "52.4"),
        ({"ending": "time_limit", "early_end_cause": "sandstorm"}, "early_end_cause", "early"),
        ({"played_on": TODAY + datetime.timedelta(days=400)}, "played_on", "future"),
        ({"decks_played": 0}, "decks_played", "1 to 20"),
        ({"winner": "axis"}, "winner", "attacker"),
    ],
)
def test_faulty_records_name_their_field_and_write_nothing(
    public_scenario: Scenario, stranger: Any, changes: dict[str, Any], field: str, words: str
) -> None:
    with pytest.raises(services.PlayInputError) as caught:
        record(public_scenario, stranger, **changes)
    assert field in caught.value.errors
    assert words in caught.value.errors[field]
    assert not PlayRecord.objects.exists()


def test_an_early_end_keeps_its_cause_and_a_new_ending_clears_it(
    public_scenario: Scenario, stranger: Any
) -> None:
    play = record(public_scenario, stranger, ending="early_end", early_end_cause="sandstorm")
    assert play.early_end_cause == "sandstorm"
    services.play_update(record=play, values={"ending": "victory_condition"})
    play.refresh_from_db()
    assert (play.ending, play.early_end_cause) == ("victory_condition", "")


def test_an_opponent_with_an_account_is_linked_and_any_other_name_kept(
    public_scenario: Scenario, owner: Any, stranger: Any
) -> None:
    linked = record(public_scenario, stranger, opponent="OWNER")
    assert linked.opponent == owner and linked.opponent_label == "owner"
    named = record(public_scenario, stranger, opponent="Uncle Bob")
    assert named.opponent is None and named.opponent_label == "Uncle Bob"
    with pytest.raises(services.PlayInputError) as caught:
        record(public_scenario, stranger, opponent="stranger")
    assert "opponent" in caught.value.errors


def test_the_hourly_allowance_is_shared_and_says_how_long_to_wait(
    public_scenario: Scenario, stranger: Any, owner: Any, settings: Any
) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "plays": "2/hour",
        },
    }
    record(public_scenario, stranger)
    record(public_scenario, stranger)
    with pytest.raises(services.PlayRateLimited) as caught:
        record(public_scenario, stranger)
    assert 1 <= caught.value.wait <= 3601
    record(public_scenario, owner)  # another player's allowance is their own
    # An hour later the allowance is back.
    PlayRecord.objects.filter(player=stranger).update(
        created_at=timezone.now() - datetime.timedelta(hours=1, minutes=1)
    )
    record(public_scenario, stranger)


# --- Pages -------------------------------------------------------------------------------------


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_scenario_page_shows_the_record_and_the_verdict_in_both_languages(
    public_scenario: Scenario, stranger: Any, django_user_model: Any
) -> None:
    for n in range(5):
        player = django_user_model.objects.create_user(f"p{n}", password="x")
        counted(public_scenario, player, winner="attacker" if n < 3 else "defender", notes="<b>")
    url = reverse("scenarios:detail", kwargs={"public_id": public_scenario.public_id})
    page = Client().get(url).content.decode()
    assert "Balanced so far" in page
    assert "Attacker won 3 times (American)" in page
    assert "defender won 2 times (German)" in page
    assert "60.0% of decisive plays" in page
    assert "&lt;b&gt;" in page and "<b>" not in page.split('id="plays"')[1]
    assert "Sign in to record a play" in page
    with translation.override("it"):
        page = Client().get(url, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Equilibrato finora" in page
    assert "Balanced so far" not in page


def test_recording_a_play_through_the_page(public_scenario: Scenario, stranger: Any) -> None:
    client = signed_in(stranger)
    url = reverse("scenarios:play_new", kwargs={"public_id": public_scenario.public_id})
    form = client.get(url).content.decode()
    assert "Attacker (American)" in form and "Defender (German)" in form
    response = client.post(
        url,
        {
            "played_on": "",
            "winner": "defender",
            "ending": "early_end",
            "early_end_cause": "",
            "decks_played": "2",
            "opponent": "Uncle Bob",
            "notes": "A close one.",
        },
    )
    # The early end lacks its cause: the form comes back with what was typed and the rule.
    assert response.status_code == 400
    body = response.content.decode()
    # Every fault at once: the missing date and the missing cause.
    assert "An early end needs its cause" in body and "This field is required." in body
    assert 'value="Uncle Bob"' in body and "A close one." in body
    assert not PlayRecord.objects.exists()
    response = client.post(
        url,
        {
            "played_on": "2026-11-20",
            "winner": "defender",
            "ending": "early_end",
            "early_end_cause": "sandstorm",
            "decks_played": "2",
            "opponent": "Uncle Bob",
            "side": "attacker",
            "notes": "A close one.",
        },
    )
    assert response.status_code == 302
    play = PlayRecord.objects.get()
    assert (play.player, play.winner, play.early_end_cause) == (stranger, "defender", "sandstorm")
    page = client.get(response["Location"]).content.decode()
    assert "Sandstorm (52.4)" in page
    # Who played which side, with its nation, and that nobody can confirm Uncle Bob's side.
    # The player's name links to their page.
    assert (
        'Uncle Bob (German) beat <a href="/players/stranger/" class="member">stranger</a>'
        " (American)" in page
    )
    assert "ended early: Sandstorm (52.4), 2 decks" in page
    assert "The recorder&#x27;s word alone" in page


def test_only_the_player_who_recorded_a_play_edits_or_deletes_it(
    public_scenario: Scenario, stranger: Any, owner: Any
) -> None:
    play = record(public_scenario, stranger)
    edit = reverse("scenarios:play_edit", kwargs={"play_id": play.public_id})
    delete = reverse("scenarios:play_delete", kwargs={"play_id": play.public_id})
    # The scenario's owner sees the record but may not change it.
    assert signed_in(owner).get(edit).status_code == 404
    assert signed_in(owner).post(delete).status_code == 404
    detail = reverse("scenarios:detail", kwargs={"public_id": public_scenario.public_id})
    assert edit not in signed_in(owner).get(detail).content.decode()
    assert edit in signed_in(stranger).get(detail).content.decode()
    assert signed_in(stranger).post(delete).status_code == 302
    assert not PlayRecord.objects.exists()


def test_a_private_scenario_and_its_records_are_hidden_from_strangers(
    owner: Any, stranger: Any
) -> None:
    private = make_scenario(owner, "private")
    play = record(private, owner)
    new = reverse("scenarios:play_new", kwargs={"public_id": private.public_id})
    edit = reverse("scenarios:play_edit", kwargs={"play_id": play.public_id})
    assert signed_in(stranger).get(new).status_code == 404
    assert signed_in(stranger).get(edit).status_code == 404
    assert Client().get(new).status_code == 302  # to the sign-in page


def test_the_library_page_shows_each_scenarios_record(owner: Any, stranger: Any) -> None:
    library = make_library(owner, "public")
    scenario = make_scenario(owner, "public", library=library, title="Bridge")
    counted(scenario, stranger, winner="attacker")
    counted(scenario, owner, winner="draw")
    page = Client().get(reverse("scenarios:library", kwargs={"public_id": library.public_id}))
    body = page.content.decode()
    assert "attacker 1 win" in body and "1 draw" in body
    assert "Leans to the attacker — too few plays to be sure" in body


def test_the_public_list_sorts_by_plays_and_filters_by_verdict(
    owner: Any, django_user_model: Any
) -> None:
    quiet = make_scenario(owner, "public", title="Quiet sector")
    busy = make_scenario(owner, "public", title="Busy crossroads")
    for n in range(6):
        player = django_user_model.objects.create_user(f"q{n}", password="x")
        counted(busy, player, winner="attacker" if n % 2 else "defender")
    browse = reverse("scenarios:browse")
    body = Client().get(browse, {"sort": "most_played"}).content.decode()
    assert body.index("Busy crossroads") < body.index("Quiet sector")
    assert "6 plays" in body
    body = Client().get(browse, {"balance": "balanced"}).content.decode()
    assert "Busy crossroads" in body and "Quiet sector" not in body
    assert quiet.plays_counted == 0


# --- Feeds -------------------------------------------------------------------------------------


def test_a_public_librarys_plays_feed_lists_new_records_escaped(owner: Any, stranger: Any) -> None:
    library = make_library(owner, "public")
    scenario = make_scenario(owner, "public", library=library, title="Bridge <at> dawn")
    # A private scenario in a public library is public (the library shares what it holds);
    # one of another, private library is not in this feed.
    shared = make_scenario(owner, "private", library=library, title="Shared plan")
    hidden = make_scenario(
        owner, "private", library=make_library(owner, "private"), title="Secret plan"
    )
    record(scenario, stranger, winner="defender", notes="<script>x</script>")
    record(hidden, owner, winner="attacker")
    record(shared, owner, winner="attacker")
    rss = reverse("feed-library-plays-rss", kwargs={"public_id": library.public_id})
    atom = reverse("feed-library-plays-atom", kwargs={"public_id": library.public_id})
    body = Client().get(rss).content.decode()
    assert "Bridge &amp;lt;at&amp;gt; dawn: Defender" in body
    assert "Secret plan" not in body  # only this library's listed scenarios are published
    assert "Shared plan: Attacker" in body
    assert "<script>" not in body
    assert f"{scenario.public_id}/#plays" in body
    body = Client().get(atom).content.decode()
    assert "Bridge &lt;at&gt; dawn: Defender" in body
    # A new record shows at once (the cached feed is dropped).
    record(scenario, owner, winner="draw")
    assert "Bridge &lt;at&gt; dawn: Draw" in Client().get(atom).content.decode()


def test_a_private_or_unlisted_library_has_no_plays_feed(owner: Any) -> None:
    for visibility in ("private", "unlisted"):
        library = make_library(owner, visibility)
        url = reverse("feed-library-plays-rss", kwargs={"public_id": library.public_id})
        assert Client().get(url).status_code == 404


def test_the_home_page_leads_to_the_products_tasks_and_the_most_played(
    owner: Any, stranger: Any
) -> None:
    played = make_scenario(owner, "public", title="Often played")
    make_scenario(owner, "public", title="Never played")
    hidden = make_scenario(owner, "private", title="Private and played")
    record(played, stranger)
    record(hidden, owner)
    body = Client().get("/").content.decode()
    assert 'href="/scenarios/new/"' in body and "Design a scenario" in body
    assert 'href="/scenarios/"' in body and "Print a setup sheet" in body
    assert 'href="/scenarios/roll/"' in body and "Roll a scenario" in body
    most_played = body.split("Most played")[1]
    assert "Often played" in most_played and "1 play" in most_played
    assert "Never played" not in body and "Private and played" not in body
    with translation.override("it"):
        body = Client().get("/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Progetta uno scenario" in body and "I più giocati" in body
    assert "Genera uno scenario" in body and "La regola 43 estrae uno scenario intero" in body


def test_a_public_librarys_page_links_its_plays_feeds(owner: Any) -> None:
    public = make_library(owner, "public")
    body = Client().get(reverse("scenarios:library", kwargs={"public_id": public.public_id}))
    rss = reverse("feed-library-plays-rss", kwargs={"public_id": public.public_id})
    html = body.content.decode()
    assert '<link rel="alternate" type="application/rss+xml"' in html and rss in html
    assert "Follow the plays recorded of its scenarios:" in html
    unlisted = make_library(owner, "unlisted")
    body = Client().get(reverse("scenarios:library", kwargs={"public_id": unlisted.public_id}))
    assert "plays/rss" not in body.content.decode()


def test_the_plays_are_read_by_selectors_and_only_rendered_by_the_presenter(
    public_scenario: Scenario, owner: Any, stranger: Any, django_assert_num_queries: Any
) -> None:
    counted(public_scenario, stranger, winner="defender")
    counted(public_scenario, owner, winner="attacker", ending="early_end", early_end_cause="other")
    public_scenario.refresh_from_db()
    # The right to edit a record is the selectors' (the recorder's), seen by each viewer.
    mine = plays_selectors.scenario_plays(public_scenario, stranger)
    assert [(row.record.player, row.rights.can_edit) for row in mine.recent] == [
        (owner, False),  # the latest recorded first
        (stranger, True),
    ]
    assert mine.total == 2 and (mine.balance.attacker, mine.balance.defender) == (1, 1)
    anonymous = plays_selectors.scenario_plays(public_scenario, None)
    assert [row.rights.can_edit for row in anonymous.recent] == [False, False]
    assert plays_selectors.recorded_early_ends(public_scenario) == {
        "plays": 2,
        "by_cause": {"other": 1},
    }
    presenters.side_names(public_scenario)  # the names are built once per data revision
    with django_assert_num_queries(0):
        shown = presenters.plays_context(public_scenario, mine, can_record=True)
    assert shown["plays_total"] == 2 and shown["can_record_play"] is True
    assert shown["side_names"] == {"attacker": "American", "defender": "German"}


def test_a_play_of_an_earlier_version_is_written_with_that_version_at_once(
    public_scenario: Scenario, stranger: Any
) -> None:
    # A game at the table hands the version it was played from: the insert writes it.
    earlier = public_scenario.version - 1
    played = services.play_create(
        scenario=public_scenario, player=stranger, values=values(), version=earlier
    )
    assert played.scenario_version == earlier
    assert PlayRecord.objects.get().scenario_version == earlier


def test_an_opponent_and_a_collaborator_are_found_by_one_rule(
    public_scenario: Scenario, owner: Any, stranger: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "The active account with this name" is selectors.active_user_named, for every door that
    # reads a typed name: the play record's opponent asks it as the library's collaborator does.
    asked: list[str] = []

    def found(name: str) -> Any:
        asked.append(name)
        return owner

    monkeypatch.setattr(selectors, "active_user_named", found)
    assert record(public_scenario, stranger, opponent="The Owner").opponent == owner
    library = make_library(stranger, "private")
    scenario_services.library_collaborator_add_named(library=library, username="Anyone")
    assert asked == ["The Owner", "Anyone"]
