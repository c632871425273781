"""Text shown to other players: it must be seen, and read in the order it was written.

A title, a name or a description is public: in lists, on pages, in feeds, on printed sheets.
Two kinds of text are refused wherever such a text comes in (forms, the API, documents):

* **no visible character**: only spaces, zero-width and other format characters (``\\u200b``,
  ``\\u2060``, ``\\ufeff``), combining marks with nothing to mark, or the letters Unicode
  classes as letters but fonts draw as blanks (the Hangul fillers, the blank Braille
  pattern). Such a title lists as blank and cannot be told from another.
* **bidirectional overrides and isolates** (U+202A-202E, U+2066-2069): they reorder what
  follows them, also outside the text (``\\u202e`` turns a title, and the words after it in a
  list, around). The plain marks (U+200E, U+200F, U+061C), which right-to-left writing needs
  and which reorder nothing beyond a character, are accepted.

The engine answers with a message id (``upfront.rules.messages``), rendered at the edge.
"""

from __future__ import annotations

import unicodedata

BIDI_CONTROLS = frozenset(
    [chr(c) for c in range(0x202A, 0x202F)] + [chr(c) for c in range(0x2066, 0x206A)]
)
# Categories with nothing to see: separators, controls, format characters, surrogates,
# private use, unassigned, and marks (which draw on a neighbour, not alone).
_UNSEEN_CATEGORIES = frozenset(["Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co", "Cn", "Mn", "Me"])
# Letters and symbols that fonts draw as blanks.
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5")

INVISIBLE = "text.invisible"
BIDI_CONTROL = "text.bidi_control"


def visible(char: str) -> bool:
    """Whether ``char`` draws something on its own."""
    return char not in _BLANK_LETTERS and unicodedata.category(char) not in _UNSEEN_CATEGORIES


def text_fault(text: str, *, required: bool = True) -> str | None:
    """The message id of what is wrong with public ``text``, ``None`` when nothing is.

    A ``required`` text needs a visible character; an optional one may be empty or blank
    (whitespace only: it shows as nothing, as an empty one does), but not hold only unseen
    characters that are not whitespace (``\\u200b``), which pass for content."""
    if any(char in BIDI_CONTROLS for char in text):
        return BIDI_CONTROL
    if any(visible(char) for char in text):
        return None
    if not required and text.strip() == "":
        return None
    return INVISIBLE
