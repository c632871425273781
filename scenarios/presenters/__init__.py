"""Presenters: an analysis result (``scenarios.analysis``) as a reader sees it.

Report pages, job pages and setup sheets render the same stored, language-neutral data with
the functions here, in the active language. A presenter only renders: it runs no engine work,
imports no forms or views, takes its words from the label modules and the reference data, and
makes a fixed number of queries whatever the result holds.
"""
