"""Scenarios and libraries (roadmap step 3). The published scenarios A-X are reference data
and live in ``upfront.reference``; user-designed scenarios will live here."""
