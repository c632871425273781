"""Which account is the former member: a flag row, never a name a player may choose."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class FormerMember(models.Model):
    """The one account that keeps what departed players left to other players (their
    scenarios in others' libraries or played by others, their play records). It is made by a
    migration with no usable password and inactive, so nobody can sign in as it or reach it by
    a password reset; pages name it "a former member" (``scenarios.account.selectors``).

    A flag row, not a username: a name can be taken by a player (the usernames that look like
    it are refused, ``scenarios.account.usernames``), a row only the site writes."""

    # One row at most: the constant primary key.
    id = models.PositiveSmallIntegerField(primary_key=True, default=1, editable=False)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        app_label = "scenarios"
        constraints = [models.CheckConstraint(condition=models.Q(id=1), name="one_former_member")]

    def __str__(self) -> str:
        return f"former member {self.user_id}"


class OwnedProducts(models.Model):
    """Which of the products beyond the base game a player owns: the two
    expansions and the three articles, ``codes.EXPANSIONS`` (the same list a scenario's needs
    are written in, ``upfront.rules.scenario.scenario_expansions``). The base game is assumed:
    every scenario needs it.

    No row: the player has not said, and browsing and the roll offer everything. A row, even
    with no product: they have, and what they do not own is left out by default."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="owned_products"
    )
    # Codes of codes.EXPANSIONS, in its order (scenarios.account.services.owned_products_set).
    products = models.JSONField(default=list, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        app_label = "scenarios"

    def __str__(self) -> str:
        return f"owned by {self.user_id}: {', '.join(self.products) or 'base game only'}"
