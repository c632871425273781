"""The DYO builder page (server-rendered, htmx live panel, small vanilla JS controller).

Other apps open this page through its public API, never through the private names below:
:func:`builder_page` renders it (optionally bound to a place the force is saved to, a
:class:`Binding`) and :func:`drafts_stored` tells the next page which drafts the browser may
drop. ``scenarios`` uses both for the side builder (``scenarios/views/side_builder.py``);
``builder`` imports nothing of ``scenarios`` (an import-linter contract).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from builder import selectors, services
from upfront import labels, ratelimit
from upfront.labels.places import Places, where
from upfront.reference.fetch import ReferenceDataNotLoaded, catalogue_current
from upfront.reference.models import Nationality, Period, PersonalityCard, PublishedScenario
from upfront.rules import codes
from upfront.rules.examples import EXAMPLE_FORCE, empty_force
from upfront.rules.force import FORCE_SCHEMA
from upfront.rules.morale import MoralePanic, effective_morale_panic

DEFAULT_NATIONALITY: str = EXAMPLE_FORCE["nationality"]
_GROUP_SCHEMA = FORCE_SCHEMA["properties"]["groups"]["items"]["properties"]


def _form_options() -> dict[str, Any]:
    """The builder's options and limits, from the code sets and the Force schema."""
    return {
        "theatres": labels.choices(codes.THEATRES, labels.THEATRE),
        "troop_types": labels.choices(codes.TROOP_TYPES, labels.TROOP_TYPE),
        "unit_kinds": labels.choices(codes.UNIT_KINDS, labels.UNIT_KIND),
        "sniper_options": labels.choices(codes.SNIPER_OPTIONS, labels.SNIPER_OPTION),
        "radio_fire_strengths": codes.RADIO_FIRE_STRENGTHS,
        "max_after_deck": codes.MAX_AFTER_DECK,
        # Read by static/js/builder.js through json_script (no inline script).
        "builder_codes": {
            "secondary_weapons": {
                code: labels.standalone("secondary_weapon", code)
                for code in codes.SECONDARY_WEAPONS
            },
            "group_label_max_length": _GROUP_SCHEMA["label"]["maxLength"],
            "max_after_deck": codes.MAX_AFTER_DECK,
            # Periods in order: the script compares a purchase's first period with the force's.
            "periods": list(codes.PERIODS),
            "secondary": _secondary_offer(),
        },
    }


# 43.7: "secondary_on_vehicle" in upfront.rules.constraints cites the same rule.
_CARRIER_RULE = "43.7"


def _secondary_offer() -> dict[str, Any]:
    """Which secondary weapons the builder offers, and why it offers no other (translated).

    From the reference rows the engine checks against (``selectors.secondary_weapon_rules``):
    a weapon is offered to a nationality only where a source allows it, from its first period,
    and only to a man; the script shows every other one disabled with this reason and rule.
    """
    weapons: dict[str, Any] = {}
    for rule in selectors.secondary_weapon_rules():
        permissions: dict[str, Any] = {}
        for nationality in codes.NATIONALITIES:
            allowed, reference = rule.permissions.get(nationality, (None, ""))
            if allowed is True:
                reason = ""
            elif allowed is False:
                reason = _("not allowed to this nationality (%(rule)s)") % {"rule": reference}
            else:
                reason = _("no source gives it to this nationality (%(rule)s)") % {
                    "rule": reference
                }
            permissions[nationality] = {"allowed": allowed, "reason": reason, "rule": reference}
        weapons[rule.weapon] = {
            "from": rule.available_from,
            "from_reason": _("available from %(period)s (%(rule)s)")
            % {"period": rule.available_from, "rule": rule.available_rule}
            if rule.available_from
            else "",
            "from_rule": rule.available_rule,
            "permissions": permissions,
        }
    return {
        "carriers": sorted(codes.SECONDARY_WEAPON_CARRIERS),
        "carrier_reason": _("only men carry secondary weapons (%(rule)s)")
        % {"rule": _CARRIER_RULE},
        "carrier_rule": _CARRIER_RULE,
        "weapons": weapons,
    }


@dataclass(frozen=True)
class PickerCard:
    """A personality card as the picker lists it, with the values a player reads at a glance.

    ``morale`` and ``panic`` are the values the force plays with; where a rule changes the
    printed ones, ``adjusted_by`` names it. The script shows bought cards from these data, so
    every adjustment is made here, on the server, and never again in JavaScript.
    """

    card: PersonalityCard
    role: str  # translated SL / ASL / Commissar, "" for a man who is no leader
    rank: str  # as printed, "" where it only repeats the role (a Commissar's rank is Commissar)
    morale: int | None
    panic: int | None
    adjusted_by: str = ""  # rule reference, e.g. "46.1", when morale/panic are not as printed


def _role_label(role: str) -> str:
    if labels.has_label("leader_role", role):
        return labels.standalone("leader_role", role)
    if role in ("", "none"):
        return ""
    # The sources name a leader without saying which role (e.g. the Marine cards #42/#43).
    return _("leader, role not known")


