"""Django settings, read from the environment (see README "Configuration").

SQLite is the default so that an organizer's laptop needs nothing else; set
``DATABASE_URL=postgres://…`` to run several app processes on one PostgreSQL server.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

from config.env import (
    SettingError,
    cache_config,
    database,
    envbool,
    envint,
    envlist,
    envmegabytes,
    secret_key,
)

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("GUANDAN_VAR_DIR", BASE_DIR / "var"))

# The key file of the data folder; a backup carries the key and a restore writes it here.
SECRET_KEY_FILE = VAR_DIR / "secret_key"
SECRET_KEY = secret_key(SECRET_KEY_FILE)
DEBUG = envbool("DEBUG", False)
ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "axes",
    "tournament",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "tournament.middleware.ChineseByDefaultMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "tournament.views.common.LoginRedirectMiddleware",
    "axes.middleware.AxesMiddleware",  # last, as django-axes asks: turns a lockout into a page
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

DATABASES = {"default": database(os.environ.get("DATABASE_URL"), VAR_DIR / "db.sqlite3")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # first: refuses a locked-out account+address
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "zh-hans"
# Each language named in its own script, never translated: a reader finds their own language.
LANGUAGES = [("zh-hans", "简体中文"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Asia/Shanghai"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # whitenoise warns when it is missing
MEDIA_URL = "media/"
MEDIA_ROOT = VAR_DIR / "media"

# Upload limits (README "Security"): a 5,000-pair registration sheet is well under 5 MB.
# UPLOAD_MAX_MB caps every sheet upload (registration, results); ARCHIVE_MAX_MB an event
# archive. Form bodies other than files stay under Django's usual 2.5 MB, and an uploaded
# file above FILE_UPLOAD_MAX_MEMORY_SIZE waits on disk, not in memory, until it is refused.
UPLOAD_MAX_BYTES = envmegabytes("UPLOAD_MAX_MB", 5)
UPLOAD_MAX_ROWS = envint("UPLOAD_MAX_ROWS", 10000)
UPLOAD_MAX_SECONDS = envint("UPLOAD_MAX_SECONDS", 10)
ARCHIVE_MAX_BYTES = envmegabytes("ARCHIVE_MAX_MB", 50)
DATA_UPLOAD_MAX_MEMORY_SIZE = envmegabytes("DATA_UPLOAD_MAX_MB", 2.5)
FILE_UPLOAD_MAX_MEMORY_SIZE = envmegabytes("FILE_UPLOAD_MAX_MB", 2.5)

# Login throttling (django-axes, README "Security"): an account is locked on one address
# after LOGIN_FAILURE_LIMIT wrong passwords, for LOGIN_LOCKOUT_MINUTES (0: until unlocked).
AXES_FAILURE_LIMIT = envint("LOGIN_FAILURE_LIMIT", 10)
LOGIN_LOCKOUT_MINUTES = envint("LOGIN_LOCKOUT_MINUTES", 60)
AXES_COOLOFF_TIME = timedelta(minutes=LOGIN_LOCKOUT_MINUTES) if LOGIN_LOCKOUT_MINUTES else None
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "tournament.access.lockout_response"
AXES_CLIENT_IP_CALLABLE = "tournament.access.client_ip"
AXES_VERBOSE = False
# How many reverse proxies stand in front (nginx: 1); their X-Forwarded-For gives the address.
TRUSTED_PROXIES = envint("TRUSTED_PROXIES", 0)

# A side's entry cannot be confirmed through a table link from the same address sooner
# than this (see tournament/services/table_sides.py); a referee can confirm at once.
TABLE_CONFIRM_GAP_SECONDS = envint("TABLE_CONFIRM_GAP_SECONDS", 10)

# Sessions: by default they end at the end of the event day (next 04:00 Asia/Shanghai after
# login); SESSION_COOKIE_AGE in the environment sets a fixed age in seconds instead.
SESSION_DAY_END_HOUR = (
    None if os.environ.get("SESSION_COOKIE_AGE") else envint("SESSION_DAY_END_HOUR", 4)
)
if SESSION_DAY_END_HOUR is not None and not 0 <= SESSION_DAY_END_HOUR <= 23:
    raise SettingError(f"SESSION_DAY_END_HOUR={SESSION_DAY_END_HOUR} is not an hour (0-23)")
SESSION_COOKIE_AGE = envint("SESSION_COOKIE_AGE", 24 * 3600)

# HTTPS (README "HTTPS"): HTTPS=1 behind a TLS-terminating proxy turns on all of these; each
# can also be set on its own.
HTTPS = envbool("HTTPS", False)
SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", HTTPS)
SESSION_COOKIE_SECURE = envbool("SESSION_COOKIE_SECURE", HTTPS)
CSRF_COOKIE_SECURE = envbool("CSRF_COOKIE_SECURE", HTTPS)
SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", 365 * 24 * 3600 if HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = envbool("SECURE_HSTS_INCLUDE_SUBDOMAINS", HTTPS)
SECURE_HSTS_PRELOAD = envbool("SECURE_HSTS_PRELOAD", HTTPS)
if envbool("SECURE_PROXY_SSL_HEADER", HTTPS):
    # Only behind a proxy that sets (and overwrites) X-Forwarded-Proto.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"
DJANGO_TABLES2_TABLE_ATTRS = {"class": "table"}

# Argon2id first (see config/hashers.py); hashes made by PBKDF2 before still verify and are
# upgraded at the next login. PASSWORD_HASHER=pbkdf2 restores Django's default order.
PASSWORD_HASHERS = [
    "config.hashers.VenueArgon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
]
_HASHER = os.environ.get("PASSWORD_HASHER", "argon2")
if _HASHER not in ("argon2", "pbkdf2"):
    raise SettingError(f"PASSWORD_HASHER={_HASHER!r} must be argon2 or pbkdf2")
if _HASHER == "pbkdf2":
    PASSWORD_HASHERS.reverse()
if envbool("TESTING_FAST_HASHER", False):
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

# Cache of computed standings and searches (tournament/computed.py). Keys carry a stamp read
# from the database, so per-process memory is correct with several workers; with REDIS_URL
# set every process and server shares one cache (Django's own Redis backend).
CACHES = cache_config(os.environ.get("REDIS_URL", ""), envint("CACHE_MAX_ENTRIES", 20000))

# Backups (README "If the laptop fails", tournament/services/backup.py): `manage.py backup`
# and the backups page write into BACKUP_DIR. Automatic backups, at every round lock and
# every AUTO_BACKUP_MINUTES while a round is open, are on by default with SQLite (the
# laptop case; a PostgreSQL server has its own backups, AUTO_BACKUP=1 turns them on there
# too) and keep the AUTO_BACKUP_KEEP newest.
BACKUP_DIR = Path(os.environ.get("GUANDAN_BACKUP_DIR", VAR_DIR / "backups"))
AUTO_BACKUP = envbool("AUTO_BACKUP", DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3")
AUTO_BACKUP_MINUTES = envint("AUTO_BACKUP_MINUTES", 10)
AUTO_BACKUP_KEEP = envint("AUTO_BACKUP_KEEP", 20)

# Whitenoise compresses (gzip, and brotli when installed) what collectstatic gathers; no
# manifest, so the app still runs without a collectstatic step.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

# Serve static files straight from the source folders: a venue laptop runs the app with
# DEBUG off and without a collectstatic step. After `manage.py collectstatic`, set
# STATIC_COLLECTED=1 to serve the collected copies, gzip-compressed by whitenoise.
WHITENOISE_USE_FINDERS = not envbool("STATIC_COLLECTED", False)

# Email (README "Email"): sign-up confirmations and approvals. Printed on the console unless
# EMAIL_HOST names an SMTP server; EMAIL_BACKEND overrides the choice outright.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_PORT = envint("EMAIL_PORT", 587)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = envbool("EMAIL_USE_TLS", EMAIL_PORT == 587)
EMAIL_USE_SSL = envbool("EMAIL_USE_SSL", EMAIL_PORT == 465)
EMAIL_TIMEOUT = envint("EMAIL_TIMEOUT", 10)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "guandan@localhost")
