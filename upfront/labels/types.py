"""What a label is: a lazily translated string, or a plain one the same in every language."""

from __future__ import annotations

from django.utils.functional import Promise

Label = str | Promise
