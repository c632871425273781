"""Filters of the public scenario list (django-filter), over ``selectors.scenarios_listed()``.

The filter columns are derived from each scenario's document when it is saved
(``services.scenario_columns``): nationalities, weather and expansions are stored as
``"|a|b|"`` so a ``LIKE '%|code|%'`` finds one code on every database. Choices and their
labels come from the code sets (``upfront.rules.codes``) with the words of ``upfront.labels``
and the reference data's own names (``upfront.reference.selectors.reference_names``), in the
active language.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

import django_filters
from django import forms
from django.db.models import QuerySet
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _

from scenarios.account.selectors import scenarios_playable_with
from scenarios.models import Scenario
from scenarios.search import MAX_QUERY_LENGTH, scenarios_search
from scenarios.widgets import PlainNumberInput, PlainSelect, PlainTextInput
from upfront import labels
from upfront.reference.selectors import reference_names
from upfront.rules import codes

# --- choices (callables: evaluated per form, in the request's language) ---------------------


def nationality_choices() -> list[tuple[str, str]]:
    names = reference_names().nationalities
    return [(code, names.get(code, code)) for code in codes.NATIONALITIES]


def period_choices() -> list[tuple[str, str]]:
    return [(code, labels.period_label(code)) for code in codes.PERIODS]


def terrain_deck_choices() -> list[tuple[str, str]]:
    names = reference_names().terrain_decks
    return [(code, names.get(code, code)) for code in codes.TERRAIN_DECKS]


def weather_choices() -> list[tuple[str, str]]:
    return list(reference_names().weather.items())


BASE_GAME_ONLY = "none"


def expansion_choices() -> list[tuple[str, Any]]:
    return [
        (BASE_GAME_ONLY, _("Base game only")),
        *labels.choices(codes.EXPANSIONS, labels.EXPANSION),
    ]


# "Playable with what I own": offered to a player who has said what they own,
# on unless the address says otherwise (/scenarios/ and /libraries/).
PLAYABLE_ON, PLAYABLE_OFF = "yes", "no"


def playable_by_default(query: QueryDict, owned: frozenset[str] | None) -> QueryDict | None:
    """A list's filters as its address ``query`` gives them (None: it gives none), with
    "Playable with what I own" on when the player has said what they own (``owned``) and the
    address does not say otherwise."""
    data = query.copy() if query else None
    if owned is not None and "playable" not in query:
        data = data or QueryDict(mutable=True)
        data["playable"] = PLAYABLE_ON
    return data


def everything_url(query: QueryDict) -> str:
    """The address of the list ``query`` asks for with "Playable with what I own" off, from
    its first page."""
    everything = query.copy()
    everything.pop("page", None)
    everything["playable"] = PLAYABLE_OFF
    return f"?{everything.urlencode()}"


def playable_choices() -> list[tuple[str, Any]]:
    return [(PLAYABLE_ON, _("Yes")), (PLAYABLE_OFF, _("No: show everything"))]


# Sort orders (their words are labels.SORT_ORDER): the newest first unless asked; ids break
# ties so pages never overlap.
SORTS: Mapping[str, tuple[str, ...]] = {
    "newest": ("-updated_at", "-id"),
    "title": ("title", "id"),
    "smallest": ("size_points", "-updated_at", "-id"),
    "largest": ("-size_points", "-updated_at", "-id"),
    "most_played": ("-plays_counted", "-updated_at", "-id"),
    # The damped average (scenarios.community.services.damped_score, docs/community.md).
    "best_rated": ("-rating_score", "-updated_at", "-id"),
}


def _contains_code(queryset: QuerySet[Scenario], column: str, code: str) -> QuerySet[Scenario]:
    return queryset.filter(**{f"{column}__contains": f"|{code}|"})


class _FieldsOfOneForm(dict[str, forms.Field]):
    """Form fields made for one form only, which it may use as they are."""

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, forms.Field]:
        return dict(self)


def _own_filter(base: django_filters.Filter, parent: django_filters.FilterSet) -> Any:
    """A copy of the class's filter ``base`` for the filterset ``parent``."""
    own = copy.copy(base)
    own.__dict__.pop("_field", None)  # the form field is made afresh for this filterset
    if own.method is not None:
        own.method = own.method  # binds ``own.filter`` to this copy, not to ``base``
    own.model = parent.queryset.model
    own.parent = parent
    return own


class OwnFiltersFilterSet(django_filters.FilterSet):
    """A filterset that copies its class's filters shallowly for each request.

    django-filter's own ``__init__`` (26.2), but for ``self.filters``: it deep-copies every
    filter for every request, with its widget, its choices and its lazy labels, then the
    form deep-copies the fields again, a cost on every list request. A filter's state of its own is
    small (its parent, its model, its form field, made on first use), so a shallow copy made
    the filter's own suffices (tests/scenarios/test_browse.py: two requests share no filter,
    field or widget).
    """

    def __init__(
        self,
        data: Any = None,
        queryset: QuerySet[Any] | None = None,
        *,
        request: Any = None,
        prefix: str | None = None,
    ) -> None:
        if queryset is None:
            queryset = self._meta.model._default_manager.all()
        self.is_bound = data is not None
        self.data = data or QueryDict()
        self.queryset = queryset
        self.request = request
        self.form_prefix = prefix
        self.filters = {name: _own_filter(f, self) for name, f in self.base_filters.items()}

    def get_form_class(self) -> type[forms.Form]:
        form_class = super().get_form_class()
        # The fields were made for this filterset's own filters (``_own_filter``), and this
        # class serves one form: the form's deep copy of them (BaseForm.__init__) is not needed.
        form_class.base_fields = _FieldsOfOneForm(form_class.base_fields)
        return form_class


