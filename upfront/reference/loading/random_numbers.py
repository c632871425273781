"""The distribution of the random numbers of the action deck (``random_numbers.yaml``)."""

from __future__ import annotations

from decimal import Decimal

from upfront.reference import models
from upfront.reference.loading.base import (
    BaseLoader,
    ReferenceDataError,
    _records,
    _sourced,
    _text,
)


class RandomNumberData(BaseLoader):
    """Random number distributions and frequencies."""

    def load_random_numbers(self) -> None:
        """The action deck's Random Number distribution (an assumption while counts are unknown)."""
        data = self.yaml("random_numbers.yaml")
        rec = data.get("distribution") if isinstance(data, dict) else None
        if not isinstance(rec, dict):
            raise ReferenceDataError("random_numbers.yaml: expected a 'distribution' record")
        distribution = self.put(
            models.RandomNumberDistribution,
            f"random_numbers.yaml: {rec.get('code')}",
            code=rec["code"],
            is_assumption=bool(rec.get("is_assumption")),
            assumption_en=_text(rec.get("assumption_en")),
            assumption_it=_text(rec.get("assumption_it")),
            **_sourced(rec),
        )
        if distribution.is_assumption and not distribution.assumption_en:
            raise ReferenceDataError("random_numbers.yaml: an assumption must say what it is")
        seen = set()
        for freq in _records(data, "frequencies"):
            origin = f"random_numbers.yaml: {freq.get('colour')} {freq.get('number')}"
            number, colour, cards = freq.get("number"), freq.get("colour"), freq.get("cards")
            if number not in range(7) or colour not in ("red", "black"):
                raise ReferenceDataError(f"{origin}: the Random Number is 0-6, red or black")
            weight = freq.get("weight", cards)
            if weight is None or Decimal(str(weight)) < 0:
                raise ReferenceDataError(f"{origin}: needs a weight of 0 or more")
            if cards is not None and Decimal(str(weight)) != cards:
                raise ReferenceDataError(f"{origin}: a known card count is its weight")
            seen.add((number, colour))
            self.put(
                models.RandomNumberFrequency,
                origin,
                distribution=distribution,
                number=number,
                colour=colour,
                cards=cards,
                weight=Decimal(str(weight)),
                **_sourced(freq),
            )
        if len(seen) != 14:
            raise ReferenceDataError(
                "random_numbers.yaml: every number 0-6 in red and black needs a frequency"
            )
