"""The lookup behind find my table: answers "which entries hold this text in a key" without
reading every key.

Vocabulary
----------
suffix array
    Every distinct key of the round (a name, its pinyin, its initials, a unit's...) once, one
    after the other in one string ``text``, each closed by a newline; and every position at
    which a key's suffix starts, sorted by the suffix that starts there (up to its newline).
    The suffixes that begin with a query are then one run of the sorted positions, found by
    two binary searches: a query of a few letters costs about forty comparisons of short
    slices, whatever the size of the event, where the former search tested the query
    against each of the 10,000 entries' keys.
owners
    For each sorted position, the number of the key it lies in; for each key, the entries
    (their places in the round's list) that carry it.

Built once per round and stamp with the entries (:func:`tournament.public.find_table.round_index`);
memory: a few bytes per character of the keys (two integer arrays), not one string per suffix.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left, bisect_right


class FindIndex:
    """The entries of a round and the lookup of their keys (see the module docstring)."""

    def __init__(self, entries: list[dict]):
        self.entries = entries
        self.html: dict[str, dict[int, str]] = {}  # language → place → the entry's HTML
        key_number: dict[str, int] = {}
        holders: list[list[int]] = []
        for place, entry in enumerate(entries):
            for key in entry["keys"].split("\n"):
                if not key:
                    continue
                number = key_number.setdefault(key, len(holders))
                if number == len(holders):
                    holders.append([])
                if not holders[number] or holders[number][-1] != place:
                    holders[number].append(place)
        keys = list(key_number)
        self.holders = [tuple(h) for h in holders]
        self.text = "\n".join(keys) + "\n"
        starts, owners, suffixes = [], [], []
        at = 0
        for number, key in enumerate(keys):
            starts.extend(range(at, at + len(key)))
            owners.extend([number] * len(key))
            suffixes += [key[i:] for i in range(len(key))]
            at += len(key) + 1
        # Sorted by the suffix up to its key's end: a query (no newline) that begins a suffix
        # sorts among them as the suffix does (a shorter key's newline sorts first).
        order = sorted(range(len(starts)), key=suffixes.__getitem__)
        del suffixes
        self.positions = array("i", [starts[i] for i in order])
        self.owners = array("i", [owners[i] for i in order])

    def matching(self, query: str) -> list[int]:
        """The places (in the entries' order) of the entries with a key containing ``query``."""
        size, text = len(query), self.text
        lo = bisect_left(self.positions, query, key=lambda p: text[p : p + size])
        hi = bisect_right(self.positions, query, lo, key=lambda p: text[p : p + size])
        if lo == hi:
            return []
        numbers = set(self.owners[lo:hi])
        if len(numbers) == 1:
            return list(self.holders[numbers.pop()])
        places: set[int] = set()
        for number in numbers:
            places.update(self.holders[number])
        return sorted(places)
