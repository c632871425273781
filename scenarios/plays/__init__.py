"""Play records: how a scenario played, and the balance they show (docs/plays.md); and the game
at the table, the optional way to a record (docs/companion.md).

A room of its own (models → selectors → services → games → presenters → forms → doors):
``models`` holds the record, the game and its steps, ``selectors`` every read (games from
``live_games``), ``services`` the records' writes, ``games`` a game's writes (its finish writes
the record through ``services``, never the other way round), ``presenters`` and
``game_presenters`` the words, ``forms`` the record's form and the game's finish form. The doors
live with the app's: ``scenarios/api/plays.py`` and ``games.py``, ``scenarios/views/plays.py``
and ``games.py``.
"""
