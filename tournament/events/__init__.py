"""An event (赛事) and how it is set up: its options, settings, staff, stages, play-offs and the
read API's staff tokens.
"""
