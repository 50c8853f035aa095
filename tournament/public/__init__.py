"""What players and spectators see: pairings with find my table, standings, a pair's history,
the bracket, conditional GETs, and the read API (``/api/v1/``).
"""
