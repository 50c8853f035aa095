"""The ``guandan`` command: what an organizer types, on Windows, macOS or Linux (no bash).

- ``guandan demo``: makes the data folder, migrates, loads the demo tournament and its
  accounts (the passwords are printed once), then serves it;
- ``guandan serve``: migrates, collects the static files when they changed, serves;
- ``guandan <command> …``: any management command, as ``manage.py`` has them
  (``guandan backup``, ``guandan restore FILE``, ``guandan createsuperuser``, ``guandan help``).

How any management command then runs as a process (``manage.py`` runs the same way) is
:mod:`guandan.command_process`. Settings come from the environment as everywhere else
(config/settings.py); the data folder is guandan/paths.py's :func:`~guandan.paths.data_dir`.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from guandan import __version__
from guandan.locks import hold_port, release
from guandan.network import lan_addresses, port_in_use
from guandan.paths import SOURCE_ROOT, data_dir, in_clone
from guandan.servers import (
    SERVERS,
    ServeOptions,
    ServerMissing,
    default_server,
    default_workers,
    serve,
)
from guandan.startup import ensure_migrated, migrate, refuse_foreign_packages, typed, unapplied

OWN_COMMANDS = ("demo", "serve")
# How long a start waits for its port to come free: the processes of a server just killed
# (``kill -9``, a closed terminal) are still being torn down for a moment, holding the
# port's lock and its socket; a server that runs holds them past it.
PORT_GRACE_SECONDS = 5.0
LOCAL_HOSTS = ["127.0.0.1", "localhost", "[::1]"]


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    _prepare_environment()
    if not argv or argv[0] in ("-h", "--help"):
        _parser().print_help()
        return 0
    if argv[0] in ("-V", "--version"):
        print(f"guandan {__version__}")
        return 0
    refuse_foreign_packages()
    if argv[0] not in OWN_COMMANDS:
        from guandan.command_process import execute

        execute(["guandan", *argv], before=lambda: ensure_migrated(argv, rerun=typed("migrate")))
        return 0
    return run(_parser().parse_args(argv))


def _prepare_environment() -> None:
    """Settings module and import path (a clone run from elsewhere). Nothing is written: the
    settings make the data folder when a command loads them, ``--help`` does not."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if in_clone() and str(SOURCE_ROOT) not in sys.path:
        sys.path.insert(0, str(SOURCE_ROOT))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="guandan",
        description="掼蛋赛事管理 / Guandan tournament manager",
        epilog="其他命令 / other commands: guandan help (manage.py 的全部命令 / "
        "every management command), e.g. guandan backup, guandan restore FILE",
    )
    commands = parser.add_subparsers(dest="command", metavar="{demo,serve,…}")
    for name, text in (
        ("demo", "载入演示赛事并启动 / load the demo tournament and serve it"),
        ("serve", "启动服务器 / serve the app"),
    ):
        sub = commands.add_parser(name, help=text, description=text)
        _serve_arguments(sub)
    return parser


def _serve_arguments(parser: argparse.ArgumentParser) -> None:
    env = os.environ
    parser.add_argument(
        "--host",
        default=env.get("HOST", "127.0.0.1"),
        help="监听地址；0.0.0.0 让同一网络的手机访问 / address to listen on; "
        "0.0.0.0 lets phones on the same network in (default 127.0.0.1)",
    )
    # No defaults from the environment here: a setting that makes no sense must not stop
    # ``--help``, nor a start whose option overrides it (run() reads them).
    parser.add_argument("--port", type=_whole("--port", 1, 65535), help="默认 / default 8000")
    parser.add_argument("--server", choices=("auto", *SERVERS), help="默认 / default auto")
    parser.add_argument("--workers", type=_whole("--workers", 0), help="默认：每核一个 / per core")
    parser.add_argument("--threads", type=_whole("--threads", 1), help="默认 / default 4")
    parser.add_argument(
        "--no-migrate",
        action="store_true",
        help="不迁移数据库（多台服务器时由一台迁移）/ skip migrate (several servers: one migrates)",
    )
    parser.add_argument(
        "--access-log", action="store_true", default=env.get("ACCESS_LOG", "0") == "1"
    )
    parser.add_argument(
        "--https",
        action="store_true",
        help="用本机证书提供 HTTPS，手机断网时才能重新打开录入页（docs/install.md）/ serve "
        "HTTPS with this laptop's own certificate: phones then reopen pages offline",
    )


