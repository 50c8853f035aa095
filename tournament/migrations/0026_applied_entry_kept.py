"""A late phone entry kept for the record has its own outcome, ``kept`` (it was stored as a
``conflict`` whose payload says ``kept``): the choice, and the rows already stored (a
backup of an older version is migrated on restore)."""

from django.db import migrations, models


def conflicts_to_kept(apps, schema_editor):
    AppliedEntry = apps.get_model("tournament", "AppliedEntry")
    AppliedEntry.objects.filter(outcome="conflict", payload__has_key="kept").update(outcome="kept")


def kept_to_conflicts(apps, schema_editor):
    """Back to a conflict with its payload, for a rollback."""
    AppliedEntry = apps.get_model("tournament", "AppliedEntry")
    AppliedEntry.objects.filter(outcome="kept").update(outcome="conflict")


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0025_signup_held"),
    ]

    operations = [
        migrations.AlterField(
            model_name="appliedentry",
            name="outcome",
            field=models.CharField(
                choices=[
                    ("applied", "已保存"),
                    ("same", "与现有成绩相同"),
                    ("conflict", "冲突，转裁判长"),
                    ("kept", "已保留，成绩未改动"),
                ],
                max_length=12,
                verbose_name="结果",
            ),
        ),
        migrations.RunPython(conflicts_to_kept, kept_to_conflicts),
    ]
