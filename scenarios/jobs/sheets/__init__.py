"""Setup sheets as background work: the PDF (WeasyPrint), a library's book bound from its
sheets (pypdf) and the content-addressed files (docs/setup-sheets.md).

* ``fetcher``: the only way the renderer reaches a resource, the app's own static files;
* ``pdf``: print HTML (``scenarios.presenters.sheet``) to PDF bytes;
* ``book``: a library's cover and contents, then each sheet's stored PDF;
* ``storage``: the key naming a sheet by everything that shapes it, and its file.

``pdf``, ``book`` and ``fetcher`` load WeasyPrint (seconds): import them where a sheet is
rendered, never at the top of a module a page or the API loads.
"""

# The origin the print HTML is rendered under. It is never contacted: the fetcher maps URLs
# below it to files found by the staticfiles finders. ".invalid" can never resolve (RFC 2606).
PRINT_ORIGIN = "https://print.upfront.invalid/"
# The stylesheets given to the renderer, in order. The report partials' own stylesheets
# (shared with the job pages) come before print.css, so that the print rules win where both
# style the same element.
_REPORTS = ("css/reports.css", "css/simulation.css")
STYLESHEETS = {
    False: (*_REPORTS, "css/print.css"),
    True: (*_REPORTS, "css/print.css", "css/print-ink-saving.css"),
}
