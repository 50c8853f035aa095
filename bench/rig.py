"""The test rig of the side-by-side benchmarks (bench/operations.py, bench/capacity.py).

Everything here drives a checkout from the outside, so that one run can measure two
checkouts (``--code DIR``, e.g. a worktree of main at an older commit) with the same rig:
its commands run as an organizer runs them (``DIR/.venv/bin/python DIR/manage.py ...``), its
``scripts/serve.sh`` serves, its ``deploy/nginx.conf`` proxies. Nothing of the measured
checkout is imported into this process. PostgreSQL, Redis and nginx are throw-away servers
on free ports, started as ``.ci/run`` starts them.

Vocabulary: a *measured* run is one child process whose wall time, CPU seconds (user +
system, from ``os.wait4``) and peak resident memory (``ru_maxrss``) are taken; a *part* is
a group of processes (the app servers, PostgreSQL's backends, Redis, nginx) whose CPU is
read from ``/proc/<pid>/stat`` before and after a phase.
"""

from __future__ import annotations

import os
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")
SLUG = "bench"
PASSWORD = "referee-password-1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def load() -> str:
    """The machine's load averages (``uptime``), printed beside each set of figures."""
    return "load " + " ".join(Path("/proc/loadavg").read_text().split()[:3])


# --- processes and their CPU -------------------------------------------------------------


def tree(root: int) -> list[int]:
    """``root`` and every process descended from it (Linux /proc)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            ppid = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError):
            continue
        children.setdefault(ppid, []).append(int(stat.parent.name))
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(children.get(pid, []))
    return out


def cpu(roots: list[int]) -> float:
    """CPU seconds (user + system) used so far by ``roots`` and their descendants.

    A process that ends during a phase (a backend of a closed connection) moves its CPU
    into its parent's ``cutime``/``cstime`` when the parent waits for it: counted too.
    """
    ticks = 0
    for root in roots:
        for pid in tree(root):
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            # utime, stime, and cutime, cstime: the CPU of children that have ended and been
            # waited for (PostgreSQL's backend of a closed connection, a renewed worker).
            ticks += sum(int(f) for f in fields[11:15])
    return ticks / TICK


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


@dataclass
class Parts:
    """The processes of each part of a deployment, by name: ``{"app": [pid, ...], ...}``."""

    roots: dict[str, list[int]] = field(default_factory=dict)

    def read(self) -> dict[str, float]:
        return {name: cpu(pids) for name, pids in self.roots.items()}

    def since(self, before: dict[str, float]) -> dict[str, float]:
        now = self.read()
        return {name: now[name] - before[name] for name in now}


def per_request(spent: dict[str, float], requests: int) -> str:
    """``app 1.52 ms, postgres 0.40 ms, ...`` per request."""
    return ", ".join(f"{name} {s / max(requests, 1) * 1000:.3f} ms" for name, s in spent.items())


@dataclass
class Measured:
    """One child process: its wall time, CPU seconds and peak memory, and what it printed."""

    wall: float
    cpu: float
    peak_mb: float
    out: str

    def __str__(self) -> str:
        return f"{self.cpu:.2f} CPU-s, {self.wall:.2f} s wall, peak {self.peak_mb:.0f} MB"


def measured(command: list[str], cwd: Path, env: dict, stdin: str | None = None) -> Measured:
    """Run ``command`` to its end; fail with its output when it fails."""
    start = time.perf_counter()
    with tempfile.TemporaryFile("w+", encoding="utf-8") as out:
        proc = subprocess.Popen(
            command,
            cwd=cwd,
            env=env,
            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            text=True,
        )
        if stdin is not None:
            proc.stdin.write(stdin)
            proc.stdin.close()
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        wall = time.perf_counter() - start
        out.seek(0)
        text = out.read()
    if proc.returncode:
        raise RuntimeError(f"{' '.join(command)} failed ({proc.returncode}):\n{text[-3000:]}")
    return Measured(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, text)


# --- a checkout ----------------------------------------------------------------------------


@dataclass
class Checkout:
    """A checkout to measure and the environment its processes get (database, cache)."""

    code: Path
    env: dict[str, str]
    label: str = ""

    @property
    def python(self) -> str:
        return str(self.code / ".venv" / "bin" / "python")

    def manage(self, *args: str, stdin: str | None = None) -> Measured:
        return measured([self.python, "manage.py", *args], self.code, self.env, stdin)

    def commit(self) -> str:
        return subprocess.run(
            ["git", "-C", str(self.code), "log", "-1", "--format=%h %s"],
            capture_output=True,
            text=True,
        ).stdout.strip()[:70]


def checkout(code: Path, var: Path, database_url: str = "", redis_url: str = "") -> Checkout:
    """``code`` with a private var folder and database (SQLite in ``var`` by default)."""
    var.mkdir(parents=True, exist_ok=True)
    env = {
        k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "VIRTUAL_ENV")
    }
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        GUANDAN_VAR_DIR=str(var),
        DATABASE_URL=database_url or f"sqlite:///{var / 'db.sqlite3'}",
        PYTHONDONTWRITEBYTECODE="1",
    )
    if redis_url:
        env["REDIS_URL"] = redis_url
    return Checkout(code.resolve(), env, code.name)


# --- servers -------------------------------------------------------------------------------


def wait_up(base: str, proc: subprocess.Popen | None = None, limit: float = 60) -> None:
    end = time.monotonic() + limit
    while True:
        try:
            urllib.request.urlopen(base + "/", timeout=5).read()
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            if (proc is not None and proc.poll() is not None) or time.monotonic() > end:
                raise RuntimeError(f"{base} did not start") from None
            time.sleep(0.2)


@contextmanager
def app_server(c: Checkout, cores: str = "", **env: str) -> Iterator[tuple[str, int]]:
    """The checkout's ``scripts/serve.sh`` on a free port (``cores``: ``taskset -c`` list);
    yields its URL and the pid of the server's main process (its workers are its children)."""
    port = free_port()
    command = ["bash", "scripts/serve.sh"]
    if cores:
        command = ["taskset", "-c", cores, *command]
    proc = subprocess.Popen(
        command,
        cwd=c.code,
        env={**c.env, "PORT": str(port), **env},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_up(base, proc)
        yield base, proc.pid
    finally:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def workers(master: int) -> list[int]:
    """The server's worker processes under ``master`` (serve.sh execs the server)."""
    return [pid for pid in tree(master) if pid != master]
