"""The models Team and Match are called Pair and Table, and their fields say so; no data moves.

Only Django's picture of the models changes (``state_operations``): every table and column
keeps its name (``db_table`` "tournament_team"/"tournament_match", ``db_column`` "team_id",
"match_id", "team_a_id", "team_b_id", "table"), so a database of any size is migrated in no
time and a backup taken before still restores. The content types are renamed with the
models, so the admin's history and permissions keep pointing at them.
"""

import django.db.models.deletion
from django.db import migrations, models


def rename_content_types(apps, schema_editor, names):
    ContentType = apps.get_model("contenttypes", "ContentType")
    db = schema_editor.connection.alias
    for old, new in names:
        if not ContentType.objects.using(db).filter(app_label="tournament", model=new).exists():
            ContentType.objects.using(db).filter(app_label="tournament", model=old).update(
                model=new
            )


def forwards(apps, schema_editor):
    rename_content_types(apps, schema_editor, [("team", "pair"), ("match", "table")])


def backwards(apps, schema_editor):
    rename_content_types(apps, schema_editor, [("pair", "team"), ("table", "match")])


def fk(to, column, **kwargs):
    return models.ForeignKey(
        on_delete=kwargs.pop("on_delete", django.db.models.deletion.CASCADE),
        to=to,
        db_column=column,
        **kwargs,
    )


STATE = [
    migrations.RenameModel("Team", "Pair"),
    migrations.AlterModelTable("pair", "tournament_team"),
    migrations.RenameModel("Match", "Table"),
    migrations.AlterModelTable("table", "tournament_match"),
    # Pair's own relations
    migrations.RenameField("player", "team", "pair"),
    migrations.AlterField(
        "player", "pair", fk("tournament.pair", "team_id", related_name="players")
    ),
    migrations.RenameField("forbiddenpairing", "team_a", "pair_a"),
    migrations.AlterField(
        "forbiddenpairing", "pair_a", fk("tournament.pair", "team_a_id", related_name="+")
    ),
    migrations.RenameField("forbiddenpairing", "team_b", "pair_b"),
    migrations.AlterField(
        "forbiddenpairing", "pair_b", fk("tournament.pair", "team_b_id", related_name="+")
    ),
    migrations.RenameField("checkin", "team", "pair"),
    migrations.AlterField(
        "checkin",
        "pair",
        models.OneToOneField(
            on_delete=django.db.models.deletion.CASCADE,
            related_name="checkin",
            to="tournament.pair",
            db_column="team_id",
        ),
    ),
    migrations.RenameField("absence", "team", "pair"),
    migrations.AlterField(
        "absence", "pair", fk("tournament.pair", "team_id", related_name="absences")
    ),
    migrations.RenameField("signup", "team", "pair"),
    migrations.AlterField(
        "signup",
        "pair",
        models.OneToOneField(
            blank=True,
            null=True,
            on_delete=django.db.models.deletion.SET_NULL,
            related_name="signup",
            to="tournament.pair",
            db_column="team_id",
        ),
    ),
    migrations.RenameField("foul", "team", "pair"),
    migrations.AlterField("foul", "pair", fk("tournament.pair", "team_id", related_name="fouls")),
    # Table's
    migrations.RenameField("table", "table", "number"),
    migrations.AlterField(
        "table",
        "number",
        models.PositiveIntegerField(blank=True, null=True, verbose_name="台号", db_column="table"),
    ),
    migrations.RenameField("foul", "match", "table"),
    migrations.AlterField(
        "foul", "table", fk("tournament.table", "match_id", related_name="fouls")
    ),
    migrations.RenameField("submission", "match", "table"),
    migrations.AlterField(
        "submission",
        "table",
        fk("tournament.table", "match_id", related_name="submissions", verbose_name="对阵"),
    ),
    migrations.RenameField("appliedentry", "match", "table"),
    migrations.AlterField(
        "appliedentry",
        "table",
        fk("tournament.table", "match_id", related_name="applied_entries", verbose_name="对阵"),
    ),
    migrations.RenameField("scoresheetphoto", "match", "table"),
    migrations.AlterField(
        "scoresheetphoto", "table", fk("tournament.table", "match_id", related_name="photos")
    ),
]


