"""The exchange file's identity of an event (tournament/exchange, docs/exchange.md): a uuid
each event gets once (every existing event its own), and the revision an imported event
came from."""

import uuid

from django.db import migrations, models


def give_uids(apps, schema_editor):
    Tournament = apps.get_model("tournament", "Tournament")
    for pk in Tournament.objects.values_list("pk", flat=True):
        Tournament.objects.filter(pk=pk).update(exchange_uid=uuid.uuid4())


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0033_people"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="exchange_uid",
            field=models.UUIDField(editable=False, null=True),
        ),
        migrations.RunPython(give_uids, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="tournament",
            name="exchange_uid",
            field=models.UUIDField(db_index=True, default=uuid.uuid4, editable=False),
        ),
        migrations.AddField(
            model_name="tournament",
            name="exchange_revision",
            field=models.PositiveBigIntegerField(blank=True, editable=False, null=True),
        ),
    ]
