"""Scenarios and libraries designed by players.

A scenario is stored as its validated interchange document (``document``, format v1) plus the
columns lists filter and sort on, derived from the document by ``services`` when it is saved;
nothing else writes them. The published scenarios A-X are reference data
(``upfront.reference``); a scenario may be based on one of them.

Who may see what is decided in one place, ``access``: every page, API, feed and export
reads user content through it.
"""

# Django finds an app's models in its ``models`` module: the package names each of its modules,
# the play records' room (a record and the game at the table that may lead to it) and the
# account's included.
from scenarios.account.models import FormerMember, OwnedProducts
from scenarios.bin.models import BinNotice
from scenarios.community.models import Comment, CommentReport, Rating
from scenarios.models.follow import LibraryFollow
from scenarios.models.library import (
    VISIBILITY_CHOICES,
    VISIBILITY_ORDER,
    Library,
    wider_visibility,
)
from scenarios.models.scenario import Scenario, stored_codes
from scenarios.models.verification import SheetVerification
from scenarios.plays.models import Game, GameStep, PlayRecord, game_etag

__all__ = [
    "VISIBILITY_CHOICES",
    "VISIBILITY_ORDER",
    "BinNotice",
    "Comment",
    "CommentReport",
    "FormerMember",
    "Game",
    "GameStep",
    "Library",
    "LibraryFollow",
    "OwnedProducts",
    "PlayRecord",
    "Rating",
    "Scenario",
    "SheetVerification",
    "game_etag",
    "stored_codes",
    "wider_visibility",
]
