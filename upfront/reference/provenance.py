"""What a player reads of a record's provenance, and what only staff read.

A record's ``source`` cites files and lines of the seeds and of the reference tables
(``001_50e12e84c81bc2ca.txt:116-120``, ``UF RuleBook updated.txt:4565-4571; up-front-rules.txt:
4148-4168``); its notes mix what a player can use ("same as Russian (45.7)") with remarks on how
the sources were read and checked ("The seed prints no 46.2 heading", "CONTRADICTION: ...").
A player sees the documents' names in their language (``upfront.labels.SOURCE_DOCUMENT``) and
only the notes, or the parts of a note, that are neither; staff see the record as stored.
docs/data.md says the same for the people who edit the data.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from upfront import labels
from upfront.reference import phrasing


@dataclass(frozen=True)
class Citation:
    """One place a source cites: a file and, when given, its lines (``365-366,372``)."""

    file: str
    lines: str = ""


_EXTENSIONS = r"(?:txt|csv|md|yaml|yml|pdf)"
# Known names first, longest first, so a name with spaces ("UF RuleBook updated.txt") is taken
# whole; any other file name is still found (and named "source document", never shown raw).
_FILE = re.compile(
    "(?P<file>"
    + "|".join(re.escape(name) for name in sorted(labels.SOURCE_DOCUMENT, key=len, reverse=True))
    + rf"|[\w\-.]+\.{_EXTENSIONS})(?::\s?(?P<lines>\d[\d,\-]*))?"
)
# A file name anywhere in a text, to tell a note that talks about a file.
_ANY_FILE = re.compile(rf"(?:UF RuleBook updated|[\w\-./]+)\.{_EXTENSIONS}\b")


def citations(source: str) -> list[Citation]:
    """Every file a source cites, in order, with its lines: also those a reference table row
    cites in brackets (``action_deck.csv:4 (UF RuleBook updated.txt:17-32; ...)``)."""
    return [
        Citation(match["file"], (match["lines"] or "").rstrip(",-"))
        for match in _FILE.finditer(source or "")
    ]


def uncited_parts(source: str) -> list[str]:
    """The parts of a source (``;``-separated, outside brackets) that name no file: a source
    written in a shape this module does not read. ``(none)`` says there is no source."""
    return [
        part
        for part in _top_level_split(source or "", ";")
        if part and part != "(none)" and not _FILE.search(part)
    ]


def document_names(source: str) -> list[str]:
    """The documents a source cites, each named once in the active language, capitalised.

    No line numbers: they count lines of our text copies, which a player does not have; the
    rule number is how a player finds the passage. A file without a label is named only as
    "source document" (tests/reference/test_provenance.py fails on it first).
    """
    names: list[str] = []
    for citation in citations(source):
        name = labels.standalone("source_document", citation.file) or capfirst(_("source document"))
        if name not in names:
            names.append(name)
    return names


# --- notes --------------------------------------------------------------------------------

# Words of a remark on how the sources were read, compared or modelled: for the admin and
# docs/data.md. Each is a family of remarks found in the data's notes (the test prints the
# notes that stay visible, to read them). Case-insensitive unless marked.
_INTERNAL = re.compile(
    "|".join(
        [
            r"\bseeds?\b",  # "The seed prints no 46.2 heading", "not from seed 004"
            r"\b\d{3}:\d",  # a seed's short line reference, "004:161-166"
            r"\blines? \d",  # "Line 197 refers to ...", "(line 120)"
            r"contradict",  # "CONTRADICTION: ...", "Contradiction: T1.4 ..."
            r"disagree",
            r"compiled (?:text|roster|rulebook)",
            r"\b2nd[- ]ed\b",  # "(2nd ed: "his force")"
            r"transcri",  # "transcribed as printed"
            r"garbled|typo\b|\bslip\b|stale cross-reference|collection marker",
            r"\bheading\b",
            r"\bprint(?:s|ed)?\b",  # how a copy is printed: "The table prints a single 1945 column"
            r"\bread (?:as|literally)\b|\breads\b|\bwe read\b|our reading|interpret",
            r"\brecord(?:ed|s)?\b|\bstored\b|\bassum|\binferred\b|\bexpanded\b",
            r"\bcolumn check\b|\bvalidation row\b|\bunresolved\b|\bunverified\b|\bconfirmed\b",
            r"\bagrees?\b|\bsuggests?\b|\bimplies\b|\bfits\b|\bguess\b",
            r"watney|\bGeneral(?: 26/5| hand)|\bfan\b|hand totals?\b|reinforcement entry",
            r"\broster (?:pages|sheet|sums?)\b|cost/effect|\bv\d\.\d\b|\b2005 card\b",
            r"\bsee\b|\bcf\.",  # a pointer to another record or document
            r"\brow \d|\bas row\b",
            r"\btext\b[^.;]*\btable\b",  # "Text -2, table -1.": the copy against itself
            r"\bunclear\b",  # "variant letter unclear": what the copy does not let us read
            r"\beffect \d+, cost \d+|->",  # a sum worked out: "effect 5, cost 372 (74.4)"
            r"\bdocs/|SOURCES\.md",
            r"[`=]|\b[a-z0-9]+(?:_[a-z0-9]+)+\b",  # a raw value or a data key
        ]
    ),
    re.IGNORECASE,
)


def is_internal_remark(text: str) -> bool:
    """Whether a note (or a part of one) is a remark on how the sources were read, compared or
    modelled, or names a file outside a citation: never for a player.

    A file reference inside brackets next to a rule number (``(Q&A 43.7, UF RuleBook
    updated.txt:4576-4577)``) is a citation: the note keeps its sense without it, and
    :func:`player_note` strips it. A file named in the sentence itself ("leader role supported
    by Up_Front.txt:1664") makes the whole sentence a remark on the sources.
    """
    if phrasing.is_transcription_remark(text):
        return True
    if _ANY_FILE.search(_without_brackets(text)):
        return True
    return bool(_INTERNAL.search(phrasing.strip_sources(text)))


def player_note(text: str) -> str:
    """What a player may read of a note, without the file references it cites; empty when
    nothing is left.

    A terse note lists facts (``same as Russian (45.7); a General 26/5 hand uses Radio-5 at
    22; CONTRADICTION: ...``): each part, ``;`` or ``|``-separated, stands alone, so its
    internal parts are left out and the rest kept. A note in sentences (it ends with a full
    stop) is kept or left out whole: a clause of a sentence torn from the rest misleads.
    """
    text = (text or "").strip()
    parts = [text] if _is_prose(text) else _top_level_split(text, ";|")
    kept = [phrasing.strip_sources(part) for part in parts if part and not is_internal_remark(part)]
    note = "; ".join(part for part in kept if part)
    return capfirst(note) if note else ""


def player_notes(texts: Iterable[str]) -> list[str]:
    """The player's part of each note, in order, each once."""
    notes: list[str] = []
    for text in texts:
        note = player_note(text)
        if note and note not in notes:
            notes.append(note)
    return notes


# How a value's text says where it comes from and how sure it is, in English or in our Italian
# of it ("6 (General 26/5 British roster sheet; OCR shaky) - low confidence", "4 secondo il
# confronto di Watney - affidabilità bassa").
_VALUE_REMARK = re.compile(
    r"General 26/5|Watney|\bsheet\b|\bscheda\b|confidence|affidabilità|\bderived\b|ricavat|"
    r"\binferred\b|lettura incerta",
    re.IGNORECASE,
)


def without_remarks(text: str) -> str:
    """A value of the data without the remarks on its sources it carries: the bracketed ones,
    a trailing "per …" / "secondo …" and "- low confidence" (the confidence is in the
    provenance). ``6 (line/elite), 3 (Reservists) per General 26/5 French sheet`` → ``6
    (line/elite), 3 (Reservists)``."""

    def bracket(match: re.Match[str]) -> str:
        inner = match.group(1)
        return "" if _VALUE_REMARK.search(inner) or is_internal_remark(inner) else match.group(0)

    text = re.sub(r"\s*\(([^()]*)\)", bracket, text or "")
    text = re.sub(r"\s+-\s+(?:low|medium|high) confidence\b|\s+-\s+affidabilità \w+", "", text)
    text = re.sub(
        r"\s+(?:per|secondo)\s+[^;]*$",
        lambda m: "" if _VALUE_REMARK.search(m.group(0)) else m.group(0),
        text,
    )
    return re.sub(r"\s{2,}", " ", text).strip(" ,;-")


def _is_prose(text: str) -> bool:
    return text.endswith(".") or bool(re.search(r"\.\s+[A-Z]", text))


def _without_brackets(text: str) -> str:
    depth, kept = 0, []
    for char in text:
        depth += char == "("
        if depth == 0:
            kept.append(char)
        depth -= char == ")" and depth > 0
    return "".join(kept)


def _top_level_split(text: str, separators: str) -> list[str]:
    """``text`` split at the separators that are outside brackets, each part stripped."""
    parts, depth, current = [], 0, []
    for char in text:
        depth += char == "("
        depth -= char == ")" and depth > 0
        if char in separators and depth == 0:
            parts.append("".join(current).strip())
            current = []
        else:
            current.append(char)
    parts.append("".join(current).strip())
    return parts
