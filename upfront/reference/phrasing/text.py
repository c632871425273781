"""Fire results, the names printed on cards, and the data's free text without its file
references: what a player reads, without the transcriber's notes."""

from __future__ import annotations

import re

from django.utils.translation import gettext as _

from upfront import labels

# --- fire ignition (T4-fire.1) ---------------------------------------------------------------


def fire_result(result: str) -> str | None:
    """``RN 0``, ``RN 1 black``, ``no`` as the active language writes them."""
    if result == "no":
        return _("no fire")
    match = re.fullmatch(r"RN (\d)(?: (black|red))?", result)
    if not match:
        return None
    rn, colour = match.groups()
    if colour == "black":
        return _("black RN %(rn)s") % {"rn": rn}
    if colour == "red":
        return _("red RN %(rn)s") % {"rn": rn}
    return _("RN %(rn)s, either colour") % {"rn": rn}


# --- personality card names ------------------------------------------------------------------

_PARENTHESES = re.compile(r"\s*\(((?:[^()]|\([^()]*\))*)\)")
_TRANSCRIPTION = re.compile(r"\bOCR\b|name not given", re.IGNORECASE)


def card_name(name: str) -> tuple[str | None, str]:
    """The name as printed on the card, and the transcription note the data keeps with it.

    The reference data writes what the transcriber saw into the name (``StuG III (OCR gives
    "StuG IIIB" ...)``, ``AFV (name not given)``). The printed name is what a player sees; the
    note is for the admin (which shows the record as it is) and docs/data.md, never a page.
    ``None`` when no source gives the name.
    """
    if re.search(r"name not given", name, re.IGNORECASE):
        return None, name
    notes: list[str] = []

    def strip(match: re.Match[str]) -> str:
        if _TRANSCRIPTION.search(match.group(1)):
            notes.append(match.group(1).strip())
            return ""
        return match.group(0)

    printed = _PARENTHESES.sub(strip, name).strip()
    return printed, "; ".join(notes)


def is_transcription_remark(text: str) -> bool:
    """Whether a note of the data says how a source was read ("OCR gives …", "printed with a
    Greek epsilon (OCR)"): for the admin and docs/data.md, never for a player."""
    return bool(re.search(r"\bOCR\b", text))


def vehicle_type(text: str) -> str:
    """``AFV (tank)`` → ``tank`` in the active language (the kind is shown apart)."""
    match = re.fullmatch(r"(?:AFV|IG)(?: \((.*)\))?", text.strip())
    if not match:
        return text
    detail = match.group(1) or ""
    return labels.label("vehicle_type", detail) or detail


# --- free text of the data -------------------------------------------------------------------

# A source file name (the compiled rulebook's has spaces), its lines and a bracketed remark.
_SOURCE_REFERENCE = re.compile(
    r"(?:UF RuleBook updated|\b[\w\-.]+)\.(?:txt|csv|md|yaml|pdf)(?::\d[\d\-]*(?:, ?\d[\d\-]*)*)?"
    r"(?: \([^()]*\))?"
)


def strip_sources(text: str) -> str:
    """Free text without the file references it cites (``UF RuleBook updated.txt:4576``).

    Sources belong to the provenance, one click away, not in the sentence a player reads.
    """
    text = _SOURCE_REFERENCE.sub("", text)
    text = re.sub(r"\s*[,;]\s*(?=[,;)])", "", text)  # "(Q&A 43.7, )" → "(Q&A 43.7)"
    text = re.sub(r"\(\s*[,;]\s*", "(", text)
    # A record's key, and "(see )" / "(vedi )" whose reference is gone (the Italian texts too).
    text = re.sub(r"\(\s*(?:see|vedi)\s+[a-z0-9]+(?:_[a-z0-9]+)+\s*\)", "()", text)
    text = re.sub(r"\(\s*(?:see|vedi|cf\.?)\s*\)", "()", text)
    text = re.sub(r"\s*\(\s*\)", "", text)  # nothing left between the brackets
    text = re.sub(r"\s*[,;]\s*$", "", text.strip())
    return re.sub(r"\s{2,}", " ", text).strip()