def _cards(nationality: str, *, marines: bool = False) -> list[PickerCard]:
    """The nationality's numbered cards, each with the morale and panic it plays with.

    ``morale`` / ``panic`` are the printed values unless a rule changes them for this force
    (46.2: Marines printed with morale 1 play with 2 and panic 3, computed by the rules
    engine); then ``adjusted_by`` names that rule.
    """
    cards = selectors.picker_cards(nationality)
    catalogue = None
    if cards and marines:
        try:
            catalogue = catalogue_current()
        except ReferenceDataNotLoaded:
            catalogue = None
    picked = []
    for card in cards:
        info = catalogue.cards.get((nationality, card.card_no)) if catalogue else None
        played = (
            effective_morale_panic(info, catalogue, marines=marines)
            if info is not None and catalogue is not None
            else MoralePanic(card.morale, card.panic)
        )
        picked.append(
            PickerCard(
                card=card,
                role=_role_label(card.leader_role),
                # Compared with the role's code, not its label: in Italian the label is
                # "Commissario" while the printed rank stays "Commissar".
                rank="" if card.rank.casefold() == card.leader_role.casefold() else card.rank,
                morale=played.morale,
                panic=played.panic,
                adjusted_by=played.rule,
            )
        )
    return picked


def _picker(nationality: str, *, marines: bool = False) -> dict[str, Any]:
    """The picker's cards, and how many of them no source dates: said once above the list
    rather than "availability unknown" on every card (every Russian and German card)."""
    cards = _cards(nationality, marines=marines)
    return {
        "cards": cards,
        "availability_unknown": sum(1 for row in cards if not row.card.available),
    }


def _nothing_bought(force_text: str) -> bool:
    """True for a well-formed document that buys nothing yet (the panel says "empty")."""
    try:
        data = json.loads(force_text)
    except (TypeError, ValueError):
        return False
    if not isinstance(data, dict):
        return False
    containers = [*(data.get("groups") or []), *(data.get("reinforcements") or [])]
    return (
        all(isinstance(c, dict) and not c.get("cards") for c in containers)
        and not data.get("radios")
        and not data.get("snipers")
        and not data.get("random_reinforcement_decks")
    )


def _marines(value: Any) -> bool:
    return value is True or str(value).lower() in {"1", "true", "on"}


def _panel(force_text: str) -> dict[str, Any]:
    return {**_panel_context(force_text), "empty": _nothing_bought(force_text)}


def _panel_context(force_text: str) -> dict[str, Any]:
    """Validate the typed JSON; never raises, so the page keeps what the user typed."""
    try:
        data = json.loads(force_text)
    except (TypeError, ValueError) as exc:
        return {"errors": [{"path": "$", "message": _("Not valid JSON: %(e)s") % {"e": exc}}]}
    try:
        # Messages and rule summaries come rendered in the active language (LocaleMiddleware).
        return {"result": services.force_validate(data=data)}
    except services.ForceInputError as exc:
        return {"errors": _located(exc.errors, data)}


def _located(errors: list[dict[str, str]], force: Any) -> list[dict[str, str]]:
    """Each fault with ``where``: the part of the force in words ("Group A, card 3"), which a
    player reads instead of the JSON path (kept for the script)."""
    places = Places.of_force(force)
    return [{**error, "where": where(error["path"], places) or ""} for error in errors]


# The page's force in progress is kept in the browser (localStorage) as a draft, one per
# "draft context": a new force, a saved force being edited, or a bound force (Binding). After a
# save or a delete the server tells the page which drafts are now stored on the server (or
# gone) and can be dropped.
_DRAFTS_DONE = "builder_drafts_done"


@dataclass(frozen=True)
class Binding:
    """The page bound to a force kept elsewhere (a scenario's side), with a banner of its own.

    ``draft_context`` names the browser's draft of this force, so a draft of a new force is
    never restored over it, nor it over one. ``banner`` is the template shown above the form,
    rendered with ``context`` as ``bound``; its button may post the page's form (``form=
    "builder-form"``) to its own address with ``formaction``.
    """

    draft_context: str
    banner: str
    context: Mapping[str, Any]


def _draft_context(saved_id: int | str | None) -> str:
    return f"saved:{saved_id}" if saved_id else "new"


def drafts_stored(request: HttpRequest, *draft_contexts: str) -> None:
    """The next builder page drops these drafts: their forces are stored on the server now (or
    deleted there)."""
    request.session[_DRAFTS_DONE] = sorted(set(draft_contexts))


def index(request: HttpRequest) -> HttpResponse:
    # A posted force is validated like the panel's (a fresh page validates the empty one).
    if request.method == "POST" and (refused := ratelimit.page_refusal(request, "dyo_validate")):
        return refused
    force: dict[str, Any] = empty_force()
    loaded = None
    load = request.GET.get("load", "")
    if load.isdigit() and request.user.is_authenticated:
        loaded = get_object_or_404(selectors.saved_forces_for(request.user), pk=int(load))
        force = loaded.data
    elif request.GET.get("nationality") in codes.NATIONALITIES:
        force["nationality"] = request.GET["nationality"]
    force_text = request.POST.get("force") or json.dumps(force)
    return builder_page(request, force_text=force_text, loaded=loaded)


