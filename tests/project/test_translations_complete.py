"""Every string marked for translation in the code and templates has an Italian translation.

The project's ``manage.py messages`` runs on a copy of the sources (so the checkout's .po is
untouched) and every entry it finds must have a non-fuzzy Italian ``msgstr`` in
locale/it/LC_MESSAGES/django.po: a new label, message or template string without one fails
here instead of showing English on an Italian page.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("upfront", "builder", "scenarios", "templates", "static", "locale", "manage.py")


def _entries(text: str) -> list[tuple[str, str, bool]]:
    found = []
    for block in text.split("\n\n"):
        match = re.search(
            r'(?:msgctxt "(?P<ctx>[^"]*)"\n)?msgid (?P<id>(?:".*"\n)+)msgstr (?P<str>(?:".*"\n?)+)',
            block + "\n",
        )
        if not match:
            continue
        msgid = "".join(re.findall(r'"(.*)"', match.group("id")))
        if not msgid:
            continue  # the header
        msgstr = "".join(re.findall(r'"(.*)"', match.group("str")))
        found.append((msgid, msgstr, "#, fuzzy" in block))
    return found


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="gettext is not installed")
def test_every_marked_string_has_an_italian_translation(tmp_path: Path) -> None:
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, tmp_path / name)
    subprocess.run(
        [sys.executable, "manage.py", "messages", "-l", "it"],
        cwd=tmp_path,
        check=True,
        capture_output=True,
    )
    text = (tmp_path / "locale" / "it" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    untranslated = [msgid for msgid, msgstr, fuzzy in _entries(text) if not msgstr or fuzzy]
    assert untranslated == [], f"{len(untranslated)} strings have no Italian translation"


def test_makemessages_is_djangos_own_and_messages_is_the_projects() -> None:
    """A reader of Django's documentation gets Django's ``makemessages``; the project's options
    live under their own name."""
    from django.core.management import get_commands, load_command_class

    commands = get_commands()
    assert commands["makemessages"] == "django.core"
    assert commands["messages"] == "upfront"
    command = load_command_class("upfront", "messages")
    from django.core.management.commands.makemessages import Command as Django

    assert isinstance(command, Django) and type(command) is not Django
