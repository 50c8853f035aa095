"""The ``guandan`` command's parts that need no server: the data folder it picks, the hosts it
allows when phones may connect, the port check, and static files collected once per change."""

from __future__ import annotations

import socket
from pathlib import Path

from django.test import override_settings

from guandan import cli, paths
from guandan.network import lan_addresses, port_in_use
from guandan.static import STAMP_FILE, collect_if_changed


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
    cli._allow_hosts(["192.168.1.23"])
    assert cli.os.environ["ALLOWED_HOSTS"] == "127.0.0.1,localhost,[::1],192.168.1.23"
    monkeypatch.setenv("ALLOWED_HOSTS", "guandan.example.org")
    cli._allow_hosts(["192.168.1.23"])
    assert cli.os.environ["ALLOWED_HOSTS"] == "guandan.example.org"


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
        assert cli.main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert f"端口 {port} 已被占用" in err and f"PORT={port + 1} bash scripts/serve.sh" in err


def test_the_way_to_start_again_is_the_one_this_user_has(monkeypatch):
    assert cli.rerun("demo", "host", "0.0.0.0") == "HOST=0.0.0.0 bash scripts/demo.sh"
    monkeypatch.setattr(cli, "in_clone", lambda: False)
    assert cli.rerun("serve", "port", "8001") == "guandan serve --port 8001"


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
