"""The community's word on a scenario: players' ratings and comments, and their moderation
(docs/community.md).

A room of its own (models → selectors → services → presenters → display): ``models`` holds a
rating, a comment and a report of one, ``selectors`` every read (comments only of scenarios
the reader sees, through ``scenarios.access``), ``services`` every write (a rating keeps the
scenario's stored count, sum and damped score; the throttles count the rows), ``presenters``
the words, ``display`` what the pages show (read and worded). Who may do what is
``scenarios.access.community``. The doors live with the app's: ``scenarios/api/community.py``
and ``scenarios/views/community.py``.
"""
