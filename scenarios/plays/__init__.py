"""Play records: how a scenario played, and the balance they show (docs/plays.md).

A room of its own (models → services/selectors → presenters → doors): ``models`` holds the
record, ``services`` every write, ``selectors`` every read and right; the API lives in
``scenarios/api/plays.py``, the pages in ``scenarios/views/plays.py``.
"""
