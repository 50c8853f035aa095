"""Settings for the test suite: the real settings with a fast password hasher."""

import os

os.environ.setdefault("SECRET_KEY", "test-secret-key-" + "x" * 40)

from config.settings import *  # noqa: E402,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
ALLOWED_HOSTS = ["*"]
