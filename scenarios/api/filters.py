"""Query filters and pagination of the scenario and library lists.

They narrow what the selectors already allow (``scenarios.selectors.*_listed_for``); they
never widen it.
"""

from __future__ import annotations

from typing import Any

import django_filters
from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django_filters.rest_framework import DjangoFilterBackend
from rest_framework.pagination import PageNumberPagination

from scenarios import access, shelf
from scenarios.account.selectors import owned_products, scenarios_playable_with
from scenarios.filters import BASE_GAME_ONLY, SORTS, OwnFiltersFilterSet
from scenarios.models import VISIBILITY_CHOICES, Library, Scenario
from upfront import labels
from upfront.api.problems import InvalidInput
from upfront.api.strict import ListedValuesOnly
from upfront.rules import codes

OWNER_HELP = "`me` for your own, or a username"


class Pages(PageNumberPagination):
    """``?page=`` (from 1) and ``?page_size=`` (default 20, at most 100: larger is read as
    100). A page size that is not a whole number from 1 up is refused (400), not ignored:
    the schema declares an integer, and a typo must not quietly give 20."""

    page_size = 20
    page_size_query_param = "page_size"
    max_page_size = 100

    def get_page_size(self, request: Any) -> int | None:
        raw = request.query_params.get(self.page_size_query_param)
        if raw is not None and not (raw.isascii() and raw.isdigit() and int(raw) >= 1):
            message = _("Give a whole number from 1 to %(max)d.") % {"max": self.max_page_size}
            raise InvalidInput([{"path": self.page_size_query_param, "message": message}])
        return super().get_page_size(request)

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        """Both are whole numbers from 1 (a page size under 1 is refused, 400; a page under 1
        is no page, 404): the schema says so (``minimum``)."""
        parameters: list[dict[str, Any]] = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] in (self.page_query_param, self.page_size_query_param):
                parameter["schema"]["minimum"] = 1
        return parameters


class NamedFiltersBackend(DjangoFilterBackend):
    """DjangoFilterBackend, which makes no filterset for a query that names none of its
    filters (``?page=2``, or nothing): such a filterset's form is valid (no filter is
    required) and each of its filters hands the queryset back as it is, an empty value
    filtering nothing, and making the form and its fields is a fresh list's cost for nothing."""

    def filter_queryset(self, request: Any, queryset: QuerySet[Any], view: Any) -> QuerySet[Any]:
        filterset_class = self.get_filterset_class(view, queryset)
        if filterset_class is not None and not any(
            name in request.query_params for name in filterset_class.base_filters
        ):
            return queryset
        filtered: QuerySet[Any] = super().filter_queryset(request, queryset, view)
        return filtered


def _owner(queryset: QuerySet[Any], request: Any, value: str) -> QuerySet[Any]:
    if value == "me":
        uid = access.user_id(getattr(request, "user", None))
        if uid is None:
            return queryset.none()
        return queryset.filter(owner_id=uid)
    return queryset.filter(owner__username=value)


def _owned_asked(request: Any, value: bool | None) -> frozenset[str] | None:
    """What the requester owns when ``owned=true`` asks for it, else None: nothing is left
    out when it is not asked, or when they have not said what they own (or nobody is signed
    in). The scenarios' and the libraries' ``owned`` filters alike."""
    if not value:
        return None
    return owned_products(getattr(request, "user", None))


