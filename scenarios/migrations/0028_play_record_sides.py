# Play records name each side's player and wait for the opponent's confirmation.

from django.db import migrations, models


def tally_confirmed_only(apps, schema_editor):
    """The balance now counts confirmed records only, and no record made before
    this migration is confirmed: every scenario's tally is 0-0-0 until its players confirm.
    ``plays_counted`` (the records counted, confirmed or not) keeps its value; the records
    themselves are untouched (they say "sides not recorded")."""
    apps.get_model("scenarios", "Scenario").objects.update(
        plays_attacker=0, plays_defender=0, plays_draw=0, balance_verdict="too_few_plays"
    )


class Migration(migrations.Migration):

    dependencies = [
        ('scenarios', '0027_game_step_fog_lifted'),
    ]

    operations = [
        migrations.AddField(
            model_name='playrecord',
            name='confirmation',
            field=models.CharField(choices=[('unconfirmed', 'Unconfirmed'), ('awaiting', 'Awaiting confirmation'), ('confirmed', 'Confirmed'), ('rejected', 'Rejected')], default='unconfirmed', max_length=12),
        ),
        migrations.AddField(
            model_name='playrecord',
            name='departed_player_key',
            field=models.PositiveBigIntegerField(blank=True, editable=False, null=True),
        ),
        migrations.AddField(
            model_name='playrecord',
            name='player_side',
            field=models.CharField(blank=True, choices=[('attacker', 'Attacker'), ('defender', 'Defender')], max_length=10, verbose_name='your side'),
        ),
        migrations.AlterField(
            model_name='scenario',
            name='balance_verdict',
            field=models.CharField(choices=[('favours_attacker', 'Favours the attacker'), ('favours_defender', 'Favours the defender'), ('leans_attacker', 'Leans to the attacker — too few plays to be sure'), ('leans_defender', 'Leans to the defender — too few plays to be sure'), ('balanced', 'Balanced so far'), ('too_few_plays', 'Too few plays')], default='too_few_plays', max_length=20),
        ),
        migrations.RunPython(tally_confirmed_only, migrations.RunPython.noop),
    ]
