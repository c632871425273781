"""The analyses of a saved scenario: what the rules engine finds, as plain data.

Each analysis (:mod:`.validation`, :mod:`.simulation`) runs the engine on a scenario's
document and answers JSON-serialisable, language-neutral data — codes, message ids with their
parameters, rule references and numbers — which a job stores as its result. Presenters
(``scenarios.presenters``) render that data into pages, setup sheets or JSON; nothing here
chooses a word.

A path does each piece of work once: :class:`~.subject.Subject` parses the document once and
holds the one reference data revision it is checked against, and ``scenarios.jobs.stored``
hands back a result already stored by a finished job of the same document, revision and
engine instead of computing it again.

This room imports the engine, the reference data and the models; never forms, views or
presenters (the import contracts in ``.importlinter``).
"""
