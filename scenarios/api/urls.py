"""Scenario and library API under /api/v1/ (scenarios.api.views)."""

from django.urls import path

from scenarios.api import games, generate, jobs, plays, versions, views

app_name = "scenarios-api"
urlpatterns = [
    path("schemas/scenario.json", views.ScenarioSchemaApi.as_view(), name="scenario-schema"),
    path("schemas/library.json", views.LibrarySchemaApi.as_view(), name="library-schema"),
    path("scenarios/", views.ScenarioListCreateApi.as_view(), name="scenarios"),
    path("scenarios/import", views.ScenarioImportApi.as_view(), name="scenario-import"),
    path("scenarios/generate", generate.ScenarioGenerateApi.as_view(), name="scenario-generate"),
    path("scenarios/<uuid:id>/", views.ScenarioDetailApi.as_view(), name="scenario-detail"),
    path("scenarios/<uuid:id>/fork", views.ScenarioForkApi.as_view(), name="scenario-fork"),
    path("scenarios/<uuid:id>/export", views.ScenarioExportApi.as_view(), name="scenario-export"),
    path("libraries/", views.LibraryListCreateApi.as_view(), name="libraries"),
    path("libraries/import", views.LibraryImportApi.as_view(), name="library-import"),
    path("libraries/<uuid:id>/", views.LibraryDetailApi.as_view(), name="library-detail"),
    path(
        "libraries/<uuid:id>/scenarios/",
        views.LibraryScenariosApi.as_view(),
        name="library-scenarios",
    ),
    path("libraries/<uuid:id>/fork", views.LibraryForkApi.as_view(), name="library-fork"),
    path("libraries/<uuid:id>/export", views.LibraryExportApi.as_view(), name="library-export"),
    path(
        "libraries/<uuid:id>/collaborators/",
        views.LibraryCollaboratorsApi.as_view(),
        name="library-collaborators",
    ),
    path(
        "libraries/<uuid:id>/collaborators/<str:username>",
        views.LibraryCollaboratorApi.as_view(),
        name="library-collaborator",
    ),
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
    # Games at the table (scenarios.api.games).
    path("scenarios/<uuid:id>/games", games.ScenarioGamesApi.as_view(), name="scenario-games"),
    path("games/<uuid:id>", games.GameDetailApi.as_view(), name="game"),
    path("games/<uuid:id>/draws", games.GameDrawsApi.as_view(), name="game-draws"),
    path("games/<uuid:id>/next-deck", games.GameNextDeckApi.as_view(), name="game-next-deck"),
    path("games/<uuid:id>/finish", games.GameFinishApi.as_view(), name="game-finish"),
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
]
