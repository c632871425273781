"""The access room's walls, held by machines (docs/architecture.md, "The access room").

Two scans of the code's syntax trees, and one of the import contracts:

* **Only the access room builds a rights value.** A call of a class whose name ends in
  ``Rights`` (``ScenarioRights(...)``, ``GameRights(...)``) anywhere in the project's code
  outside ``scenarios/access/`` fails: a door that builds its own rights (as the games API
  did after a start) can grant what the room would refuse.
* **No door refuses a right by hand.** In the doors (``scenarios/views/``, ``scenarios/api/``,
  ``scenarios/feeds.py``) a refusal is ``access.require_page(bool)`` /
  ``access.require_api(bool, ...)``. The rule, precisely, for a ``raise`` of ``Http404``,
  Django's or DRF's ``PermissionDenied``, or DRF's ``NotFound``:

  - ``PermissionDenied`` is never raised by a door: a 403 is always a right refused;
  - inside an ``except`` clause, ``Http404``/``NotFound`` maps a domain exception
    (``except Job.DoesNotExist: raise NotFound``) and is allowed, unless the clause catches
    a refusal itself (``except Http404: raise NotFound(words)`` re-words a refusal);
  - anywhere else, ``Http404``/``NotFound`` is allowed only when no ``if`` around it reads a
    right: its test names ``rights``, an attribute ``can_*``, a call of ``may_*`` or
    ``is_staff*``, or anything of ``access`` (``if not rights.can_play: raise Http404``
    fails; ``if kind not in Job.Kind.values: raise Http404``, a malformed address, passes).
* **Every layer contract is exhaustive** (``.importlinter``): a module nobody placed in a
  layer fails ``lint-imports``, so a new module cannot import upward unseen.
"""

from __future__ import annotations

import ast
import configparser
from pathlib import Path

from rest_framework.response import Response
from rest_framework.test import APIRequestFactory
from rest_framework.views import APIView

ROOT = Path(__file__).resolve().parents[2]
CODE = ("scenarios", "upfront", "builder")
ACCESS = ROOT / "scenarios" / "access"
DOORS = ("scenarios/views", "scenarios/api", "scenarios/feeds.py")
REFUSALS = {"Http404", "PermissionDenied", "NotFound"}


def _name(node: ast.AST) -> str:
    """``Http404`` of ``Http404``, ``exceptions.NotFound``, ``Http404(...)``."""
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return ""


def _python_files(*tops: str) -> list[Path]:
    found: list[Path] = []
    for top in tops:
        path = ROOT / top
        files = [path] if path.suffix == ".py" else sorted(path.rglob("*.py"))
        found += [f for f in files if "migrations" not in f.parts]
    return found


