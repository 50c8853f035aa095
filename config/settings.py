"""Django settings, read from the environment (see docs/configuration.md).

SQLite is the default so that an organizer's laptop needs nothing else; set
``DATABASE_URL=postgres://…`` to run several app processes on one PostgreSQL server.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

from csp.constants import NONE, SELF

from config.env import (
    SettingError,
    cache_config,
    database,
    envbool,
    envint,
    envlist,
    envmegabytes,
    networks,
    secret_key,
)
from guandan.paths import data_dir, resource_dir

# BASE_DIR holds templates/, static/, locale/ and fixtures/: the repository's root in a clone,
# the guandan package's folder once installed. VAR_DIR is the data folder (database, key,
# media, backups, collected static files): GUANDAN_DATA_DIR, else GUANDAN_VAR_DIR, else var/
# in a clone or the user's data folder once installed (guandan/paths.py).
BASE_DIR = resource_dir()
VAR_DIR = data_dir()

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
    "axes",
    # django-simple-captcha no longer serves the sign-up challenge (one row per page shown:
    # tournament/signup/challenge.py replaces it); kept installed only so that databases and
    # backups keep the same tables until a release drops them.
    "captcha",
    "tournament",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Notes a proxy whose X-Forwarded-For the settings ignore (a banner for the organizer).
    "tournament.core.proxy_check.ProxyWatchMiddleware",
    # Before whitenoise: the static files' answers carry the policy too.
    "tournament.core.csp_header.CSPMiddleware",  # django-csp's, the plain header built once
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "tournament.core.middleware.ChineseByDefaultMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "tournament.core.login_lockout.DeviceCookieMiddleware",
    "tournament.core.middleware.OfflinePartitionMiddleware",
    "tournament.core.middleware.NoStoreMiddleware",  # answers carrying secrets: kept nowhere
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "tournament.core.middleware.LoginRedirectMiddleware",
    "axes.middleware.AxesMiddleware",  # last, as django-axes asks: turns a lockout into a page
]

# Content-Security-Policy on every answer (django-csp): scripts, styles, fonts, the service
# worker and the manifest from this site only, no inline script or style attribute (the
# pages' scripts are static files), images also as data: URLs (the icon, the API docs' SVG)
# and blob: (a photo's preview before it is sent), no frames, forms sent only here.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:", "blob:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "media-src": [SELF, "blob:"],
        "worker-src": [SELF],
        "manifest-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

ROOT_URLCONF = "config.urls"

# django-tables2 is not an installed app: as one, its package was imported by every process
# at start, and with it django.contrib.postgres and psycopg (0.1 CPU-s of each command's
# start-up on SQLite). Its template tags, templates and translations are named
# here instead (found without importing it); the first page that shows a table loads it.
# Its static files (themes) are used by no page.
TABLES2_DIR = Path(importlib.util.find_spec("django_tables2").origin).parent
TEMPLATES = [
    {
        # Django's, with {% load i18n %} keeping constant translations (config/templates.py).
        "BACKEND": "config.templates.GuandanTemplates",
        "NAME": "django",  # the alias Django's own backend has (engines["django"])
        "DIRS": [BASE_DIR / "templates", TABLES2_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "libraries": {"django_tables2": "django_tables2.templatetags.django_tables2"},
            # {% url %} with its URLs remembered (tournament/core/url_memo.py).
            "builtins": ["tournament.templatetags.remembered_url"],
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
    # ModelBackend reading a request's user with prepared SQL (tournament/core/fast_auth.py)
    "tournament.core.fast_auth.PreparedModelBackend",
    # Sessions logged in before it name this one: still valid (its slower read).
    "django.contrib.auth.backends.ModelBackend",
]
# Database sessions, their row read with prepared SQL (tournament/core/fast_auth.py).
SESSION_ENGINE = "tournament.core.fast_auth"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "zh-hans"
# Each language named in its own script, never translated: a reader finds their own language.
LANGUAGES = [("zh-hans", "简体中文"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale", TABLES2_DIR / "locale"]
TIME_ZONE = "Asia/Shanghai"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
    "config.storage.SwaggerFinder",  # the read API's docs page: django-ninja's Swagger UI
]
STATIC_ROOT = VAR_DIR / "staticfiles"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # whitenoise warns when it is missing
MEDIA_URL = "media/"
MEDIA_ROOT = VAR_DIR / "media"

# Upload limits (docs/security.md): a 5,000-pair registration sheet is well under 5 MB.
# UPLOAD_MAX_MB caps every sheet upload (registration, results); ARCHIVE_MAX_MB an event
# archive file as stored (the .json.gz of a 5,000-pair, 10-round event is about 15 MB, its
# plain .json about 100 MB) and ARCHIVE_MAX_RAW_MB what it unpacks to (a gzip bomb stops
# there); both are read as streams, so neither is held in memory. Form bodies other than files stay under Django's usual 2.5 MB, and an uploaded
# file above FILE_UPLOAD_MAX_MEMORY_SIZE waits on disk, not in memory, until it is refused.
UPLOAD_MAX_BYTES = envmegabytes("UPLOAD_MAX_MB", 5)
UPLOAD_MAX_ROWS = envint("UPLOAD_MAX_ROWS", 10000)
UPLOAD_MAX_SECONDS = envint("UPLOAD_MAX_SECONDS", 10)
ARCHIVE_MAX_BYTES = envmegabytes("ARCHIVE_MAX_MB", 200)
ARCHIVE_MAX_RAW_BYTES = envmegabytes("ARCHIVE_MAX_RAW_MB", 2000)
DATA_UPLOAD_MAX_MEMORY_SIZE = envmegabytes("DATA_UPLOAD_MAX_MB", 2.5)
FILE_UPLOAD_MAX_MEMORY_SIZE = envmegabytes("FILE_UPLOAD_MAX_MB", 2.5)
# What the request bodies still arriving may hold at once in one server worker (memory and
# disk, beyond each body's first 64 KB): past it an upload is answered 503 (guandan/front.py).
BODY_BUFFER_BYTES = envmegabytes("BODY_BUFFER_MB", 64)

# Login throttling (django-axes, docs/security.md): an account is locked on one address
# after LOGIN_FAILURE_LIMIT wrong passwords: 5, then 15, then 30 minutes, then
# LOGIN_LOCKOUT_MINUTES for each further lockout of the day (0: until unlocked). A browser
# that has logged in as the account before is not locked by others' failures
# (tournament/core/login_lockout.py: device cookies).
AXES_FAILURE_LIMIT = envint("LOGIN_FAILURE_LIMIT", 10)
LOGIN_LOCKOUT_MINUTES = envint("LOGIN_LOCKOUT_MINUTES", 60)
AXES_COOLOFF_TIME = "tournament.core.login_lockout.cool_off" if LOGIN_LOCKOUT_MINUTES else None
AXES_WHITELIST_CALLABLE = "tournament.core.login_lockout.known_browser"
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "tournament.core.login_lockout.lockout_response"
AXES_CLIENT_IP_CALLABLE = "tournament.core.client_address.client_ip"
AXES_VERBOSE = False
# How many reverse proxies stand in front (nginx: 1); their X-Forwarded-For gives the address.
TRUSTED_PROXIES = envint("TRUSTED_PROXIES", 0)
# The proxies' own addresses (or networks, 10.0.0.0/8): X-Forwarded-For is read only from a
# request that comes from one of them, never from a client that reached the app port itself.
TRUSTED_PROXY_ADDRESSES = networks("TRUSTED_PROXY_ADDRESSES", ["127.0.0.1", "::1"])

# Public sign-up (docs/security.md): at most SIGNUP_LIMIT_PER_ADDRESS sign-ups an hour from
# one address for one event, SIGNUP_LIMIT_PER_EVENT an hour for one event from all addresses
# (counted in the database: every worker sees the same counts). 0 turns a limit off.
SIGNUP_LIMIT_PER_ADDRESS = envint("SIGNUP_LIMIT_PER_ADDRESS", 10)
SIGNUP_LIMIT_PER_EVENT = envint("SIGNUP_LIMIT_PER_EVENT", 300)
# A flood takes no place (tournament/signup/flood.py): a sign-up beyond
# SIGNUP_HOLD_PER_ADDRESS from its address for the event, or while SIGNUP_FLOOD_ADDRESSES
# addresses signed up within SIGNUP_FLOOD_MINUTES, waits for the organizer (待核实) and
# takes no place until approved. 0 turns a rule off.
SIGNUP_HOLD_PER_ADDRESS = envint("SIGNUP_HOLD_PER_ADDRESS", 2)
SIGNUP_FLOOD_ADDRESSES = envint("SIGNUP_FLOOD_ADDRESSES", 5)
SIGNUP_FLOOD_MINUTES = envint("SIGNUP_FLOOD_MINUTES", 10)
# The sign-up form's challenge (tournament/signup/challenge.py): a sum drawn as a picture,
# carried by a signed token (nothing stored to show it); minutes a question stays answerable.
SIGNUP_CHALLENGE_MINUTES = envint("SIGNUP_CHALLENGE_MINUTES", 30)
CAPTCHA_FLITE_PATH = None  # no audio version
CAPTCHA_SOX_PATH = None

# A side's entry cannot be confirmed through a table link from the same address sooner
# than this (see tournament/results/sides.py); a referee can confirm at once.
TABLE_CONFIRM_GAP_SECONDS = envint("TABLE_CONFIRM_GAP_SECONDS", 10)

# Sessions: by default they end at the end of the event day (next 04:00 Asia/Shanghai after
# login); SESSION_COOKIE_AGE in the environment sets a fixed age in seconds instead.
SESSION_DAY_END_HOUR = (
    None if os.environ.get("SESSION_COOKIE_AGE") else envint("SESSION_DAY_END_HOUR", 4)
)
if SESSION_DAY_END_HOUR is not None and not 0 <= SESSION_DAY_END_HOUR <= 23:
    raise SettingError(f"SESSION_DAY_END_HOUR={SESSION_DAY_END_HOUR} is not an hour (0-23)")
SESSION_COOKIE_AGE = envint("SESSION_COOKIE_AGE", 24 * 3600)

# HTTPS (docs/deployment.md): HTTPS=1 behind a TLS-terminating proxy turns on all of these; each
# can also be set on its own.
HTTPS = envbool("HTTPS", False)
SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", HTTPS)
SESSION_COOKIE_SECURE = envbool("SESSION_COOKIE_SECURE", HTTPS)
CSRF_COOKIE_SECURE = envbool("CSRF_COOKIE_SECURE", HTTPS)
# Every cookie under HTTPS: the language switch's too (the app's own cookies, the players'
# gd_entry_<id>, gd_slip_<id> and the gd_device cookie, follow SESSION_COOKIE_SECURE).
LANGUAGE_COOKIE_SECURE = envbool("LANGUAGE_COOKIE_SECURE", HTTPS)
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

# Cache of computed standings and searches (tournament/core/page_cache.py). Keys carry a stamp read
# from the database, so per-process memory is correct with several workers; with REDIS_URL
# set every process and server shares one cache (Django's own Redis backend).
CACHES = cache_config(
    os.environ.get("REDIS_URL", ""),
    envint("CACHE_MAX_ENTRIES", 20000),
    envmegabytes("CACHE_MAX_MB", 32),  # a worker's whole memory target is 150 MB
)

# How long a process may answer anonymous public pages from the stamp it read last
# (tournament/core/stamps.py, "stamp memo"); 0 reads it for every answer.
STAMP_MEMO_MS = envint("STAMP_MEMO_MS", 500)

# Backups (docs/if-the-laptop-fails.md, tournament/backups/create.py): `manage.py backup`
# and the backups page write into BACKUP_DIR. Automatic backups, at every round's publish
# and lock and every AUTO_BACKUP_MINUTES while a round is open, are on by default with SQLite (the
# laptop case; a PostgreSQL server has its own backups, AUTO_BACKUP=1 turns them on there
# too) and keep the AUTO_BACKUP_KEEP newest.
BACKUP_DIR = Path(os.environ.get("GUANDAN_BACKUP_DIR", VAR_DIR / "backups"))
AUTO_BACKUP = envbool("AUTO_BACKUP", DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3")
AUTO_BACKUP_MINUTES = envint("AUTO_BACKUP_MINUTES", 10)
AUTO_BACKUP_KEEP = envint("AUTO_BACKUP_KEEP", 20)

# Results that travel (docs/exchange.md, "Upload"). On the association's server: the largest
# exchange file a laptop may send (as sent, gzip or not, and unpacked) and how many sends a
# minute one upload token may make. On a venue laptop: the sender's first wait after a failed
# try (doubled after each, with jitter, up to UPLOAD_RETRY_MAX_SECONDS), how long one try may
# take, and UPLOAD_AUTO=0 to send only when 立即上传 is pressed.
EXCHANGE_MAX_BYTES = envmegabytes("EXCHANGE_MAX_MB", 5)  # under nginx's 6m (deploy/nginx.conf)
EXCHANGE_MAX_RAW_BYTES = envmegabytes("EXCHANGE_MAX_RAW_MB", 200)
EXCHANGE_UPLOADS_PER_MINUTE = envint("EXCHANGE_UPLOADS_PER_MINUTE", 20)
UPLOAD_AUTO = envbool("UPLOAD_AUTO", True)
UPLOAD_RETRY_FIRST_SECONDS = envint("UPLOAD_RETRY_FIRST_SECONDS", 15)
UPLOAD_RETRY_MAX_SECONDS = envint("UPLOAD_RETRY_MAX_SECONDS", 900)
UPLOAD_TIMEOUT_SECONDS = envint("UPLOAD_TIMEOUT_SECONDS", 30)

# Static files compressed and under hashed names once collected (config/storage.py):
# scripts/setup.sh runs `manage.py collectstatic`, which writes STATIC_ROOT and its manifest.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "config.storage.StaticStorage"},
}

# With the manifest there, WhiteNoise serves the collected copies (hashed names cached for
# good, gzip-compressed); without it (nothing collected yet), the source folders, as a venue
# laptop ran before. STATIC_COLLECTED=0/1 overrides the guess.
STATIC_COLLECTED = envbool("STATIC_COLLECTED", (STATIC_ROOT / "staticfiles.json").is_file())
WHITENOISE_USE_FINDERS = not STATIC_COLLECTED

# The CJK TrueType font the PDFs embed (tournament/printing/fonts.py): a .ttf/.ttc path,
# "path#N" for face N of a collection; empty: the first of the known system fonts found.
PDF_CJK_FONT = os.environ.get("PDF_CJK_FONT", "")

# Email (docs/usage.md): sign-up confirmations and approvals. Printed on the console unless
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
