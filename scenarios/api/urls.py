"""Scenario and library API under /api/v1/ (scenarios.api.scenarios, .libraries, …)."""

from django.urls import path

from scenarios.api import (
    account,
    bin,
    community,
    games,
    generate,
    jobs,
    libraries,
    plays,
    scenarios,
    sheets,
    shelf,
    versions,
)

app_name = "scenarios-api"
urlpatterns = [
    path("schemas/scenario.json", scenarios.ScenarioSchemaApi.as_view(), name="scenario-schema"),
    path("schemas/library.json", libraries.LibrarySchemaApi.as_view(), name="library-schema"),
    path("scenarios/", scenarios.ScenarioListCreateApi.as_view(), name="scenarios"),
    path("scenarios/import", scenarios.ScenarioImportApi.as_view(), name="scenario-import"),
    path("scenarios/generate", generate.ScenarioGenerateApi.as_view(), name="scenario-generate"),
    path("scenarios/<uuid:id>/", scenarios.ScenarioDetailApi.as_view(), name="scenario-detail"),
    path("scenarios/<uuid:id>/fork", scenarios.ScenarioForkApi.as_view(), name="scenario-fork"),
    path(
        "scenarios/<uuid:id>/export", scenarios.ScenarioExportApi.as_view(), name="scenario-export"
    ),
    path("libraries/", libraries.LibraryListCreateApi.as_view(), name="libraries"),
    path("libraries/import", libraries.LibraryImportApi.as_view(), name="library-import"),
    path("libraries/<uuid:id>/", libraries.LibraryDetailApi.as_view(), name="library-detail"),
    path(
        "libraries/<uuid:id>/scenarios/",
        libraries.LibraryScenariosApi.as_view(),
        name="library-scenarios",
    ),
    path("libraries/<uuid:id>/fork", libraries.LibraryForkApi.as_view(), name="library-fork"),
    path("libraries/<uuid:id>/export", libraries.LibraryExportApi.as_view(), name="library-export"),
    path(
        "libraries/<uuid:id>/collaborators/",
        libraries.LibraryCollaboratorsApi.as_view(),
        name="library-collaborators",
    ),
    path(
        "libraries/<uuid:id>/collaborators/<str:username>",
        libraries.LibraryCollaboratorApi.as_view(),
        name="library-collaborator",
    ),
    # A printed setup sheet's verification (scenarios.api.sheets).
    path("sheets/<str:code>", sheets.SheetVerificationApi.as_view(), name="sheet-verify"),
    # Versions (scenarios.api.versions).
    path(
        "scenarios/<uuid:id>/versions/",
        versions.ScenarioVersionsApi.as_view(),
        name="scenario-versions",
    ),
    path(
        "scenarios/<uuid:id>/versions/<int:number>/",
        versions.ScenarioVersionApi.as_view(),
        name="scenario-version",
    ),
    path(
        "scenarios/<uuid:id>/versions/<int:number>/restore",
        versions.ScenarioVersionRestoreApi.as_view(),
        name="scenario-version-restore",
    ),
    # Play records (scenarios.api.plays).
    path("scenarios/<uuid:id>/plays/", plays.ScenarioPlaysApi.as_view(), name="scenario-plays"),
    path("plays/<uuid:id>", plays.PlayDetailApi.as_view(), name="play"),
    path("plays/<uuid:id>/confirm", plays.PlayConfirmApi.as_view(), name="play-confirm"),
    path("plays/<uuid:id>/reject", plays.PlayRejectApi.as_view(), name="play-reject"),
    # Games at the table (scenarios.api.games).
    path("scenarios/<uuid:id>/games", games.ScenarioGamesApi.as_view(), name="scenario-games"),
    path("games/<uuid:id>", games.GameDetailApi.as_view(), name="game"),
    path("games/<uuid:id>/draws", games.GameDrawsApi.as_view(), name="game-draws"),
    path("games/<uuid:id>/next-deck", games.GameNextDeckApi.as_view(), name="game-next-deck"),
    path("games/<uuid:id>/fog-lifted", games.GameFogLiftedApi.as_view(), name="game-fog-lifted"),
    path("games/<uuid:id>/undo", games.GameUndoApi.as_view(), name="game-undo"),
    path("games/<uuid:id>/join", games.GameJoinApi.as_view(), name="game-join"),
    path("games/<uuid:id>/finish", games.GameFinishApi.as_view(), name="game-finish"),
    # Ratings and comments (scenarios.api.community).
    path(
        "scenarios/<uuid:id>/rating",
        community.ScenarioRatingApi.as_view(),
        name="scenario-rating",
    ),
    path(
        "scenarios/<uuid:id>/comments",
        community.ScenarioCommentsApi.as_view(),
        name="scenario-comments",
    ),
    path(
        "scenarios/<uuid:id>/comments/open",
        community.ScenarioCommentsOpenApi.as_view(),
        name="scenario-comments-open",
    ),
    path("comments/reported", community.ReportedCommentsApi.as_view(), name="comments-reported"),
    path("comments/<uuid:id>", community.CommentApi.as_view(), name="comment"),
    path("comments/<uuid:id>/report", community.CommentReportApi.as_view(), name="comment-report"),
    path(
        "comments/<uuid:id>/hide",
        community.CommentModerateApi.as_view(hide=True),
        name="comment-hide",
    ),
    path(
        "comments/<uuid:id>/keep",
        community.CommentModerateApi.as_view(hide=False),
        name="comment-keep",
    ),
    # Background jobs (scenarios.api.jobs).
    path(
        "scenarios/<uuid:id>/validate", jobs.ScenarioValidateApi.as_view(), name="scenario-validate"
    ),
    path(
        "scenarios/<uuid:id>/simulate", jobs.ScenarioSimulateApi.as_view(), name="scenario-simulate"
    ),
    path("scenarios/<uuid:id>/pdf", jobs.ScenarioPdfApi.as_view(), name="scenario-pdf"),
    path("libraries/<uuid:id>/pdf", jobs.LibraryPdfApi.as_view(), name="library-pdf"),
    path("jobs/", jobs.JobListApi.as_view(), name="jobs"),
    path("jobs/<uuid:id>", jobs.JobDetailApi.as_view(), name="job"),
    path("jobs/<uuid:id>/file", jobs.JobFileApi.as_view(), name="job-file"),
    path("jobs/<uuid:id>/retry", jobs.JobRetryApi.as_view(), name="job-retry"),
    # The bin and the player's own data (scenarios.api.bin).
    path("bin/", bin.BinListApi.as_view(), name="bin"),
    path("bin/<uuid:id>", bin.BinItemApi.as_view(), name="bin-item"),
    path("bin/<uuid:id>/restore", bin.BinRestoreApi.as_view(), name="bin-restore"),
    path("me/export", account.MeExportApi.as_view(), name="me-export"),
    path("me/leave", account.MeLeaveApi.as_view(), name="me-leave"),
    path("me/owned", account.MeOwnedApi.as_view(), name="me-owned"),
    # Following libraries and the player pages (scenarios.api.shelf).
    path("libraries/<uuid:id>/follow", shelf.LibraryFollowApi.as_view(), name="library-follow"),
    path("me/following", shelf.MeFollowingApi.as_view(), name="me-following"),
    path("me/following/seen", shelf.MeFollowingSeenApi.as_view(), name="me-following-seen"),
    path("players/<str:username>", shelf.PlayerApi.as_view(), name="player"),
]
