"""The morale and panic a card plays with in a force, which a rule may change from the printed
values: the builder shows them where the card is listed, and the checks read them."""

from __future__ import annotations

from dataclasses import dataclass

from upfront.rules.catalogue import CardInfo, Catalogue


@dataclass(frozen=True)
class MoralePanic:
    morale: int | None
    panic: int | None
    rule: str = ""  # the rule that changed the printed values; empty when they are as printed

    @property
    def adjusted(self) -> bool:
        return bool(self.rule)


def effective_morale_panic(card: CardInfo, catalogue: Catalogue, *, marines: bool) -> MoralePanic:
    """The morale and panic ``card`` plays with; ``marines``: the force is US Marines."""
    rules = catalogue.marine_rules
    if (
        marines
        and rules is not None
        and card.nationality == rules.nationality
        and card.unit_kind != "AFV"  # an AFV's morale is its crew's, not a Marine's
        and card.morale is not None
        and card.morale < rules.min_morale
    ):
        # 46.2: Marines are semi-elite; a man printed with morale 1 gets "2 Morale" and
        # "3 Panic" counters.
        return MoralePanic(rules.raised_morale, rules.raised_panic, rules.morale_rule)
    return MoralePanic(card.morale, card.panic)
