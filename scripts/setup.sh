#!/usr/bin/env bash
# Create .venv (Python 3.11 or later) and install the locked requirements. Safe to run again.
#
# Which Python: $PYTHON when set; else the system's own /usr/bin/python3.11 when it can make a
# venv (Debian: the python3.11-venv package); else the first of python3.11 to python3.15 and
# python3 on PATH that is 3.11 or later (pyproject.toml's requires-python).
# Debian builds its Python with profile-guided and link-time optimization, into one
# executable; pyenv's default build (the python3.11 first on this machine's PATH) has
# neither, and a shared libpython. Measured on the whole suite: about 5 % less CPU (119
# against 125 CPU-seconds).
set -euo pipefail
cd "$(dirname "$0")/.."
supported() { "$1" -c 'import sys; sys.exit(sys.version_info[:2] < (3, 11))' 2>/dev/null; }
if [ -n "${PYTHON:-}" ]; then
  PY=$PYTHON
elif /usr/bin/python3.11 -c "import ensurepip, venv" >/dev/null 2>&1; then
  PY=/usr/bin/python3.11
else
  PY=""
  for candidate in python3.11 python3.12 python3.13 python3.14 python3.15 python3; do
    if command -v "$candidate" >/dev/null 2>&1 && supported "$candidate"; then
      PY=$candidate
      break
    fi
  done
  if [ -z "$PY" ]; then
    echo "setup: no Python 3.11 or later found; install one, or set PYTHON=/path/to/python" >&2
    exit 1
  fi
fi
# Each step says what it does (silent, a first run looked stuck for most of a minute, issue
# 42): on standard error, as the script's other messages.
step() { echo "setup: $*" >&2; }
step "1/6 Python: $("$PY" -c 'import sys; print(sys.version.split()[0])') ($PY)"
# The venv without pip: uv installs into it (pip's own install in a venv, ensurepip, takes 2 s).
step "2/6 the virtual environment .venv"
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv --without-pip .venv
fi
pip_in_venv() {
  .venv/bin/python -m pip --version >/dev/null 2>&1 || .venv/bin/python -m ensurepip --default-pip >/dev/null
  .venv/bin/python -m pip install --quiet --disable-pip-version-check "$@"
}
# uv (pinned in requirements/dev.in) installs the requirements (requirements.txt: the lock): 2 s on a fresh machine, where pip
# takes 15 (it writes each file and byte-compiles each module of each package, one at a time).
# uv itself comes through a pip the machine has (pip 22.3 and newer install into another
# environment with --python), else through the venv's own; pip installs the requirements when
# uv cannot.
uv_pin=$(grep -oE '^uv==[0-9.]+' requirements/dev.in)
step "3/6 the installer ($uv_pin)"
if [ ! -x .venv/bin/uv ]; then
  python3 -m pip --python .venv/bin/python install --quiet --disable-pip-version-check "$uv_pin" \
    2>/dev/null || pip_in_venv "$uv_pin" || true
fi
# uv's own progress on a terminal (downloads, installs); nothing but errors elsewhere (CI).
step "4/6 the locked packages of requirements.txt (the first time: downloads them)"
quiet=--quiet
[ -t 2 ] && quiet=""
if ! .venv/bin/uv pip install $quiet --python .venv/bin/python -r requirements.txt; then
  echo "setup: uv could not install the requirements; installing them with pip" >&2
  pip_in_venv -r requirements.txt
fi
# Every module compiled now, in parallel, as pip compiles the packages it installs (uv does
# not): otherwise each of a run's first processes (servers, test workers) compiles the same
# modules at the same time. Tests, other languages' formats and lexers are left: never imported.
step "5/6 compiling the modules (the first time takes longest)"
packages=$(.venv/bin/python -c 'import sysconfig; print(sysconfig.get_path("purelib"))')
.venv/bin/python -m compileall -q -j 0 -x '/site-packages/.*/(tests?|lexers|gis|locale|f2py|_pyinstaller)/' \
  manage.py config guandan tournament scoring rules pairing tests bench "$packages" >/dev/null
# The static files collected: compressed, under hashed names cached for good (config/storage.py).
step "6/6 collecting the static files"
.venv/bin/python manage.py collectstatic --noinput --verbosity 0