def rights_built(source: str) -> list[int]:
    """Lines of ``source`` that call a rights class (a name ending in ``Rights``)."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call) and _name(node.func).endswith("Rights")
    ]


def _reads_a_right(test: ast.AST) -> bool:
    for node in ast.walk(test):
        if isinstance(node, ast.Name) and node.id in ("rights", "access"):
            return True
        if isinstance(node, ast.Attribute) and (
            node.attr == "rights" or node.attr.startswith("can_")
        ):
            return True
        if isinstance(node, ast.Call) and _name(node.func).startswith(("may_", "is_staff")):
            return True
    return False


def _catches_a_refusal(handler: ast.ExceptHandler) -> bool:
    if handler.type is None:
        return False
    caught = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(_name(kind) in REFUSALS for kind in caught)


def refusals_by_hand(source: str) -> list[int]:
    """Lines of ``source`` (a door) that refuse a right by hand (the module's docstring)."""
    found: list[int] = []

    def visit(node: ast.AST, ifs: tuple[ast.AST, ...], handler: ast.ExceptHandler | None) -> None:
        if isinstance(node, ast.Raise) and node.exc is not None:
            raised = _name(node.exc)
            if raised == "PermissionDenied":
                found.append(node.lineno)
            elif raised in REFUSALS:
                if handler is not None:
                    if _catches_a_refusal(handler):
                        found.append(node.lineno)
                elif any(_reads_a_right(test) for test in ifs):
                    found.append(node.lineno)
        for child in ast.iter_child_nodes(node):
            if isinstance(node, ast.If | ast.IfExp) and child is not node.test:
                visit(child, (*ifs, node.test), handler)
            elif isinstance(child, ast.ExceptHandler):
                visit(child, ifs, child)
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                visit(child, (), None)
            else:
                visit(child, ifs, handler)

    visit(ast.parse(source), (), None)
    return found


def _relative(path: Path) -> str:
    return str(path.relative_to(ROOT))


def test_no_module_outside_access_builds_a_rights_value() -> None:
    outside = [f for f in _python_files(*CODE) if ACCESS not in f.parents]
    found = [
        f"{_relative(f)}:{line}" for f in outside for line in rights_built(f.read_text("utf-8"))
    ]
    assert found == [], "a rights value built outside scenarios/access: " + ", ".join(found)


def test_no_door_refuses_a_right_by_hand() -> None:
    found = [
        f"{_relative(f)}:{line}"
        for f in _python_files(*DOORS)
        for line in refusals_by_hand(f.read_text("utf-8"))
    ]
    assert found == [], "refused by hand, not by access.require_*: " + ", ".join(found)


# Each shape the scans must find (the faults they were written for) and each they must let by.
REFUSED_BY_HAND = [
    # A right asked and refused in the door (the games page, before the access room).
    "def f(rights):\n    if not rights.can_play:\n        raise Http404('not your game')\n",
    # A right asked of a function and refused with a 403 (the games API).
    "def f(rights):\n"
    "    if not selectors.may_start_game(rights):\n"
    "        raise PermissionDenied\n",
    # A refusal caught only to change its words (the bin API).
    "def f():\n"
    "    try:\n"
    "        g()\n"
    "    except Http404 as exc:\n"
    "        raise NotFound('x') from exc\n",
    # Staff only, refused in the door (the revalidations page).
    "def f(user):\n    if not access.may_see_revalidations(user):\n        raise Http404\n",
]
NOT_A_RIGHT = [
    # A domain exception mapped to its answer.
    "def f():\n"
    "    try:\n"
    "        g()\n"
    "    except Job.DoesNotExist as exc:\n"
    "        raise NotFound from exc\n",
    # A malformed address.
    "def f(kind):\n    if kind not in Job.Kind.values:\n        raise Http404\n",
]


def test_the_door_scan_finds_each_refusal_by_hand_and_nothing_else() -> None:
    assert all(refusals_by_hand(source) for source in REFUSED_BY_HAND)
    assert not any(refusals_by_hand(source) for source in NOT_A_RIGHT)


def test_the_rights_scan_finds_a_rights_value_built_in_a_door() -> None:
    # The games API after a start, before the access room.
    assert rights_built("rights = game_selectors.GameRights(can_play=True, can_share=True)\n")
    assert rights_built("r = ScenarioRights()\n")
    assert not rights_built("game, rights = access.game_for(user, game.public_id)\n")


def test_every_layer_contract_is_exhaustive() -> None:
    contracts = configparser.ConfigParser()
    contracts.read(ROOT / ".importlinter")
    layers = {
        name: section
        for name, section in contracts.items()
        if name.startswith("importlinter:contract:") and section.get("type") == "layers"
    }
    assert layers, "no layer contract found"
    not_exhaustive = [name for name, s in layers.items() if s.get("exhaustive") != "true"]
    assert not_exhaustive == []
    # The access room is a layer of its own, below everything but the models.
    scenario_layers = [
        line.strip() for line in layers["importlinter:contract:scenarios-layers"]["layers"].split()
    ]
    assert scenario_layers[-2:] == ["access", "models"]


def test_an_api_door_that_names_no_permission_is_for_signed_in_requesters() -> None:
    """DRF's defaults are the API's (settings.REST_FRAMEWORK): a door that forgets to say who
    may use it is closed to anonymous requesters, never public; the refusal names the token."""

    class Forgetful(APIView):
        def get(self, request: object) -> Response:
            return Response({"secret": True})

    response = Forgetful.as_view()(APIRequestFactory().get("/api/v1/forgetful"))
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
