"""``manage.py messages -l it``: Django's ``makemessages`` with this project's options.

A command of its own name, so that ``makemessages`` stays Django's as its documentation says.
This one keeps the Italian catalogue exactly as it is committed (``scripts/test.sh`` fails on
any other difference): the tests, benchmarks and scripts hold no string a player sees, a source
reference names the file only (a moved line does not rewrite the catalogue), and an entry no
code marks any more is dropped rather than kept as obsolete. Django's ``makemessages`` has no
setting for these, so they are arguments given here. docs/translations.md says how to add a
string and its translation.
"""

from __future__ import annotations

from typing import Any

from django.core.management.commands import makemessages

# Folders whose strings never reach a player (the virtualenv is left out by Django's ".*").
NOT_SHOWN = ("tests", "bench", "scripts", "venv", "node_modules", "staticfiles", "media")


class Command(makemessages.Command):
    help = (
        "Update the message catalogues the project's way: Django's makemessages leaving out "
        "tests, bench and scripts, naming each entry's file without its line, and dropping "
        "entries no code marks any more."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        options["ignore_patterns"] = [*options.get("ignore_patterns", []), *NOT_SHOWN]
        if not options.get("add_location") and not options.get("no_location"):
            options["add_location"] = "file"
        options["no_obsolete"] = True
        super().handle(*args, **options)
