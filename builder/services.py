"""Writes and calculations of the DYO builder (HackSoft-style services).

Data flows one way: view/API -> service -> rules engine (``upfront.rules``) -> result.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from builder.models import SavedForce
from upfront.reference.fetch import Reference, reference_current
from upfront.reference.rendering import render_format_errors, render_validation
from upfront.rules.force import ForceFormatError, force_from_dict, known_members, nul_faults
from upfront.rules.results import ValidationResult
from upfront.rules.validate import card_bound_faults, validate_force
from upfront.text import public_text_error


@dataclass
class ForceInputError(ValueError):
    """A document that breaks the interchange schema; ``errors`` lists every fault with its path.

    Each ``message`` is already in the active language.
    """

    errors: list[dict[str, str]] = field(default_factory=list)

    def __str__(self) -> str:
        return "; ".join(f"{e['path']}: {e['message']}" for e in self.errors)


def _validated(data: Any, reference: Reference) -> ValidationResult:
    try:
        force = force_from_dict(data)
        if faults := card_bound_faults(force, reference.catalogue):
            raise ForceFormatError(faults)
    except ForceFormatError as exc:
        raise ForceInputError(errors=render_format_errors(exc)) from exc
    return validate_force(force, reference.catalogue)


def force_validate(*, data: Any) -> dict[str, Any]:
    """Validate a Force document, every message and rule summary in the active language.

    Raises ``ForceInputError`` when the document is malformed. Activate the reader's language
    first (requests: ``LocaleMiddleware``; tasks: ``translation.override(lang)``).
    """
    return render_validation(_validated(data, reference_current()))


def _apply(saved: SavedForce, *, name: str, data: Any) -> SavedForce:
    if faults := nul_faults(name, "name"):
        raise ForceInputError(errors=render_format_errors(ForceFormatError(faults)))
    if error := public_text_error(name):
        raise ForceInputError(errors=[{"path": "name", "message": error}])
    # One lookup of the reference data: the revision stamped is the one checked against.
    reference = reference_current()
    result = _validated(data, reference)  # raises before anything is written
    saved.name = name
    # What was checked, less the members the format does not define (read as ignored, so
    # never stored to come back in an export or the builder).
    saved.data = known_members(data)
    saved.total_points = result.total_points
    saved.valid = result.valid
    saved.data_revision = reference.revision
    saved.full_clean(exclude=["owner", "data_revision"])
    saved.save()
    return saved


@transaction.atomic
def saved_force_create(*, owner: AbstractBaseUser, name: str, data: Any) -> SavedForce:
    """Store a force for ``owner`` with its validation result (all-or-nothing)."""
    return _apply(SavedForce(owner=owner), name=name, data=data)


@transaction.atomic
def saved_force_update(
    *, saved_force: SavedForce, name: str | None = None, data: Any = None
) -> SavedForce:
    """Replace the name and/or document of a saved force, revalidating it."""
    return _apply(
        saved_force,
        name=saved_force.name if name is None else name,
        data=saved_force.data if data is None else data,
    )


@transaction.atomic
def saved_force_delete(*, saved_force: SavedForce) -> None:
    saved_force.delete()
