"""RSS 2.0 and Atom feeds of public scenarios and libraries (Django's syndication framework)."""
