"""Registering pairs (报名/参赛队): the pair list, the all-or-nothing sheet import, keep-apart
pairs (回避) and finding a pair by what a person types.
"""
