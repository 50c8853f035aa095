"""The words the data kept when the models were renamed (migration 0029): one list.

The models ``Team`` and ``Match`` became :class:`~tournament.models.Pair` and
:class:`~tournament.models.Table`, with their fields. What was written under the former
words keeps them, so nothing stored had to move: the database's tables and columns
(``db_table``/``db_column`` on the models), the activity log's object types, the archive's
keys and the admin's addresses.
"""

from __future__ import annotations

# model name now → model name before (audit lines' object types, the admin's addresses)
FORMER_MODELS = {"pair": "team", "table": "match"}
# A model whose name is a former word gets another in the audit log and the archive: a
# team of a team event (tournament.models.teams) is a "squad" there, since "team" is a pair.
TAKEN_NAMES = {"team": "squad"}

# field name now → the archive's key for it (any model); a table's number is its own case
FORMER_FIELDS = {"pair": "team", "pair_a": "team_a", "pair_b": "team_b", "table": "match"}
TABLE_NUMBER_KEY = "table"
