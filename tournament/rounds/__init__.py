"""A round's life: the draw, pairing the next round and adjusting it by hand, the round's state
and the actions it offers, round control, the projector and the round titles.
"""
