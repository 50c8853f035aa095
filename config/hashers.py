"""Password hashing that stays safe without starving a venue server.

At the start of a day fifty referees log in within a minute on a two-core laptop. Django's
default PBKDF2 (1,000,000 iterations) spends about 0.4–0.9 s of one core per login, so the
last of fifty waits 10–20 s and every page waits with them. Argon2id with the parameters
OWASP lists as its first choice (19 MiB of memory, two passes, one lane) costs about 0.1 s
and resists GPU cracking better than PBKDF2. Figures: docs/security.md ("Password hashing") and
``bench/public_load.py --logins``.
"""

from __future__ import annotations

from django.contrib.auth.hashers import Argon2PasswordHasher


class VenueArgon2PasswordHasher(Argon2PasswordHasher):
    """Argon2id, m = 19 MiB, t = 2, p = 1 (OWASP Password Storage Cheat Sheet)."""

    algorithm = "argon2"  # the same stored format as Django's own Argon2 hasher
    time_cost = 2
    memory_cost = 19 * 1024
    parallelism = 1