def _whole_number(name: str, value: str, least: int, most: int | None) -> int:
    """``value`` as a whole number from ``least`` to ``most``; a ValueError with the
    message in both languages otherwise."""
    text = value.strip()
    if (
        text.isascii()
        and text.isdigit()
        and int(text) >= least
        and (most is None or int(text) <= most)
    ):
        return int(text)
    span = f"{least}–{most}" if most else f"≥ {least}"
    raise ValueError(
        f"{name} 应为整数（{span}），现在是 {value!r}\n"
        f"{name} must be a whole number ({span}), not {value!r}"
    )


def _whole(option: str, least: int, most: int | None = None):
    """An argparse type: a whole number from ``least`` to ``most``."""

    def parse(value: str) -> int:
        try:
            return _whole_number(option, value, least, most)
        except ValueError as wrong:
            raise argparse.ArgumentTypeError(str(wrong)) from None

    return parse


def _env_number(name: str, default: int, least: int, most: int | None = None) -> int:
    """The whole number in the environment variable ``name`` (``default`` when unset or
    empty); anything else stops with a message, not a traceback."""
    value = os.environ.get(name, "")
    if not value.strip():
        return default
    try:
        return _whole_number(name, value, least, most)
    except ValueError as wrong:
        raise SystemExit(str(wrong)) from None


def _env_server() -> str:
    """``GUANDAN_SERVER``, one of the servers or ``auto``; anything else stops with a
    message (argparse checks the choices of what is typed, not of a default)."""
    value = os.environ.get("GUANDAN_SERVER", "").strip() or "auto"
    if value not in ("auto", *SERVERS):
        names = ", ".join(("auto", *SERVERS))
        raise SystemExit(
            f"GUANDAN_SERVER 应为 {names} 之一，现在是 {value!r}\n"
            f"GUANDAN_SERVER must be one of {names}, not {value!r}"
        )
    return value


def run(args: argparse.Namespace) -> int:
    """``demo`` or ``serve``: prepare the database and static files, print where to go, serve."""

    # An option overrides its environment variable (docs/configuration.md).
    def given(value, name: str, default: int, least: int, most: int | None = None) -> int:
        return value if value is not None else _env_number(name, default, least, most)

    server = args.server or _env_server()
    options = ServeOptions(
        host=args.host,
        port=given(args.port, "PORT", 8000, 1, 65535),
        server=default_server() if server == "auto" else server,
        workers=given(args.workers, "WEB_WORKERS", 0, 0) or default_workers(),
        threads=given(args.threads, "WEB_THREADS", 4, 1),
        access_log=args.access_log,
    )
    if args.https:
        from dataclasses import replace

        from guandan.lan_https import certificate_files

        options = replace(options, tls=certificate_files())
    # The lock first, then the check: of two servers started together on one port, the
    # second stops here even when the first has not bound it yet (guandan/locks.py).
    lock = take_port(options.host, options.port)
    try:
        if lock is None:
            other = rerun(args.command, "port", str(options.port + 1))
            zh, en = _holder(options.port)
            print(
                f"端口 {options.port} 已被占用（{zh}）：换一个端口，例如 {other}\n"
                f"Port {options.port} is in use ({en}): try {other}",
                file=sys.stderr,
            )
            return 2
        return _prepare_and_serve(args, options)
    finally:
        if lock is not None:  # the server stopped in this process (granian on Windows)
            release(lock)


def take_port(host: str, port: int) -> int | None:
    """The port's lock (guandan/locks.py) once the lock is free and nothing listens on
    ``host:port``, waiting up to :data:`PORT_GRACE_SECONDS` for a server just stopped to
    let both go; None when they stay taken."""
    deadline = time.monotonic() + PORT_GRACE_SECONDS
    while True:
        lock = hold_port(port)
        if lock is not None and not port_in_use(host, port):
            return lock
        if lock is not None:
            release(lock)
        if time.monotonic() >= deadline:
            return None
        time.sleep(0.1)


def _holder(port: int) -> tuple[str, str]:
    """Who keeps ``port``, as the refusal says it in Chinese and English: a guandan server
    (it holds the port's lock) or another program."""
    lock = hold_port(port)
    if lock is None:
        return "另一个掼蛋服务器正在使用它", "another guandan server is running on it"
    release(lock)
    return "另一个程序正在使用它", "another program listens on it"


