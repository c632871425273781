"""The designer and the share pages: /scenarios/new/, /scenarios/<id>/, /libraries/...
(scenarios.views.designer, .scenarios, .libraries)."""

from django.urls import path

from scenarios.views import (
    account,
    bin,
    community,
    designer,
    games,
    imports,
    jobs,
    libraries,
    plays,
    revalidation,
    roll,
    roster,
    scenarios,
    shelf,
    side_builder,
    versions,
)

urlpatterns = [
    path("scenarios/new/", designer.scenario_new, name="new"),
    path("scenarios/roll/", roll.scenario_roll, name="roll"),
    path("scenarios/new/check/", designer.designer_check, name="designer_check"),
    path("scenarios/mine/", scenarios.my_scenarios, name="mine"),
    path("import/", imports.import_page, name="import"),
    path("import/confirm/", imports.import_confirm, name="import_confirm"),
    path("scenarios/bin/<uuid:public_id>/restore/", bin.bin_restore, name="bin_restore"),
    path("scenarios/bin/<uuid:public_id>/purge/", bin.bin_purge, name="bin_purge"),
    path("scenarios/bin/notices/dismiss/", bin.notices_dismiss, name="bin_notices_dismiss"),
    path("accounts/data/", account.account_data, name="account_data"),
    path("accounts/owned/", account.account_owned, name="account_owned"),
    path("accounts/data/export/", account.account_data_export, name="account_data_export"),
    path(
        "accounts/data/leaving/<uuid:public_id>/",
        account.account_leaving,
        name="account_leaving",
    ),
    path("scenarios/<uuid:public_id>/", scenarios.scenario_detail, name="detail"),
    path(
        "scenarios/<uuid:public_id>/sides/<int:side>/roster/",
        roster.side_roster,
        name="side_roster",
    ),
    # A builder's saved force, printed here: the builder imports nothing of scenarios.
    path("builder/forces/<int:pk>/roster/", roster.force_roster, name="force_roster"),
    path("scenarios/<uuid:public_id>/edit/", designer.scenario_edit, name="edit"),
    path(
        "scenarios/<uuid:public_id>/edit/check/",
        designer.designer_check,
        name="designer_check_edit",
    ),
    path("scenarios/<uuid:public_id>/copy/", scenarios.scenario_copy, name="copy"),
    path("scenarios/<uuid:public_id>/library/", scenarios.scenario_library, name="add_to_library"),
    path("scenarios/<uuid:public_id>/recheck/", scenarios.scenario_recheck, name="recheck"),
    path("scenarios/<uuid:public_id>/delete/", scenarios.scenario_delete, name="delete"),
    path("scenarios/<uuid:public_id>/export/", scenarios.scenario_export, name="export"),
    path("scenarios/<uuid:public_id>/versions/", versions.version_list, name="versions"),
    path(
        "scenarios/<uuid:public_id>/versions/compare/",
        versions.version_compare,
        name="version_compare",
    ),
    path(
        "scenarios/<uuid:public_id>/versions/<int:number>/",
        versions.version_detail,
        name="version",
    ),
    path(
        "scenarios/<uuid:public_id>/versions/<int:number>/restore/",
        versions.version_restore,
        name="version_restore",
    ),
    path("scenarios/<uuid:public_id>/plays/new/", plays.play_new, name="play_new"),
    path("scenarios/<uuid:public_id>/rating/", community.rating_set, name="rating"),
    path("scenarios/<uuid:public_id>/comments/", community.comment_new, name="comment_new"),
    path(
        "scenarios/<uuid:public_id>/comments/open/",
        community.comments_open,
        name="comments_open",
    ),
    path("comments/<uuid:comment_id>/delete/", community.comment_delete, name="comment_delete"),
    path("comments/<uuid:comment_id>/report/", community.comment_report, name="comment_report"),
    path("moderation/comments/", community.moderation, name="moderation"),
    path(
        "moderation/comments/<uuid:comment_id>/hide/", community.comment_hide, name="comment_hide"
    ),
    path(
        "moderation/comments/<uuid:comment_id>/keep/", community.comment_keep, name="comment_keep"
    ),
    path("plays/to-confirm/", plays.plays_to_confirm, name="plays_to_confirm"),
    path("plays/<uuid:play_id>/confirm/", plays.play_confirm, name="play_confirm"),
    path("plays/<uuid:play_id>/reject/", plays.play_reject, name="play_reject"),
    path("plays/<uuid:play_id>/edit/", plays.play_edit, name="play_edit"),
    path("plays/<uuid:play_id>/delete/", plays.play_delete, name="play_delete"),
    path("scenarios/<uuid:public_id>/games/new/", games.game_start, name="game_start"),
    path("games/<uuid:public_id>/", games.game_page, name="game"),
    path("games/<uuid:public_id>/draw/", games.game_draw, name="game_draw"),
    path("games/<uuid:public_id>/next-deck/", games.game_next_deck, name="game_next_deck"),
    path("games/<uuid:public_id>/fog-lifted/", games.game_fog_lifted, name="game_fog_lifted"),
    path("games/<uuid:public_id>/join/", games.game_join, name="game_join"),
    path("games/<uuid:public_id>/undo/", games.game_undo, name="game_undo"),
    path("games/<uuid:public_id>/finish/", games.game_finish, name="game_finish"),
    path("staff/revalidations/", revalidation.revalidation_list, name="revalidations"),
    path("libraries/mine/", shelf.library_mine, name="libraries_mine"),
    path("libraries/following/", shelf.following_page, name="following"),
    path("libraries/new/", libraries.library_new, name="library_new"),
    path("libraries/<uuid:public_id>/", libraries.library_detail, name="library"),
    path("libraries/<uuid:public_id>/edit/", libraries.library_edit, name="library_edit"),
    path("libraries/<uuid:public_id>/delete/", libraries.library_delete, name="library_delete"),
    path(
        "libraries/<uuid:public_id>/add-scenario/",
        libraries.library_add_scenario,
        name="library_add_scenario",
    ),
    path("libraries/<uuid:public_id>/copy/", libraries.library_copy, name="library_copy"),
    path("libraries/<uuid:public_id>/export/", libraries.library_export, name="library_export"),
    path("libraries/<uuid:public_id>/follow/", shelf.library_follow, name="library_follow"),
    path("libraries/<uuid:public_id>/unfollow/", shelf.library_unfollow, name="library_unfollow"),
    path(
        "libraries/<uuid:public_id>/collaborators/",
        libraries.library_collaborator_add,
        name="library_collaborator_add",
    ),
    path(
        "libraries/<uuid:public_id>/collaborators/<int:user_id>/remove/",
        libraries.library_collaborator_remove,
        name="library_collaborator_remove",
    ),
    # One side of a scenario in the builder, saved back into the scenario (under /builder/, the
    # page the player is on; the builder's own routes come first and match none of these).
    path(
        "builder/scenario/<uuid:public_id>/<str:role>/",
        side_builder.side_builder,
        name="side_builder",
    ),
    path(
        "builder/scenario/<uuid:public_id>/<str:role>/save/",
        side_builder.side_builder_save,
        name="side_builder_save",
    ),
    # Background jobs (scenarios.scenarios.jobs).
    path(
        "scenarios/<uuid:public_id>/jobs/<str:kind>/",
        jobs.scenario_job_start,
        name="scenario_job_start",
    ),
    path("libraries/<uuid:public_id>/jobs/pdf/", jobs.library_job_start, name="library_job_start"),
    path("jobs/", jobs.job_list, name="jobs"),
    path("jobs/<uuid:public_id>/", jobs.job_detail, name="job"),
    path("jobs/<uuid:public_id>/status/", jobs.job_status, name="job_status"),
    path("jobs/<uuid:public_id>/retry/", jobs.job_retry, name="job_retry"),
    path("jobs/<uuid:public_id>/file/", jobs.job_file, name="job_file"),
]