# What follows from the renames: the options, constraints and related names written with
# the new field names (the constraints' names and columns are the same).
FOLLOWING = [
    migrations.AlterModelOptions(
        name="forbiddenpairing",
        options={
            "ordering": ["pair_a__name_pinyin", "pair_b__name_pinyin"],
            "verbose_name": "回避",
            "verbose_name_plural": "回避",
        },
    ),
    migrations.AlterModelOptions(
        name="foul",
        options={
            "ordering": ["table", "created_at"],
            "verbose_name": "犯规记录",
            "verbose_name_plural": "犯规记录",
        },
    ),
    migrations.AlterModelOptions(
        name="player",
        options={
            "ordering": ["pair", "position"],
            "verbose_name": "选手",
            "verbose_name_plural": "选手",
        },
    ),
    migrations.AlterModelOptions(
        name="scoresheetphoto",
        options={
            "ordering": ["table", "created_at"],
            "verbose_name": "记录表照片",
            "verbose_name_plural": "记录表照片",
        },
    ),
    migrations.AlterModelOptions(
        name="submission",
        options={
            "ordering": ["table", "created_at"],
            "verbose_name": "成绩提交",
            "verbose_name_plural": "成绩提交",
        },
    ),
    migrations.AlterModelOptions(
        name="table",
        options={
            "ordering": ["round", "number"],
            "verbose_name": "对阵",
            "verbose_name_plural": "对阵",
        },
    ),
    migrations.RemoveConstraint(
        model_name="absence",
        name="absence_unique",
    ),
    migrations.RemoveConstraint(
        model_name="forbiddenpairing",
        name="forbidden_pairing_unique",
    ),
    migrations.RemoveConstraint(
        model_name="forbiddenpairing",
        name="forbidden_pairing_ordered",
    ),
    migrations.RemoveConstraint(
        model_name="player",
        name="player_position_unique",
    ),
    migrations.RemoveConstraint(
        model_name="table",
        name="match_table_unique",
    ),
    migrations.RemoveConstraint(
        model_name="table",
        name="match_table_iff_opponent",
    ),
    migrations.AlterField(
        model_name="pair",
        name="tournament",
        field=models.ForeignKey(
            on_delete=django.db.models.deletion.CASCADE,
            related_name="pairs",
            to="tournament.tournament",
        ),
    ),
    migrations.AlterField(
        model_name="pair",
        name="unit",
        field=models.ForeignKey(
            blank=True,
            null=True,
            on_delete=django.db.models.deletion.PROTECT,
            related_name="pairs",
            to="tournament.unit",
            verbose_name="单位",
        ),
    ),
    migrations.AlterField(
        model_name="table",
        name="ew",
        field=models.ForeignKey(
            on_delete=django.db.models.deletion.PROTECT,
            related_name="ew_tables",
            to="tournament.pair",
        ),
    ),
    migrations.AlterField(
        model_name="table",
        name="ns",
        field=models.ForeignKey(
            blank=True,
            null=True,
            on_delete=django.db.models.deletion.PROTECT,
            related_name="ns_tables",
            to="tournament.pair",
        ),
    ),
    migrations.AlterField(
        model_name="table",
        name="round",
        field=models.ForeignKey(
            on_delete=django.db.models.deletion.CASCADE,
            related_name="tables",
            to="tournament.round",
        ),
    ),
    migrations.AddConstraint(
        model_name="absence",
        constraint=models.UniqueConstraint(fields=("pair", "round_number"), name="absence_unique"),
    ),
    migrations.AddConstraint(
        model_name="forbiddenpairing",
        constraint=models.UniqueConstraint(
            fields=("pair_a", "pair_b"), name="forbidden_pairing_unique"
        ),
    ),
    migrations.AddConstraint(
        model_name="forbiddenpairing",
        constraint=models.CheckConstraint(
            condition=models.Q(("pair_a__lt", models.F("pair_b"))), name="forbidden_pairing_ordered"
        ),
    ),
    migrations.AddConstraint(
        model_name="player",
        constraint=models.UniqueConstraint(
            fields=("pair", "position"), name="player_position_unique"
        ),
    ),
    migrations.AddConstraint(
        model_name="table",
        constraint=models.UniqueConstraint(fields=("round", "number"), name="match_table_unique"),
    ),
    migrations.AddConstraint(
        model_name="table",
        constraint=models.CheckConstraint(
            condition=models.Q(
                models.Q(("ns__isnull", True), ("number__isnull", True)),
                models.Q(("ns__isnull", False), ("number__isnull", False)),
                _connector="OR",
            ),
            name="match_table_iff_opponent",
        ),
    ),
]


class Migration(migrations.Migration):
    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("tournament", "0028_score_sheet_photo_name"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=STATE + FOLLOWING, database_operations=[]
        ),
        migrations.RunPython(forwards, backwards),
    ]
