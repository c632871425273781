"""Writes and calculations of the DYO builder (HackSoft-style services).

Data flows one way: view/API -> service -> rules engine (``upfront.rules``) -> result.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from builder.models import SavedForce
from upfront.reference.fetch import catalogue_current
from upfront.reference.models import DataRevision
from upfront.rules.force import ForceFormatError, force_from_dict
from upfront.rules.validate import validate_force


@dataclass
class ForceInputError(ValueError):
    """A document that breaks the interchange schema; ``errors`` lists every fault with its path."""

    errors: list[dict[str, str]] = field(default_factory=list)

    def __str__(self) -> str:
        return "; ".join(f"{e['path']}: {e['message']}" for e in self.errors)


def _lang(lang: str) -> str:
    return "it" if (lang or "").lower().startswith("it") else "en"


def force_validate(*, data: Any, lang: str) -> dict[str, Any]:
    """Validate a Force document; raise ``ForceInputError`` when it is malformed."""
    language = _lang(lang)
    try:
        force = force_from_dict(data)
    except ForceFormatError as exc:
        raise ForceInputError(
            errors=[
                {
                    "path": error.path,
                    "message": error.message_it if language == "it" else error.message_en,
                }
                for error in exc.errors
            ]
        ) from exc
    return validate_force(force, catalogue_current()).to_dict(language)


def _current_revision() -> DataRevision | None:
    return DataRevision.current()


def _apply(saved: SavedForce, *, name: str, data: Any) -> SavedForce:
    result = force_validate(data=data, lang="en")  # raises before anything is written
    saved.name = name
    saved.data = data
    saved.total_points = result["total_points"]
    saved.valid = result["valid"]
    saved.data_revision = _current_revision()
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
