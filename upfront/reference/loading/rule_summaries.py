"""One line on each rule the engine cites (``rule_summaries.yaml``)."""

from __future__ import annotations

from upfront.reference.fetch import (
    DYO_SUMMARY_GROUP,
    SCENARIO_SUMMARY_GROUP,
    VICTORY_SUMMARY_GROUP,
)
from upfront.reference.loading.base import (
    BaseLoader,
    ReferenceDataError,
    _records,
    _text,
)


class RuleSummaryData(BaseLoader):
    """The engine's rule summaries (DYO, scenario checks, victory conditions)."""

    def load_engine_rule_summaries(self) -> None:
        """One line on each rule the engine cites: the DYO rules (``rules``, shown by the
        builder panel and the API) and the scenario checks' rules (``scenario_rules``)."""
        data = self.yaml("rule_summaries.yaml")
        for key, group in (
            ("rules", DYO_SUMMARY_GROUP),
            ("scenario_rules", SCENARIO_SUMMARY_GROUP),
        ):
            records = _records(data, key)
            seen: set[str] = set()
            for order, rec in enumerate(records):
                rule = _text(rec.get("rule"))
                if not rule or rule in seen or not _text(rec.get("summary_en")):
                    raise ReferenceDataError(
                        f"rule_summaries.yaml: {key} record {order}: a rule, once, with summary_en"
                    )
                seen.add(rule)
            self.load_rule_summaries(group, records, f"rule_summaries.yaml: {key}")
        # 43.33: what each victory conditions row needs from the deck (full-game validation).
        self.load_rule_summaries(
            VICTORY_SUMMARY_GROUP,
            data.get("victory_conditions") or [],
            "rule_summaries.yaml: victory_conditions",
        )
