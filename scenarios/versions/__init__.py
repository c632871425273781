"""Scenario versions: every saved change is a version (django-simple-history keeps the rows),
with pages and API to list them, read one as it was, compare two and restore one
(docs/versions.md). ``selectors`` reads, ``services`` restores, ``presenters`` renders the
engine's diff (``upfront.rules.scenario_diff``) in the reader's language."""
