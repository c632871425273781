"""The former member becomes an account found by a flag row, never by its name.

Before, the account that keeps what departed players left to others was found by its username,
``former-member``, which any player could take by signing up first. This migration makes the
flag row and decides which account it names:

* no account has the name: a new one, inactive, with no usable password;
* the account of that name is the one the site made (inactive, no usable password, never
  signed in): it is flagged as it is;
* a player took the name (an account someone can sign in to): a new former member is made as
  ``former member`` (with a space: no sign-up allows it), and what the player's account
  inherited from departed players moves to it. The player keeps what they made themselves.

What the taken account inherited (docs/deletion.md#a-taken-name), told apart by what the
database still says of who made it:
* a scenario whose first version was saved by another account, or by an account since deleted
  (the history row's ``history_user``), or that was made before the taker joined;
* a play record, and a recorded game, made before the taker joined.
A play record or a game made after the taker joined stays with them: nothing in the database
tells theirs from a leaver's. The migration prints what it moved and what it left, for the
site's operator.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

OLD_NAME = "former-member"
FALLBACK_NAME = "former member"
UNUSABLE_PASSWORD_PREFIX = "!"


def _is_the_sites(user) -> bool:
    return (
        not user.is_active
        and user.password.startswith(UNUSABLE_PASSWORD_PREFIX)
        and user.last_login is None
    )


def _new_former_member(User, name: str):
    return User.objects.create(
        username=name, is_active=False, password=UNUSABLE_PASSWORD_PREFIX + "former-member"
    )


def _take_back(apps, taker, former) -> None:
    Scenario = apps.get_model("scenarios", "Scenario")
    History = apps.get_model("scenarios", "HistoricalScenario")
    PlayRecord = apps.get_model("scenarios", "PlayRecord")
    Game = apps.get_model("scenarios", "Game")
    joined = taker.date_joined
    moved = []
    for scenario in Scenario._base_manager.filter(owner_id=taker.pk):
        first = History.objects.filter(id=scenario.pk).order_by("history_date", "history_id")
        first = first.first()
        made_by = first.history_user_id if first is not None else None
        if scenario.created_at < joined or made_by != taker.pk:
            moved.append(scenario.pk)
    Scenario._base_manager.filter(pk__in=moved).update(owner_id=former.pk)
    plays = PlayRecord.objects.filter(player_id=taker.pk, created_at__lt=joined)
    played = plays.update(player_id=former.pk)
    games = Game.objects.filter(player_id=taker.pk, record__isnull=False, created_at__lt=joined)
    gamed = games.update(player_id=former.pk)
    left = PlayRecord.objects.filter(player_id=taker.pk).count()
    print(
        f"\n  The username {OLD_NAME!r} was a player's (id {taker.pk}): moved to the former "
        f"member (id {former.pk}) {len(moved)} scenarios, {played} play records and {gamed} "
        f"games it inherited; {left} play records made after it joined stay with it."
    )


def forward(apps, schema_editor) -> None:
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    FormerMember = apps.get_model("scenarios", "FormerMember")
    if FormerMember.objects.exists():
        return
    named = User.objects.filter(username=OLD_NAME).first()
    if named is None:
        former = _new_former_member(User, OLD_NAME)
    elif _is_the_sites(named):
        former = named
    else:
        name = FALLBACK_NAME
        while User.objects.filter(username=name).exists():
            name += "~"
        former = _new_former_member(User, name)
        _take_back(apps, named, former)
    FormerMember.objects.create(id=1, user_id=former.pk)


class Migration(migrations.Migration):
    dependencies = [
        ("scenarios", "0019_game_status_and_bin_notice_labels"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="FormerMember",
            fields=[
                (
                    "id",
                    models.PositiveSmallIntegerField(
                        default=1, editable=False, primary_key=True, serialize=False
                    ),
                ),
                (
                    "user",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.CheckConstraint(
                        condition=models.Q(("id", 1)), name="one_former_member"
                    )
                ],
            },
        ),
        migrations.RunPython(forward, migrations.RunPython.noop),
    ]
