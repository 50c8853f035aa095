"""Settings for the test suite: the real settings with a fast password hasher."""

import os

os.environ.setdefault("SECRET_KEY", "test-secret-key-" + "x" * 40)

from config.settings import *  # noqa: E402,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
ALLOWED_HOSTS = ["*"]

# The suite does not depend on a developer's collected copies (var/staticfiles may be older
# than static/): source folders and plain names, as before the first collectstatic. The
# collected, hashed mode is tested with its own STATIC_ROOT (tests/app/test_static_compression.py).
STATIC_COLLECTED = False
WHITENOISE_USE_FINDERS = True
# WhiteNoise's own mode for files that may change (as under DEBUG): each static request finds
# its file then, instead of every middleware built (one per test ``Client``, thousands a run)
# listing and stat-ing the ~600 collected files and the finders' files first (about 8 ms).
# The same files are served with the same headers; the collected mode's test sets its own.
WHITENOISE_AUTOREFRESH = True
STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
# Backups of a test run go to a folder of their own (never the developer's var/backups/),
# and nothing is backed up automatically unless a test asks for it.
if "GUANDAN_BACKUP_DIR" not in os.environ:
    import atexit
    import shutil
    import tempfile

    BACKUP_DIR = Path(tempfile.mkdtemp(prefix="guandan-test-backups-"))  # noqa: F405
    atexit.register(shutil.rmtree, BACKUP_DIR, ignore_errors=True)
AUTO_BACKUP = envbool("AUTO_BACKUP", False)  # noqa: F405
# No background upload to an association's server either (tests/app/upload drive the
# sender turn by turn; tests/servers/test_upload_laptop.py runs it in real servers).
UPLOAD_AUTO = envbool("UPLOAD_AUTO", False)  # noqa: F405
# Every answer reads its stamp: a test's change is seen by the next request at once, as
# in one process it would be anyway (tests/app/core/test_stamp_memo.py and the two-server
# test turn it on).
STAMP_MEMO_MS = envint("STAMP_MEMO_MS", 0)  # noqa: F405
