"""docs/architecture.md names only modules that exist: every path, dotted module and layer of
``scenarios`` it writes in backticks is found in the code, and each missing one is reported."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "architecture.md"
PACKAGES = ("upfront", "scenarios", "builder")
SKIP = {".venv", ".git", "node_modules", "static"}


def _sections() -> dict[str, str]:
    """The doc's text by its ``##`` heading."""
    parts = re.split(r"^## (.+)$", DOC.read_text(encoding="utf-8"), flags=re.M)
    return {"": parts[0], **dict(zip(parts[1::2], parts[2::2], strict=True))}


def _code(text: str) -> list[str]:
    return re.findall(r"`([^`\s]+)`", text)


def _anywhere(name: str) -> bool:
    """A path written relative to the room the sentence is about (``loading/``, ``fetch.py``)."""
    return any(
        not SKIP & set(found.relative_to(ROOT).parts) for found in ROOT.rglob(name.rstrip("/"))
    )


def _module_exists(dotted: str) -> bool:
    """``a.b.c``: a module or package, or a name defined in the longest module prefix of it."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        base = ROOT.joinpath(*parts[:cut])
        for module in (base.with_suffix(".py"), base / "__init__.py"):
            if module.is_file():
                rest = parts[cut:]
                if not rest:
                    return True
                # Defined there, or imported into a package's ``__init__`` that re-exports it.
                name = rest[0]
                defined = (
                    rf"^\s*(?:def|class)\s+{name}\b|^{name}\b|^\s+{name},?$|import .*\b{name}\b"
                )
                return bool(re.search(defined, module.read_text(encoding="utf-8"), re.M))
    return False


def _defined_in_scenarios(name: str) -> bool:
    """A function or class of that name in a module of ``scenarios`` (not a test's)."""
    pattern = re.compile(rf"^(?:def|class)\s+{re.escape(name)}\b", re.M)
    return any(
        pattern.search(path.read_text(encoding="utf-8"))
        for path in (ROOT / "scenarios").rglob("*.py")
        if "migrations" not in path.parts
    )


def missing_paths() -> list[str]:
    missing = []
    for heading, text in _sections().items():
        for name in _code(text):
            if "/" in name or name.endswith(".py"):
                first = name.split("/")[0]
                found = (ROOT / name).exists() if (ROOT / first).is_dir() else _anywhere(name)
            elif name.split(".")[0] in PACKAGES and "." in name:
                found = _module_exists(name)
            elif heading == "The layers inside `scenarios`" and re.fullmatch(r"[a-z_.]+\*?", name):
                # A layer is a module of scenarios, written as its name (``urls*``: several).
                # A function a layer defines is named by the layer's module
                # (``services.scenario_put_in_library``) or alone (``require_page``).
                path = name.replace(".", "/")
                found = (
                    bool(list((ROOT / "scenarios").glob(path + ".py")))
                    or (ROOT / "scenarios" / path).is_dir()
                    or ("." in name and _module_exists(f"scenarios.{name}"))
                    or _defined_in_scenarios(name)
                )
            else:
                continue
            if not found:
                missing.append(f"{heading or '(top)'}: {name}")
    return missing


def test_the_doc_names_modules_and_layers() -> None:
    # The check would pass on a doc it cannot read: it must find the names it is about.
    names = [name for text in _sections().values() for name in _code(text)]
    assert "upfront/rules/" in names and "upfront.labels" in names and "selectors" in names


def test_every_module_the_architecture_names_exists() -> None:
    missing = missing_paths()
    assert not missing, "docs/architecture.md names modules that do not exist:\n" + "\n".join(
        missing
    )
