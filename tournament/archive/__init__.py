"""The event archive (赛事存档): one event written as a streamed ``.json.gz``, checked in full,
and imported all or nothing under a new slug.
"""
