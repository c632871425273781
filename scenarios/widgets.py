"""Form widgets rendered in Python, for the public list's filters.

Django renders each widget through templates (the <select>, then every <option>, then their
attributes): for the list's nine filters that was a third of the page's time. These widgets
write the same HTML with ``format_html``, which escapes every value the same way.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString


def _attrs(attrs: dict[str, Any]) -> SafeString:
    """`` name="value"`` pairs in Django's order; ``True`` alone, ``False``/``None`` left out."""
    return format_html_join(
        "",
        "{}",
        (
            (format_html(" {}", name) if value is True else format_html(' {}="{}"', name, value),)
            for name, value in attrs.items()
            if value is not False and value is not None
        ),
    )


class PlainSelect(forms.Select):
    def _render(self, template_name: str, context: dict[str, Any], renderer: Any = None) -> Any:
        widget = context["widget"]
        options = format_html_join(
            "",
            '<option value="{}"{}>{}</option>',
            (
                (option["value"], _attrs(option["attrs"]), option["label"])
                for _group, choices, _index in widget["optgroups"]
                for option in choices
            ),
        )
        return format_html(
            '<select name="{}"{}>{}</select>', widget["name"], _attrs(widget["attrs"]), options
        )


class _PlainInput:
    def _render(self, template_name: str, context: dict[str, Any], renderer: Any = None) -> Any:
        widget = context["widget"]
        value = widget["value"]
        return format_html(
            '<input type="{}" name="{}"{}{}>',
            widget["type"],
            widget["name"],
            format_html(' value="{}"', value) if value is not None else "",
            _attrs(widget["attrs"]),
        )


class PlainTextInput(_PlainInput, forms.TextInput):
    pass


class PlainNumberInput(_PlainInput, forms.NumberInput):
    pass
