"""The words pages show for an account the site keeps rather than a player."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

# The account that keeps what departed players left to others (scenarios.account), as pages
# name it mid-sentence ("by a former member").
FORMER_MEMBER = _("a former member")
