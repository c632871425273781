"""A scenario on the article's desert deck needs Desert War, one on its jungle deck Banzai
(T1, T2: the deck is played with its book's rules): the stored ``expansions`` column that the
lists filter on is brought up to date (a new save would do it; these are every existing one)."""

from django.db import migrations

# codes.EXPANSIONS and the decks' books when this was written (a migration keeps its own copy).
EXPANSIONS = ("banzai", "desert_war", "mountain", "weather", "terrain")
DECK_BOOK = {"desert": "desert_war", "jungle": "banzai"}


def add_the_decks_books(apps, schema_editor):
    Scenario = apps.get_model("scenarios", "Scenario")
    rows = Scenario._base_manager.filter(terrain_deck__in=list(DECK_BOOK))
    for scenario in rows.only("pk", "terrain_deck", "expansions").iterator():
        needed = {code for code in scenario.expansions.split("|") if code}
        needed.add(DECK_BOOK[scenario.terrain_deck])
        joined = "|" + "|".join(code for code in EXPANSIONS if code in needed) + "|"
        if joined != scenario.expansions:
            Scenario._base_manager.filter(pk=scenario.pk).update(expansions=joined)


class Migration(migrations.Migration):
    dependencies = [("scenarios", "0030_owned_products")]

    operations = [migrations.RunPython(add_the_decks_books, migrations.RunPython.noop)]
