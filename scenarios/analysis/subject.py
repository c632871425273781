"""One saved scenario as the analyses read it: parsed once, against one reference revision."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

import upfront.rules
from scenarios.models import Scenario
from upfront.reference.fetch import Reference, reference_current
from upfront.rules.scenario import (
    ScenarioDocument,
    ScenarioFormatError,
    scenario_document_from_dict,
)


def document_digest(document: Any) -> str:
    """The sha256 of a document's canonical JSON: equal content, equal digest."""
    canonical = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


@cache
def engine_fingerprint() -> str:
    """A hash of the code that computes a result (the rules engine and this room), read once
    per process.

    Part of what a stored result was computed from: new code never serves a result of the old,
    with no version number for anyone to remember to bump.
    """
    digest = hashlib.sha256()
    for root in (Path(upfront.rules.__file__).parent, Path(__file__).parent):
        for path in sorted(root.rglob("*.py")):
            digest.update(f"{root.name}/{path.relative_to(root)}\0".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


@dataclass
class Subject:
    """A saved scenario with the reference data it is analysed against.

    The document is parsed on first use and then kept, so a validation and a simulation of the
    same subject share one parse; ``reference`` is looked up once, so every analysis of the
    subject reads the same revision and says so.
    """

    scenario: Scenario
    reference: Reference

    @cached_property
    def _parsed(self) -> ScenarioDocument | ScenarioFormatError:
        try:
            return scenario_document_from_dict(self.scenario.document)
        except ScenarioFormatError as exc:
            return exc

    @property
    def document(self) -> ScenarioDocument | None:
        """The parsed document; None when it no longer parses (see :attr:`format_error`)."""
        parsed = self._parsed
        return parsed if isinstance(parsed, ScenarioDocument) else None

    @property
    def format_error(self) -> ScenarioFormatError | None:
        parsed = self._parsed
        return parsed if isinstance(parsed, ScenarioFormatError) else None

    @cached_property
    def digest(self) -> str:
        return document_digest(self.scenario.document)

    def source(self, **options: Any) -> dict[str, Any]:
        """What a result of this subject is computed from: stored with it, matched on reuse."""
        return {
            "document": self.digest,
            "data_revision": self.reference.label,
            "engine": engine_fingerprint(),
            "options": options,
        }


def subject_of(scenario: Scenario) -> Subject:
    """The subject of ``scenario`` against the current reference data.

    Raises ``ReferenceDataNotLoaded`` when there is none (nothing can be analysed).
    """
    return Subject(scenario=scenario, reference=reference_current())
