"""A scenario's preview for the doors that ask for it in one call (``scenario_preview``).

Reads the reference rows the body names once (``upfront.reference.selectors``), checks the
forces when asked (``scenarios.analysis.forces``) and hands both to the presenter
(``scenarios.presenters.display``). A door that already holds the rows or the checks calls the
presenter, ``scenarios.presenters.display.scenario_display``, itself: the two have different
names because one reads and checks and the other only renders.
"""

from __future__ import annotations

from typing import Any

from scenarios.analysis.forces import side_checks
from scenarios.presenters import display
from upfront.reference.selectors import scenario_reference_rows


def scenario_preview(body: dict[str, Any], *, check_forces: bool = True) -> dict[str, Any]:
    """The scenario body ``document["scenario"]`` as the preview template shows it.

    ``check_forces=False`` leaves each side's ``check`` empty: a caller holding the scenario's
    validation already (the setup sheet) does not validate the forces again.
    """
    return display.scenario_display(
        body,
        rows=scenario_reference_rows(body),
        checks=side_checks(body) if check_forces else None,
    )
