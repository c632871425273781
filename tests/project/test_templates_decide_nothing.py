"""Templates decide nothing: they lay out what the views hand them (docs/architecture.md).

A scan of every template's tags (Django's own lexer) for the three ways a template used to
decide what is not its to decide:

* **an owner's id compared**: an ``if``/``elif`` whose test compares (``==``, ``!=``)
  ``owner_id``, ``user.pk`` or ``user.id``: who owns something is a right or a value the view
  hands over (``rights.can_delete``, ``own_bin``);
* **a visibility compared**: ``visibility ==`` / ``visibility !=`` (of anything): who may open
  something is a right (``rights.can_open_library``), and whether it has a share link a value
  the view hands over (``share_url``), never read off a visibility;
* **a code turned into words by a chain**: an ``if`` with at least one ``elif`` or ``else``
  whose tests compare with a string literal (``{% if code == "banzai" %}``) and each of whose
  branches is one fixed phrase (only text and ``{% translate %}``; no markup or attribute,
  no variable):
  that is a label table written in a template, and a new code falls to its catch-all. The
  words belong in ``upfront.labels`` (``{{ code|label:"expansion" }}``). A chain whose
  branches hold markup picks a layout (fine); one whose branches are each one message, a
  sentence built from data included (``{% blocktranslate with ... %}``), picks a message by a
  code: that choice is a presenter's (``scenarios/presenters/bin.py``), made once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from django.template.base import Lexer, Token, TokenType

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"

OWNER_ID = re.compile(
    r"(\bowner_id\b|\buser\.(pk|id)\b).*(==|!=)|(==|!=).*(\bowner_id\b|\buser\.(pk|id)\b)"
)
VISIBILITY = re.compile(r"\bvisibility\s*(==|!=)|(==|!=)\s*\S*\bvisibility\b")
CODE_TEST = re.compile(r"""(==|!=)\s*["'][^"']*["']""")


@dataclass
class Chain:
    line: int
    tests: list[str]
    branches: list[list[Token]] = field(default_factory=lambda: [[]])


def _tag(token: Token) -> str:
    return token.contents.split()[0] if token.contents.split() else ""


MESSAGE_OPEN = ("blocktranslate", "blocktrans")
MESSAGE_CLOSE = ("endblocktranslate", "endblocktrans")


def _one_phrase(branch: list[Token]) -> bool:
    """Is this branch one message: text without markup, ``{% translate %}`` and
    ``{% blocktranslate %}`` (whose variables are the message's own) only?"""
    inside = False
    for token in branch:
        if token.token_type == TokenType.TEXT:
            # Markup, or an attribute (aria-current="page"): a layout, not a phrase.
            if not inside and ("<" in token.contents or "=" in token.contents):
                return False
        elif token.token_type == TokenType.BLOCK:
            tag = _tag(token)
            if tag in MESSAGE_OPEN or tag in MESSAGE_CLOSE:
                inside = tag in MESSAGE_OPEN
            elif not (tag in ("translate", "trans") or (inside and tag == "plural")):
                return False
        elif token.token_type == TokenType.VAR and not inside:
            return False
    return any(t.token_type != TokenType.TEXT or t.contents.strip() for t in branch)


def findings(source: str) -> list[tuple[int, str]]:
    """``(line, what)`` of every decision ``source`` (a template) makes (the docstring)."""
    found: list[tuple[int, str]] = []
    chains: list[Chain] = []
    for token in Lexer(source).tokenize():
        tag = _tag(token) if token.token_type == TokenType.BLOCK else ""
        if tag in ("if", "elif"):
            test = token.contents[len(tag) :]
            if OWNER_ID.search(test):
                found.append((token.lineno, "an owner's id compared"))
            if VISIBILITY.search(test):
                found.append((token.lineno, "a visibility compared"))
        if tag == "if":
            chains.append(Chain(token.lineno, [token.contents]))
            continue
        if not chains:
            continue
        chain = chains[-1]
        if tag in ("elif", "else"):
            chain.tests.append(token.contents)
            chain.branches.append([])
        elif tag == "endif":
            chains.pop()
            words = (
                len(chain.branches) > 1
                and all(CODE_TEST.search(test) for test in chain.tests if test != "else")
                and all(_one_phrase(branch) for branch in chain.branches)
            )
            if words:
                found.append((chain.line, "a code turned into words by an if/elif chain"))
            if chains:
                # The inner chain is one piece of its outer branch, which is then no phrase.
                chains[-1].branches[-1].append(token)
        else:
            chain.branches[-1].append(token)
    return found


def test_no_template_decides_a_right_or_a_codes_words() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}: {what}"
        for path in sorted(TEMPLATES.rglob("*.html"))
        for line, what in findings(path.read_text("utf-8"))
    ]
    assert found == [], "\n".join(found)


# The faults the scan was written for (as the templates held them), and what it lets by.
DECIDES = [
    # The scenario page linked a library on a visibility (a removed collaborator got a 404).
    '{% if scenario.library.visibility != "private" or rights.can_edit %}<a>x</a>{% endif %}',
    # The delete page chose its words on an owner's id.
    "{% if object.owner_id == request.user.pk %}<p>a</p>{% else %}<p>b</p>{% endif %}",
    # The expansions' words, with a wrong catch-all for any new code.
    '{% if code == "banzai" %}{% translate "Banzai" %}{% elif code == "desert_war" %}'
    '{% translate "Desert War" %}{% else %}{% translate "Alternative terrain article" %}'
    "{% endif %}",
    # The bin's notices chose their sentence by the notice's kind.
    '{% if n.kind == "returned" %}{% blocktranslate with t=n.title %}{{ t }} back'
    '{% endblocktranslate %}{% else %}{% translate "gone" %}{% endif %}',
]
DECIDES_NOTHING = [
    # A layout picked by a code.
    '{% if game.status == "playing" %}<form>x</form>{% else %}<p>y</p>{% endif %}',
    # A right asked of the rights value.
    '{% if rights.can_open_library %}<a href="x">y</a>{% else %}y{% endif %}',
    # A sentence built from data, beside markup: a layout.
    '{% if n.kind == "returned" %}<strong>{% blocktranslate with t=n.title %}{{ t }} back'
    '{% endblocktranslate %}</strong>{% else %}{% translate "gone" %}{% endif %}',
    # One mark, no chain.
    '{% if price.item == "double_sniper" %}+{% endif %}',
]


def test_the_template_scan_finds_each_decision_and_nothing_else() -> None:
    assert all(findings("{% load i18n %}" + source) for source in DECIDES)
    assert not any(findings("{% load i18n %}" + source) for source in DECIDES_NOTHING)
