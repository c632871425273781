"""0003_natural_keys migrates a database loaded before natural keys, and identity survives.

A database in use has reference rows that saved data may already point at: after the upgrade,
the next load must find those rows by their natural keys and keep their primary keys.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Rows written with the models as they were at 0002, including copies the old admin allowed.
BEFORE_0003 = """
import json, django
django.setup()
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
state = MigrationExecutor(connection).loader.project_state(("reference", "0002_widen_text_fields"))
get = lambda name: state.apps.get_model("reference", name)
period = get("Period").objects.create(code="1943b", year=1943, half="b", order=6)
german = get("Nationality").objects.create(
    code="german", name_en="German", name_it="Tedesco", side="axis", order=1
)
mp = get("Weapon").objects.create(code="MP", full_name="machine pistol")
Card = get("PersonalityCard")
card = Card.objects.create(nationality=german, card_no=1, name="Diettinger", weapon=mp,
                           unit_kind="infantry", dyo_points=50)
Card.objects.create(nationality=german, card_no=1, name="copy", weapon=mp, unit_kind="infantry")
for _ in range(2):
    get("DYOPrice").objects.create(item="sniper", points=35)
print(json.dumps({"period": period.pk, "german": german.pk, "mp": mp.pk, "card": card.pk}))
"""

AFTER_LOAD = """
import json, django
django.setup()
from upfront.reference import models as m
card = m.PersonalityCard.objects.get(nationality__code="german", card_no=1)
print(json.dumps({
    "period": m.Period.objects.get(code="1943b").pk,
    "german": m.Nationality.objects.get(code="german").pk,
    "mp": m.Weapon.objects.get(code="MP").pk,
    "card": card.pk,
    "points": card.dyo_points,
    "snipers": m.DYOPrice.objects.filter(item="sniper").count(),
}))
"""


def test_migration_keeps_rows_and_the_next_load_keeps_their_primary_keys(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    env |= {
        "SQLITE_PATH": str(tmp_path / "old.sqlite3"),
        "DJANGO_SETTINGS_MODULE": "upfront.settings",
    }

    def run(*args: str) -> str:
        done = subprocess.run(
            [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    run("manage.py", "migrate", "--noinput")
    run("manage.py", "migrate", "reference", "0002", "--noinput")
    before = json.loads(run("-c", BEFORE_0003).strip().splitlines()[-1])

    migrated = run("manage.py", "migrate", "--noinput")
    assert "reference.personalitycard: deleting 1 duplicate row(s)" in migrated
    assert "reference.dyoprice: deleting 1 duplicate row(s)" in migrated
    loaded = run("manage.py", "load_reference")
    assert "personality_cards=221 (created 220, updated 1, removed 0)" in loaded

    after = json.loads(run("-c", AFTER_LOAD).strip().splitlines()[-1])
    assert {key: after[key] for key in before} == before
    assert (after["points"], after["snipers"]) == (51, 1)  # updated in place from the files
