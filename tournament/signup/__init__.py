"""Online sign-up (网上报名) by the public, with its fees and emails, and check-in (检录) on the
day.
"""