def builder_page(
    request: HttpRequest,
    *,
    force_text: str,
    loaded: Any = None,
    status: int = 200,
    binding: Binding | None = None,
) -> HttpResponse:
    """The builder page on ``force_text`` (kept as typed, even when it is not valid JSON).

    ``loaded`` is the saved force being edited; ``binding`` binds the page to a force kept
    elsewhere (its own banner and save button).
    """
    try:
        document = json.loads(force_text)
        nationality = document.get("nationality", DEFAULT_NATIONALITY)
        marines = _marines(document.get("marines"))
    except (ValueError, AttributeError):
        nationality, marines = DEFAULT_NATIONALITY, False
    context = {
        "force_json": force_text,
        "nationalities": Nationality.objects.all(),
        "periods": Period.objects.all(),
        "scenarios": PublishedScenario.objects.order_by("letter"),
        "nationality": nationality,
        **_picker(str(nationality), marines=marines),
        "saved_forces": selectors.saved_forces_for(request.user),
        "loaded": loaded,
        "binding": binding,
        # Read by static/js/builder.js (json_script): this page's draft and the starting force.
        "builder_page": {
            "draft_context": binding.draft_context
            if binding
            else _draft_context(loaded.pk if loaded else None),
            "drafts_done": request.session.pop(_DRAFTS_DONE, []),
            "empty_force": empty_force(),
        },
        **_form_options(),
        **_panel(force_text),
    }
    return render(request, "builder/index.html", context, status=status)


@require_GET
def card_picker(request: HttpRequest) -> HttpResponse:
    nationality = request.GET.get("nationality", DEFAULT_NATIONALITY)
    # ?marines=true (or 1): the force is US Marines (46.2 changes some cards' morale and panic).
    marines = _marines(request.GET.get("marines", ""))
    return render(
        request,
        "builder/_card_picker.html",
        {**_picker(nationality, marines=marines), "nationality": nationality},
    )


@require_POST
def panel(request: HttpRequest) -> HttpResponse:
    # The same validation as the API's, on the same allowance.
    if refused := ratelimit.page_refusal(request, "dyo_validate"):
        return refused
    return render(request, "builder/_panel.html", _panel(request.POST.get("force", "")))


@require_POST
def import_check(request: HttpRequest) -> JsonResponse:
    """Check a document before the page takes it: faults (by JSON path, and ``where`` in
    words) or nothing.

    An import with faults never replaces the force on the page, so the page asks first.
    """
    if (wait := ratelimit.client_wait("dyo_validate", request)) is not None:
        # A fault, so that the page keeps its force and says why.
        message = _("Too many checks: try again in %(seconds)d seconds.") % {"seconds": wait}
        response = JsonResponse({"errors": [{"path": "$", "message": message}]}, status=429)
        response["Retry-After"] = str(wait)
        return response
    context = _panel_context(request.POST.get("force", ""))
    if "errors" in context:
        return JsonResponse({"errors": context["errors"]}, status=400)
    return JsonResponse({"errors": []})


@login_required
@require_POST
def save(request: HttpRequest) -> HttpResponse:
    """Save the force: over the loaded one, or as a new force ("Save as copy" or none loaded)."""
    force_text = request.POST.get("force", "")
    name = (request.POST.get("name") or "").strip()[:120] or _("Unnamed force")
    existing = request.POST.get("saved_id", "")
    original = (
        get_object_or_404(selectors.saved_forces_for(request.user), pk=existing)
        if existing.isdigit()
        else None
    )
    as_copy = original is not None and request.POST.get("as_copy") == "1"
    if as_copy and original is not None and name == original.name:
        name = (_("%(name)s (copy)") % {"name": name})[:120]
    try:
        data = json.loads(force_text)
        if original is not None and not as_copy:
            saved = services.saved_force_update(saved_force=original, name=name, data=data)
        else:
            saved = services.saved_force_create(owner=request.user, name=name, data=data)
    except (ValueError, services.ForceInputError) as exc:
        messages.error(request, _("Not saved: %(e)s") % {"e": exc})
        # Re-render with the typed document so nothing is lost.
        return builder_page(request, force_text=force_text, loaded=original, status=400)
    messages.success(request, _("Saved “%(name)s”.") % {"name": saved.name})
    # The draft the page kept is now on the server (a copy leaves the original as it was).
    drafts_stored(
        request, _draft_context(original.pk if original else None), _draft_context(saved.pk)
    )
    return redirect(f"{reverse('builder:index')}?load={saved.pk}")


@login_required
def delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Ask (GET), then delete (POST) one of the user's saved forces; others' are a 404."""
    saved = get_object_or_404(selectors.saved_forces_for(request.user), pk=pk)
    if request.method == "POST":
        name = saved.name
        services.saved_force_delete(saved_force=saved)
        messages.success(request, _("Deleted “%(name)s”.") % {"name": name})
        drafts_stored(request, _draft_context(pk))
        return redirect("builder:index")
    return render(request, "builder/delete.html", {"saved": saved})
