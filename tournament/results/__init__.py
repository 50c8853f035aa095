"""A table's result: the checks with the rules engine, the table-write kernel
(:mod:`tournament.results.table_write`), entry by referees, by the players' sides and from a
phone kept offline, confirmation, the deal-by-deal sheet, fouls, lateness, places by time,
score-sheet photos and a clerk's results sheet.

Vocabulary
----------
table
    A card table of a round (``Table``): two pairs, a result. (In :mod:`scoring` a "table" is
    a scoring table of numbers; here it is always the card table.)
entry
    A result as written by one person, before confirmation.
"""
