"""The import page's form: one JSON file, within the size the API takes."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scenarios.importing import ImportFileError, document_read


def import_max_bytes() -> int:
    """The largest file the page takes: the API's body limit, so both doors take the same."""
    return int(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)


class ImportForm(forms.Form):
    document = forms.FileField(
        label=gettext_lazy("File"),
        help_text=gettext_lazy(
            "A Scenario or Library JSON file: one you exported, one from your data download, "
            "or one another player gave you."
        ),
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )

    def clean_document(self) -> Any:
        """The document the file holds (a dict), read once here."""
        upload = self.cleaned_data["document"]
        limit = import_max_bytes()
        if upload.size > limit:
            raise forms.ValidationError(
                _("The file is %(size)s; the largest file an import takes is %(limit)s.")
                % {"size": filesizeformat(upload.size), "limit": filesizeformat(limit)}
            )
        try:
            return document_read(upload.read())
        except ImportFileError as exc:
            raise forms.ValidationError(str(exc)) from exc
