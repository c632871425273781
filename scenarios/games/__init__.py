"""Games at the table: the companion that runs a scenario's random procedures step by step and
ends in a play record (docs/companion.md).

A room of its own (models → selectors → services → presenters → doors): ``models`` holds the
game and its steps, ``selectors`` who may see and play it, ``services`` every write (each
step saved as it is made), ``presenters`` the words; the API lives in
``scenarios/api/games.py``, the pages in ``scenarios/views/games.py``. The rules are the
engine's (``upfront.rules.companion``).
"""
