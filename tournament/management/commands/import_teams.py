"""``manage.py import_teams SLUG FILE``: the name ``import_pairs`` had before the models said
pair; kept so that scripts and habits written for it go on working."""

from tournament.management.commands.import_pairs import Command as ImportPairs


class Command(ImportPairs):
    help = ImportPairs.help + " — the former name of import_pairs"