def _prepare_and_serve(args: argparse.Namespace, options: ServeOptions) -> int:
    """Migrate, load the demo, collect the static files, print the addresses, serve."""
    phones = lan_addresses() if options.host in ("0.0.0.0", "::") else []
    names: list[str] = []
    if options.tls:
        from guandan.lan_https import prepare

        names = prepare(phones)
    _allow_hosts(phones, names)
    # The server serves the collected copies (compressed by whitenoise), collected below.
    os.environ.setdefault("STATIC_COLLECTED", "1")
    import django
    from django.core.management import call_command

    django.setup()
    print(f"数据文件夹 / data folder: {data_dir()}")
    if not args.no_migrate and unapplied():
        migrate("数据库：建立或更新表 / the database: creating or updating its tables", sys.stdout)
    if args.command == "demo":
        print("载入演示赛事 / loading the demo event", flush=True)
        call_command("load_demo", season=True)
    if os.environ["STATIC_COLLECTED"] not in ("0", "false", "no", "off", ""):
        from guandan.static import collect_if_changed

        try:
            collected = collect_if_changed(
                announce=lambda: print(
                    "整理静态文件（几秒）/ collecting the static files (a few seconds)", flush=True
                )
            )
        except TimeoutError:
            print(
                "另一个服务器正在收集静态文件，等了两分钟仍未完成：稍后再启动。\n"
                "Another server has been collecting the static files for two minutes: "
                "start again later.",
                file=sys.stderr,
            )
            return 2
        if collected:
            print("静态文件已收集 / static files collected")
    _print_addresses(options, phones, args.command)
    # Closed before the server takes this process (an exec keeps nothing of it): the last
    # connection to close writes SQLite's log (db.sqlite3-wal) into db.sqlite3.
    from django.db import connections

    connections.close_all()
    try:
        return serve(options)
    except ServerMissing as missing:
        print(missing, file=sys.stderr)
        return 2


def rerun(command: str, option: str, value: str) -> str:
    """How to start ``command`` again with ``--option value``, as this user started it: the
    script of a clone (scripts/serve.sh, scripts/demo.sh) or the installed ``guandan``."""
    if in_clone() and os.name == "nt":  # no bash: the clone's venv runs the same command
        return rf".venv\Scripts\python -m guandan {command} --{option} {value}"
    if in_clone():
        return f"{option.upper()}={value} bash scripts/{command}.sh"
    return f"guandan {command} --{option} {value}"


def _allow_hosts(phones: list[str], names: list[str] = ()) -> None:
    """Listening for phones without ALLOWED_HOSTS set: this machine's own addresses (and,
    under ``--https``, the names its certificate holds) are the hosts a phone will name
    (Django answers 400 to any other)."""
    if phones and "ALLOWED_HOSTS" not in os.environ:
        os.environ["ALLOWED_HOSTS"] = ",".join(LOCAL_HOSTS + phones + list(names))


def _print_addresses(options: ServeOptions, phones: list[str], command: str) -> None:
    path = "/t/demo/" if command == "demo" else "/"
    host = "127.0.0.1" if options.host in ("0.0.0.0", "::") else options.host
    scheme = "https" if options.tls else "http"
    print(f"在本机打开 / open on this computer: {scheme}://{host}:{options.port}{path}")
    for address in phones:
        print(
            f"手机打开（同一 Wi-Fi）/ phones on the same Wi-Fi: "
            f"{scheme}://{address}:{options.port}{path}"
        )
    if options.tls:
        from guandan.lan_https import print_certificate_page

        print_certificate_page(phones or [host], options.port)
    if options.host in ("0.0.0.0", "::") and os.name == "nt":
        print(
            "Windows 防火墙若询问，请勾选“专用网络”并点“允许访问”，手机才能连上。\n"
            "If Windows Firewall asks, tick 'Private networks' and click 'Allow access'."
        )
    elif not phones:
        https = " --https" if options.tls else ""
        print(f"让手机访问 / for phones: {rerun(command, 'host', '0.0.0.0')}{https}")
    threads = f"{options.workers} × {options.threads}"
    print(f"服务器 / server: {options.server} ({threads}); Ctrl-C 停止 / to stop", flush=True)
