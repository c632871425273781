"""Who may start, play and watch a game at the table (``selectors``).

The game itself, its steps and the play record it ends in are the play records' room
(``scenarios.plays``: ``models``, ``selectors``, ``games``, ``game_presenters``); only the game
rights wait here for the access room.
"""
