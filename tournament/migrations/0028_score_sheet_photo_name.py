"""SheetPhoto is now ScoreSheetPhoto (a photo of a score sheet, not of a spreadsheet).

The table keeps its name, ``tournament_sheetphoto``: the first operation fixes that name in
the model's options, so the rename changes the model's name only (and its content type), and
no row moves. Backups and archives made before still restore.
"""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0027_stage_games"),
    ]

    operations = [
        migrations.AlterModelTable(name="sheetphoto", table="tournament_sheetphoto"),
        migrations.RenameModel(old_name="SheetPhoto", new_name="ScoreSheetPhoto"),
    ]
