"""Forms of the scenario designer and of the library pages, by concept.

- :mod:`.options`: every choice the designer offers (:func:`designer_options`);
- :mod:`.scenario`: the scenario's own fields and its sides;
- :mod:`.rows`: the repeated rows, deck changes and special rules with their parameters;
- :mod:`.designer`: :class:`Designer`, the forms together and the document they make;
- :mod:`.library`: the library pages' forms.

Every choice offered comes from the code sets and the reference data, in words
(``upfront.labels``).
"""

from scenarios.forms.designer import Designer
from scenarios.forms.library import (
    AddScenarioForm,
    AddToLibraryForm,
    CollaboratorForm,
    LibraryForm,
    ShelfForm,
)
from scenarios.forms.options import DesignerOptions, designer_options
from scenarios.forms.rows import (
    DeckChangeForm,
    DeckChangeFormSet,
    SpecialRuleForm,
    SpecialRuleFormSet,
)
from scenarios.forms.scenario import ScenarioForm, SideForm

__all__ = [
    "AddScenarioForm",
    "AddToLibraryForm",
    "CollaboratorForm",
    "DeckChangeForm",
    "DeckChangeFormSet",
    "Designer",
    "DesignerOptions",
    "LibraryForm",
    "ScenarioForm",
    "ShelfForm",
    "SideForm",
    "SpecialRuleForm",
    "SpecialRuleFormSet",
    "designer_options",
]
