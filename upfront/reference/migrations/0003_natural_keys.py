"""Natural keys for the reference data.

The loader now finds each reference row by the codes the sources use (``natural_key_fields``
on each model) and updates it in place, so primary keys survive a reload. This migration adds
the unique constraints on those keys. A database loaded by the old loader already satisfies
them; rows added twice through the admin would not, so a first step keeps the oldest row of
each key and deletes the later copies (saying so), as the next reload would.
"""

from django.db import migrations, models
import django.db.models.functions.comparison

# model -> the columns of its natural key (foreign keys by id: their codes are unique).
KEYS = {
    "actiondeckfact": ("card_no", "fact"),
    "afvcostderivation": ("nationality_id", "card_no"),
    "dyoprice": ("item", "nationality_id", "troop_types", "fire_strength", "after_deck"),
    "dyotablerow": ("table", "key"),
    "fireignitionentry": ("weapon_group", "terrain_group"),
    "firerule": ("topic",),
    "mountaintroopavailability": ("nation_en",),
    "nationalityrule": ("rule", "topic"),
    "rulesummary": ("group", "rule", "topic"),
    "terraindeckrule": ("deck_id", "topic"),
    "terrainsubstitution": ("deck_id", "replacement_code", "replaces_id"),
    "validmatchup": ("nation_a_id", "nation_b_id"),
}


def _card_key(row: dict) -> tuple:
    # A numbered card is known by its number, an unnumbered one by its name.
    if row["card_no"] is not None:
        return (row["nationality_id"], row["card_no"])
    return (row["nationality_id"], None, row["name"])


def _columns_key(cols):
    return lambda row: tuple(repr(row[c]) for c in cols)  # repr: JSON lists are not hashable


def drop_duplicate_keys(apps, schema_editor):
    plans = [(name, _columns_key(cols), cols) for name, cols in KEYS.items()]
    plans.append(("personalitycard", _card_key, ("nationality_id", "card_no", "name")))
    deleted = False
    for name, key_of, cols in plans:
        model = apps.get_model("reference", name)
        seen = set()
        extra = []
        for row in model.objects.order_by("pk").values("pk", *cols):
            key = key_of(row)
            if key in seen:
                extra.append(row["pk"])
            seen.add(key)
        if extra:
            print(f"\n  reference.{name}: deleting {len(extra)} duplicate row(s) {extra}")
            model.objects.filter(pk__in=extra).delete()
            deleted = True
    if deleted and schema_editor.connection.vendor == "postgresql":
        # Run the deferred foreign key checks now: PostgreSQL refuses to ALTER a table with
        # pending trigger events in the same transaction.
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")


class Migration(migrations.Migration):

    dependencies = [
        ('reference', '0002_widen_text_fields'),
    ]

    operations = [
        migrations.RunPython(drop_duplicate_keys, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='firerule',
            name='topic',
            field=models.CharField(max_length=60, unique=True),
        ),
        migrations.AlterField(
            model_name='mountaintroopavailability',
            name='nation_en',
            field=models.CharField(max_length=80, unique=True),
        ),
        migrations.AddConstraint(
            model_name='actiondeckfact',
            constraint=models.UniqueConstraint(fields=('card_no', 'fact'), name='uniq_action_deck_fact'),
        ),
        migrations.AddConstraint(
            model_name='afvcostderivation',
            constraint=models.UniqueConstraint(models.F('nationality'), django.db.models.functions.comparison.Coalesce(models.F('card_no'), models.Value(0)), name='uniq_afv_cost_derivation'),
        ),
        migrations.AddConstraint(
            model_name='dyoprice',
            constraint=models.UniqueConstraint(models.F('item'), django.db.models.functions.comparison.Coalesce(models.F('nationality'), models.Value(0)), models.F('troop_types'), django.db.models.functions.comparison.Coalesce(models.F('fire_strength'), models.Value(0)), django.db.models.functions.comparison.Coalesce(models.F('after_deck'), models.Value(0)), name='uniq_dyo_price'),
        ),
        migrations.AddConstraint(
            model_name='dyotablerow',
            constraint=models.UniqueConstraint(fields=('table', 'key'), name='uniq_dyo_table_row'),
        ),
        migrations.AddConstraint(
            model_name='fireignitionentry',
            constraint=models.UniqueConstraint(fields=('weapon_group', 'terrain_group'), name='uniq_fire_ignition_entry'),
        ),
        migrations.AddConstraint(
            model_name='nationalityrule',
            constraint=models.UniqueConstraint(fields=('rule', 'topic'), name='uniq_nationality_rule'),
        ),
        migrations.AddConstraint(
            model_name='personalitycard',
            constraint=models.UniqueConstraint(condition=models.Q(('card_no__isnull', False)), fields=('nationality', 'card_no'), name='uniq_card_number'),
        ),
        migrations.AddConstraint(
            model_name='personalitycard',
            constraint=models.UniqueConstraint(condition=models.Q(('card_no__isnull', True)), fields=('nationality', 'name'), name='uniq_unnumbered_card_name'),
        ),
        migrations.AddConstraint(
            model_name='rulesummary',
            constraint=models.UniqueConstraint(fields=('group', 'rule', 'topic'), name='uniq_rule_summary'),
        ),
        migrations.AddConstraint(
            model_name='terraindeckrule',
            constraint=models.UniqueConstraint(fields=('deck', 'topic'), name='uniq_terrain_deck_rule'),
        ),
        migrations.AddConstraint(
            model_name='terrainsubstitution',
            constraint=models.UniqueConstraint(models.F('deck'), models.F('replacement_code'), django.db.models.functions.comparison.Coalesce(models.F('replaces'), models.Value(0)), name='uniq_terrain_substitution'),
        ),
        migrations.AddConstraint(
            model_name='validmatchup',
            constraint=models.UniqueConstraint(fields=('nation_a', 'nation_b'), name='uniq_valid_matchup'),
        ),
    ]
