"""The ``guandan`` command's parts that need no server: the data folder it picks, the hosts it
allows when phones may connect, the port check, and static files collected once per change."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from django.test import override_settings

from guandan import guandan_command, locks, paths, servers
from guandan.locks import held, hold_port
from guandan.network import lan_addresses, port_in_use
from guandan.static import STAMP_FILE, collect_if_changed, source_stamp


def test_the_data_folder_is_guandan_data_dir_then_its_older_name_then_var(monkeypatch, tmp_path):
    monkeypatch.setenv("GUANDAN_VAR_DIR", str(tmp_path / "old"))
    monkeypatch.setenv("GUANDAN_DATA_DIR", str(tmp_path / "new"))
    assert paths.data_dir() == tmp_path / "new"
    monkeypatch.delenv("GUANDAN_DATA_DIR")
    assert paths.data_dir() == tmp_path / "old"
    monkeypatch.delenv("GUANDAN_VAR_DIR")
    assert paths.in_clone() and paths.data_dir() == paths.SOURCE_ROOT / "var"


def test_an_installed_copy_finds_its_files_in_the_package_and_its_data_in_the_users_folder(
    monkeypatch, tmp_path
):
    monkeypatch.delenv("GUANDAN_DATA_DIR", raising=False)
    monkeypatch.delenv("GUANDAN_VAR_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr(paths, "in_clone", lambda: False)
    assert paths.resource_dir() == paths.PACKAGE_DIR
    assert paths.data_dir() == tmp_path / "guandan"


def test_listening_for_phones_allows_this_machines_addresses_unless_told(monkeypatch):
    monkeypatch.delenv("ALLOWED_HOSTS", raising=False)
    guandan_command._allow_hosts(["192.168.1.23"])
    assert guandan_command.os.environ["ALLOWED_HOSTS"] == "127.0.0.1,localhost,[::1],192.168.1.23"
    monkeypatch.setenv("ALLOWED_HOSTS", "guandan.example.org")
    guandan_command._allow_hosts(["192.168.1.23"])
    assert guandan_command.os.environ["ALLOWED_HOSTS"] == "guandan.example.org"


def test_lan_addresses_are_ipv4_and_never_loopback():
    for address in lan_addresses():
        assert socket.inet_aton(address) and not address.startswith(("127.", "169.254."))


def test_a_port_in_use_is_seen():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        assert port_in_use("127.0.0.1", port)
    assert not port_in_use("127.0.0.1", port)


def test_a_port_already_served_is_refused_with_the_option_to_choose_another(capsys):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        assert guandan_command.main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert f"端口 {port} 已被占用" in err and f"PORT={port + 1} bash scripts/serve.sh" in err


@pytest.fixture(autouse=True)
def port_locks_here(monkeypatch, tmp_path):
    """The port locks of these tests in their own folder, not the user's; a refusal after
    a short wait (the grace a server just killed has to let its port go)."""
    monkeypatch.setattr(locks, "port_lock_path", lambda port: tmp_path / f"port-{port}.lock")
    monkeypatch.setattr(guandan_command, "PORT_GRACE_SECONDS", 0.3)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_port_another_server_is_starting_on_is_refused_before_it_listens(capsys):
    """The other server holds the port's lock from before its own checks; nothing listens
    yet (granian would let both bind it and split the phones between them)."""
    port = free_port()
    other = hold_port(port)
    assert other is not None and not port_in_use("127.0.0.1", port)
    try:
        assert guandan_command.main(["serve", "--port", str(port)]) == 2
    finally:
        locks.release(other)
    assert f"端口 {port} 已被占用" in capsys.readouterr().err


def test_a_start_refused_for_a_busy_port_lets_the_ports_lock_go():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        assert guandan_command.main(["serve", "--port", str(port)]) == 2
    lock = hold_port(port)
    assert lock is not None
    locks.release(lock)


def test_a_port_let_go_within_the_grace_is_taken(monkeypatch):
    """A server killed a moment ago: its processes still hold the port's lock and socket
    while they are torn down; a start waits for them rather than refusing."""
    monkeypatch.setattr(guandan_command, "PORT_GRACE_SECONDS", 5.0)
    port = free_port()
    dying = hold_port(port)
    listener = socket.create_server(("127.0.0.1", port))
    assert dying is not None

    def torn_down() -> None:
        listener.close()
        locks.release(dying)

    threading.Timer(0.5, torn_down).start()
    taken = guandan_command.take_port("127.0.0.1", port)
    assert taken is not None
    assert hold_port(port) is None, "the lock taken is not held"
    locks.release(taken)


def test_the_server_is_granian_with_a_worker_per_core_this_process_may_use(monkeypatch):
    chosen: list[servers.ServeOptions] = []
    monkeypatch.setattr(guandan_command, "serve", lambda options: chosen.append(options) or 0)
    monkeypatch.setenv("STATIC_COLLECTED", "0")
    for name in ("GUANDAN_SERVER", "WEB_WORKERS", "WEB_THREADS", "HOST", "PORT"):
        monkeypatch.delenv(name, raising=False)
    if hasattr(os, "sched_getaffinity"):  # as under taskset -c 0-2 on a bigger machine
        monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1, 2})
        monkeypatch.setattr(os, "cpu_count", lambda: 64)
    assert guandan_command.main(["serve", "--no-migrate", "--port", str(free_port())]) == 0
    (options,) = chosen
    expected = 3 if hasattr(os, "sched_getaffinity") else max(os.cpu_count() or 1, 2)
    assert (options.server, options.workers, options.threads) == ("granian", expected, 4)


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("WEB_WORKERS", "two", "WEB_WORKERS 应为整数（≥ 0）"),
        ("WEB_THREADS", "0", "WEB_THREADS 应为整数（≥ 1）"),
        ("PORT", "80a", "PORT 应为整数（1–65535）"),
        ("PORT", "70000", "PORT 应为整数（1–65535）"),
        ("PORT", "²", "PORT 应为整数（1–65535）"),
        ("GUANDAN_SERVER", "nginx", "GUANDAN_SERVER 应为 auto, granian, gunicorn 之一"),
    ],
)
def test_a_setting_of_the_server_that_makes_no_sense_stops_with_a_message(
    monkeypatch, name, value, message
):
    monkeypatch.setenv(name, value)
    with pytest.raises(SystemExit, match=message) as stopped:
        guandan_command.main(["serve"])
    assert repr(value) in str(stopped.value) and "must be" in str(stopped.value)


def test_an_option_overrides_a_setting_that_makes_no_sense_and_help_still_shows(
    monkeypatch, capsys
):
    monkeypatch.setenv("WEB_WORKERS", "two")
    chosen: list[servers.ServeOptions] = []
    monkeypatch.setattr(guandan_command, "serve", lambda options: chosen.append(options) or 0)
    monkeypatch.setenv("STATIC_COLLECTED", "0")
    argv = ["serve", "--no-migrate", "--workers", "3", "--port", str(free_port())]
    assert guandan_command.main(argv) == 0 and chosen[0].workers == 3
    with pytest.raises(SystemExit) as shown:
        guandan_command.main(["serve", "--help"])
    assert shown.value.code == 0 and "--workers" in capsys.readouterr().out


@pytest.mark.parametrize("value", ["70000", "-1", "８０"])
def test_a_port_option_out_of_range_is_refused_by_the_parser(capsys, value):
    with pytest.raises(SystemExit) as refused:
        guandan_command.main(["serve", "--port", value])
    assert refused.value.code == 2 and "--port 应为整数（1–65535）" in capsys.readouterr().err


def test_the_way_to_start_again_is_the_one_this_user_has(monkeypatch):
    assert guandan_command.rerun("demo", "host", "0.0.0.0") == "HOST=0.0.0.0 bash scripts/demo.sh"
    monkeypatch.setattr(os, "name", "nt")  # a clone on Windows has no bash
    assert (
        guandan_command.rerun("serve", "port", "8001")
        == r".venv\Scripts\python -m guandan serve --port 8001"
    )
    monkeypatch.setattr(guandan_command, "in_clone", lambda: False)
    assert guandan_command.rerun("serve", "port", "8001") == "guandan serve --port 8001"


def test_static_files_are_collected_once_and_again_after_a_change(tmp_path):
    source = tmp_path / "static"
    (source / "css").mkdir(parents=True)
    (source / "css" / "x.css").write_text("a{}", encoding="utf-8")
    root = tmp_path / "collected"
    with override_settings(STATIC_ROOT=root, STATICFILES_DIRS=[source]):
        assert collect_if_changed()
        assert (root / "css" / "x.css").is_file() and (root / STAMP_FILE).is_file()
        assert not collect_if_changed()
        (source / "css" / "y.css").write_text("b{}", encoding="utf-8")
        assert collect_if_changed()
        assert Path(root / "css" / "y.css").is_file()


def test_a_second_server_waits_for_the_first_ones_collection_and_does_not_clear_it(tmp_path):
    """Two servers of one clone started together: the second waits on the lock beside the
    folder, then finds the stamp the first wrote and collects nothing."""
    source = tmp_path / "static"
    source.mkdir()
    (source / "x.css").write_text("a{}", encoding="utf-8")
    root = tmp_path / "collected"
    root.mkdir()
    with override_settings(STATIC_ROOT=root, STATICFILES_DIRS=[source]):
        results: list[bool] = []
        second = threading.Thread(target=lambda: results.append(collect_if_changed()))
        with held(root.with_name("collected.lock")):  # the first server, collecting
            second.start()
            second.join(0.5)
            assert second.is_alive(), "the second collected while the first held the lock"
            (root / "x.css").write_text("a{}", encoding="utf-8")
            (root / STAMP_FILE).write_text(source_stamp(), encoding="utf-8")
        second.join(10)
    assert results == [False] and (root / "x.css").is_file()


def test_a_temporary_folder_without_room_for_the_lock_leaves_the_port_check_alone(
    monkeypatch, tmp_path
):
    monkeypatch.setattr(locks, "port_lock_path", lambda port: tmp_path / "missing" / "x.lock")
    (tmp_path / "missing").write_text("a file where the folder should be", encoding="utf-8")
    fd = hold_port(free_port())
    assert fd is not None
    locks.release(fd)


def test_the_port_lock_is_the_users_own(monkeypatch, tmp_path):
    monkeypatch.undo()  # the real path, not the fixture's
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    assert locks.port_lock_path(8000) == tmp_path / "guandan-port-8000.lock"
    monkeypatch.delenv("XDG_RUNTIME_DIR")
    if hasattr(os, "getuid"):
        assert locks.port_lock_path(8000).name == f"guandan-port-8000-{os.getuid()}.lock"


ORPHAN = """
import multiprocessing, os, sys, time
from pathlib import Path

def worker(flag):
    time.sleep(1.0)  # loading the app, while granian's main process is killed
    from guandan.supervisor import die_with_parent
    die_with_parent()
    Path(flag).write_text("served on")

if __name__ == "__main__":
    multiprocessing.get_context("fork").Process(target=worker, args=(sys.argv[1],)).start()
    os._exit(0)  # granian's main process, gone before its worker asked to die with it
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG: Linux")
def test_a_worker_whose_granian_died_while_it_loaded_the_app_ends(tmp_path):
    """A ``kill -9`` while a worker still loads the app: the worker must not serve on
    (it held the port and its lock for good, and the next start on the port was refused)."""
    flag = tmp_path / "flag"
    subprocess.run(
        [sys.executable, "-c", ORPHAN, str(flag)], cwd=paths.SOURCE_ROOT, check=True, timeout=30
    )
    time.sleep(2.5)
    assert not flag.exists(), "the orphaned worker went on"
