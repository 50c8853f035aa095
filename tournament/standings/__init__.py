"""The standings (名次): the reads that turn rows into the pure packages' data, and the table
as shown.
"""