class ScenarioFilter(ListedValuesOnly, OwnFiltersFilterSet):
    # Its filters copied shallowly for each request (OwnFiltersFilterSet): deep copies are slow.
    visibility = django_filters.ChoiceFilter(choices=VISIBILITY_CHOICES)
    owner = django_filters.CharFilter(method="filter_owner", help_text=OWNER_HELP)
    nationality = django_filters.ChoiceFilter(
        choices=[(code, code) for code in codes.NATIONALITIES],
        method="filter_nationality",
        help_text="Either side's nationality",
    )
    theatre = django_filters.ChoiceFilter(choices=labels.choices(codes.THEATRES, labels.THEATRE))
    period = django_filters.ChoiceFilter(choices=[(code, code) for code in codes.PERIODS])
    terrain_deck = django_filters.ChoiceFilter(
        choices=[(code, code) for code in codes.TERRAIN_DECKS]
    )
    balance = django_filters.ChoiceFilter(
        field_name="balance_verdict",
        choices=[(code, code) for code in codes.BALANCE_VERDICTS],
        help_text="What its recorded plays say (`plays.verdict`)",
    )
    owned = django_filters.BooleanFilter(
        method="filter_owned",
        help_text="`true`: only the scenarios you can play with what you own "
        "(`GET /api/v1/me/owned`; the base game always). Nothing is left out when you have "
        "not said what you own, or are not signed in. The list page applies it by default "
        "once you have said; the API only when asked, so a script's answer does not change "
        "with your settings",
    )
    sort = django_filters.ChoiceFilter(
        choices=[
            ("newest", "newest"),
            ("most_played", "most_played"),
            ("best_rated", "best_rated"),
        ],
        method="filter_sort",
        help_text="`newest` (the default: newest change first), `most_played` (most "
        "counted plays first) or `best_rated` (highest damped average of its ratings first: "
        "(5 × 3 + the sum of its stars) / (5 + its number of ratings))",
    )

    class Meta:
        model = Scenario
        fields = [
            "visibility",
            "owner",
            "nationality",
            "theatre",
            "period",
            "terrain_deck",
            "balance",
            "owned",
            "sort",
        ]

    def filter_owned(self, queryset: QuerySet[Any], name: str, value: bool | None) -> QuerySet[Any]:
        products = _owned_asked(self.request, value)
        return queryset if products is None else scenarios_playable_with(queryset, products)

    def filter_sort(self, queryset: QuerySet[Any], name: str, value: str) -> QuerySet[Any]:
        return queryset.order_by(*SORTS[value])

    def filter_owner(self, queryset: QuerySet[Any], name: str, value: str) -> QuerySet[Any]:
        return _owner(queryset, self.request, value)

    def filter_nationality(self, queryset: QuerySet[Any], name: str, value: str) -> QuerySet[Any]:
        # The column holds "|american|german|" (see scenarios.models).
        return queryset.filter(nationalities__contains=f"|{value}|")


class LibraryFilter(ListedValuesOnly, OwnFiltersFilterSet):
    # As ScenarioFilter: its filters copied shallowly for each request (OwnFiltersFilterSet).
    visibility = django_filters.ChoiceFilter(choices=VISIBILITY_CHOICES)
    owner = django_filters.CharFilter(method="filter_owner", help_text=OWNER_HELP)
    q = django_filters.CharFilter(
        method="filter_q",
        max_length=shelf.MAX_SEARCH_LENGTH,
        help_text="Words in the title or the description, or the owner's exact username",
    )
    theatre = django_filters.ChoiceFilter(
        choices=labels.choices(codes.THEATRES, labels.THEATRE),
        method="filter_theatre",
        help_text="Holds a scenario set in this theatre",
    )
    expansion = django_filters.ChoiceFilter(
        choices=[(BASE_GAME_ONLY, BASE_GAME_ONLY), *((c, c) for c in codes.EXPANSIONS)],
        method="filter_expansion",
        help_text=f"Holds a scenario that needs this expansion (`{BASE_GAME_ONLY}`: none of its "
        "scenarios needs any)",
    )
    owned = django_filters.BooleanFilter(
        method="filter_owned",
        help_text="`true`: only the libraries holding a scenario you can play with what you "
        "own (`GET /api/v1/me/owned`; the base game always), as the scenarios' `owned`. "
        "Nothing is left out when you have not said what you own, or are not signed in. The "
        "libraries page applies it by default once you have said; the API only when asked",
    )
    sort = django_filters.ChoiceFilter(
        choices=[(key, key) for key in shelf.LIBRARY_SORTS],
        method="filter_sort",
        help_text="`recent` (the default: newest change first), `most_scenarios`, "
        "`most_played` (its scenarios' counted plays), `most_followed` or `best_rated` (the "
        "damped average of all its scenarios' ratings, as the scenarios' `best_rated`)",
    )

    class Meta:
        model = Library
        fields = ["visibility", "owner", "q", "theatre", "expansion", "owned", "sort"]

    def filter_owned(self, queryset: QuerySet[Any], name: str, value: bool | None) -> QuerySet[Any]:
        products = _owned_asked(self.request, value)
        return (
            queryset
            if products is None
            else shelf.libraries_matching(queryset, playable_with=products)
        )

    def filter_q(self, queryset: QuerySet[Any], name: str, value: str) -> QuerySet[Any]:
        return shelf.libraries_matching(queryset, query=value)

    def filter_theatre(self, queryset: QuerySet[Any], name: str, value: str) -> QuerySet[Any]:
        return shelf.libraries_matching(queryset, theatre=value)

    def filter_expansion(self, queryset: QuerySet[Any], name: str, value: str) -> QuerySet[Any]:
        return shelf.libraries_matching(queryset, expansion=value)

    def filter_sort(self, queryset: QuerySet[Any], name: str, value: str) -> QuerySet[Any]:
        return shelf.libraries_sorted(queryset, value)

    def filter_owner(self, queryset: QuerySet[Any], name: str, value: str) -> QuerySet[Any]:
        return _owner(queryset, self.request, value)
