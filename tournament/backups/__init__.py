"""Backups of the whole database (备份): made while the server runs, automatically at round
locks, listed on the event's page, and restored onto another laptop.
"""
