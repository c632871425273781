"""Read a page's form the way a browser submits it (inputs, checked boxes, selected options)."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any


class _FormParser(HTMLParser):
    def __init__(self, form_id: str) -> None:
        super().__init__()
        self.form_id = form_id
        self.inside = False
        self.data: list[tuple[str, str]] = []
        self.select: str | None = None
        self.select_values: list[str] = []
        self.select_first: str | None = None
        self.textarea: str | None = None
        self.text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and a.get("id") == self.form_id:
            self.inside = True
        if not self.inside:
            return
        if tag == "input" and a.get("name"):
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    self.data.append((a["name"], a.get("value", "on")))
            elif kind not in ("submit", "button"):
                self.data.append((a["name"], a.get("value", "")))
        elif tag == "select" and a.get("name"):
            self.select, self.select_values, self.select_first = a["name"], [], None
        elif tag == "option" and self.select is not None:
            value = a.get("value", "")
            if self.select_first is None:
                self.select_first = value
            if "selected" in a:
                self.select_values.append(value)
        elif tag == "textarea" and a.get("name"):
            self.textarea, self.text = a["name"], ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "form" and self.inside:
            self.inside = False
        elif tag == "select" and self.select is not None:
            values = self.select_values or [self.select_first or ""]
            self.data.extend((self.select, v) for v in values)
            self.select = None
        elif tag == "textarea" and self.textarea is not None:
            self.data.append((self.textarea, self.text.removeprefix("\n")))
            self.textarea = None

    def handle_data(self, data: str) -> None:
        if self.textarea is not None:
            self.text += data


def form_data(html: str, form_id: str = "designer-form") -> dict[str, Any]:
    """The form's fields as a dict for the test client (lists for repeated names)."""
    parser = _FormParser(form_id)
    parser.feed(html)
    result: dict[str, Any] = {}
    for name, value in parser.data:
        if name in result:
            existing = result[name]
            result[name] = [*existing, value] if isinstance(existing, list) else [existing, value]
        else:
            result[name] = value
    return result
