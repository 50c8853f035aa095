"""A knockout table's game number becomes a field (it was a ``"game:<n>"`` flag)."""

from django.db import migrations, models

PREFIX = "game:"


def flags_to_field(apps, schema_editor):
    """Move every ``game:<n>`` flag into ``bracket_game`` and drop it from ``flags``."""
    Match = apps.get_model("tournament", "Match")
    changed = []
    for match in Match.objects.exclude(bracket_id="").only("pk", "flags", "bracket_game"):
        flags = list(match.flags or [])
        games = [f for f in flags if isinstance(f, str) and f.startswith(PREFIX)]
        if not games:
            continue
        number = games[0][len(PREFIX) :]
        match.bracket_game = int(number) if number.isdigit() else 0
        match.flags = [f for f in flags if f not in games]
        changed.append(match)
    Match.objects.bulk_update(changed, ["bracket_game", "flags"], batch_size=500)


def field_to_flags(apps, schema_editor):
    """Back to the flag, for a rollback."""
    Match = apps.get_model("tournament", "Match")
    changed = []
    for match in Match.objects.filter(bracket_game__gt=0).only("pk", "flags", "bracket_game"):
        match.flags = sorted([*(match.flags or []), f"{PREFIX}{match.bracket_game}"])
        changed.append(match)
    Match.objects.bulk_update(changed, ["flags"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0011_deal_times"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="bracket_game",
            field=models.PositiveSmallIntegerField(default=0, verbose_name="淘汰赛第几局"),
        ),
        migrations.RunPython(flags_to_field, field_to_flags),
    ]