class ScenarioFilter(OwnFiltersFilterSet):
    """What /scenarios/ filters on; every field is optional and kept in the query string."""

    q = django_filters.CharFilter(
        label=_("Search"),
        method="filter_text",
        max_length=MAX_QUERY_LENGTH,
        widget=PlainTextInput(attrs={"type": "search", "placeholder": _("title, description…")}),
    )
    nationality = django_filters.ChoiceFilter(
        label=_("Nationality"),
        choices=nationality_choices,
        empty_label=_("Any"),
        widget=PlainSelect,
        method="filter_nationality",
    )
    theatre = django_filters.ChoiceFilter(
        label=_("Theatre"),
        choices=labels.choices(codes.THEATRES, labels.THEATRE),
        empty_label=_("Any"),
        widget=PlainSelect,
    )
    period = django_filters.ChoiceFilter(
        label=_("Period"), choices=period_choices, empty_label=_("Any"), widget=PlainSelect
    )
    terrain_deck = django_filters.ChoiceFilter(
        label=_("Terrain deck"),
        choices=terrain_deck_choices,
        empty_label=_("Any"),
        widget=PlainSelect,
    )
    weather = django_filters.ChoiceFilter(
        label=_("Weather"),
        choices=weather_choices,
        empty_label=_("Any"),
        widget=PlainSelect,
        method="filter_weather",
    )
    expansion = django_filters.ChoiceFilter(
        label=_("Expansions needed"),
        choices=expansion_choices,
        empty_label=_("Any"),
        widget=PlainSelect,
        method="filter_expansion",
    )
    playable = django_filters.ChoiceFilter(
        label=_("Playable with what I own"),
        choices=playable_choices,
        empty_label=None,
        widget=PlainSelect,
        method="filter_playable",
    )
    size_min = django_filters.NumberFilter(
        label=_("Size from (points)"),
        field_name="size_points",
        lookup_expr="gte",
        min_value=0,
        widget=PlainNumberInput(attrs={"min": 0, "step": 1, "inputmode": "numeric"}),
    )
    size_max = django_filters.NumberFilter(
        label=_("Size up to (points)"),
        field_name="size_points",
        lookup_expr="lte",
        min_value=0,
        widget=PlainNumberInput(attrs={"min": 0, "step": 1, "inputmode": "numeric"}),
    )
    balance = django_filters.ChoiceFilter(
        label=_("Balance"),
        field_name="balance_verdict",
        choices=labels.choices(codes.BALANCE_VERDICTS, labels.BALANCE_VERDICT),
        empty_label=_("Any"),
        widget=PlainSelect,
    )
    sort = django_filters.ChoiceFilter(
        label=_("Sort by"),
        choices=labels.choices(SORTS, labels.SORT_ORDER),
        empty_label=None,
        method="filter_sort",
        # static/js/browse.js leaves the default out of the address.
        widget=PlainSelect(attrs={"data-default": "newest"}),
    )

    class Meta:
        model = Scenario
        fields: list[str] = []

    def __init__(
        self,
        data: Any = None,
        queryset: QuerySet[Any] | None = None,
        *,
        request: Any = None,
        prefix: str | None = None,
        owned: frozenset[str] | None = None,
    ) -> None:
        """``owned``: what the player owns (``account.selectors.owned_products``); None, not
        said or nobody signed in, leaves "playable with what I own" out of the form."""
        super().__init__(data, queryset, request=request, prefix=prefix)
        self.owned = owned
        if owned is None:
            self.filters.pop("playable")

    def filter_playable(
        self, queryset: QuerySet[Scenario], name: str, value: str
    ) -> QuerySet[Scenario]:
        if value != PLAYABLE_ON or self.owned is None:
            return queryset
        return scenarios_playable_with(queryset, self.owned)

    def filter_text(
        self, queryset: QuerySet[Scenario], name: str, value: str
    ) -> QuerySet[Scenario]:
        return scenarios_search(queryset, value)

    def filter_nationality(
        self, queryset: QuerySet[Scenario], name: str, value: str
    ) -> QuerySet[Scenario]:
        return _contains_code(queryset, "nationalities", value)

    def filter_weather(
        self, queryset: QuerySet[Scenario], name: str, value: str
    ) -> QuerySet[Scenario]:
        return _contains_code(queryset, "weather", value)

    def filter_expansion(
        self, queryset: QuerySet[Scenario], name: str, value: str
    ) -> QuerySet[Scenario]:
        if value == BASE_GAME_ONLY:
            return queryset.filter(expansions="")
        return _contains_code(queryset, "expansions", value)

    def filter_sort(
        self, queryset: QuerySet[Scenario], name: str, value: str
    ) -> QuerySet[Scenario]:
        return queryset.order_by(*SORTS.get(value, SORTS["newest"]))

    def active_filters(self) -> bool:
        """Whether any filter (the sort order aside) narrows the list."""
        if not self.is_bound:
            return False
        # "Playable with what I own" is the player's setting, not a filter to clear: the list
        # says it apart (browse.html's note) with a link to show everything.
        return any(
            self.form.data.get(name) not in (None, "")
            for name in self.filters
            if name not in ("sort", "playable")
        )
