"""The sd_notify protocol against a real datagram socket standing in for systemd."""

import os
import socket

import pytest

from hub.service.systemd import Systemd


@pytest.fixture
def manager(tmp_path):
    path = str(tmp_path / "notify")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)
    sock.settimeout(2)
    yield path, sock
    sock.close()


def test_ready_status_watchdog_and_stopping(manager):
    path, sock = manager
    sd = Systemd(path)
    assert sd.available
    sd.ready("hand 3 of 30")
    assert sock.recv(100) == b"READY=1\nSTATUS=hand 3 of 30"
    sd.watchdog_ping()
    assert sock.recv(100) == b"WATCHDOG=1"
    sd.status("12 tables reported")
    assert sock.recv(100) == b"STATUS=12 tables reported"
    sd.stopping()
    assert sock.recv(100) == b"STOPPING=1"
    sd.close()


def test_reads_and_clears_notify_socket(manager, monkeypatch):
    path, sock = manager
    monkeypatch.setenv("NOTIFY_SOCKET", path)
    sd = Systemd()
    assert sd.available and "NOTIFY_SOCKET" not in os.environ
    sd.ready()
    assert sock.recv(100) == b"READY=1"
    sd.close()


def test_outside_systemd_everything_is_a_no_op(monkeypatch):
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    sd = Systemd()
    assert not sd.available
    sd.ready()
    sd.watchdog_ping()
    assert Systemd("not-a-socket-path").available is False
    assert Systemd("/nonexistent/socket").available is False


def test_watchdog_period(monkeypatch):
    sd = Systemd(None)
    monkeypatch.delenv("WATCHDOG_USEC", raising=False)
    assert sd.watchdog_period() is None
    monkeypatch.setenv("WATCHDOG_USEC", "30000000")
    monkeypatch.setenv("WATCHDOG_PID", str(os.getpid()))
    assert sd.watchdog_period() == 30.0
    monkeypatch.setenv("WATCHDOG_PID", "1")
    assert sd.watchdog_period() is None  # meant for another process


def test_serve_says_ready_and_pings_the_watchdog(manager, monkeypatch, tmp_path):
    """A real hub (embedded broker) under a fake service manager."""
    import threading
    import time

    from hub.broker.broker import find_executable
    from hub.service.serve import serve
    from tests.ports import quiet_port
    from whist.pattern import default_spec

    try:
        find_executable("mosquitto")
    except Exception:
        pytest.skip("mosquitto is not installed")
    path, sock = manager
    monkeypatch.setenv("NOTIFY_SOCKET", path)
    monkeypatch.setenv("WATCHDOG_USEC", "600000")  # 0.6 s: pings every 0.2 s
    monkeypatch.setenv("WATCHDOG_PID", str(os.getpid()))
    stop = threading.Event()
    lines = []
    runner = threading.Thread(
        target=serve,
        kwargs={
            "spec": default_spec("alberta", 3, 2),
            "data_dir": tmp_path / "d",
            "port": quiet_port(),
            "bind": "127.0.0.1",
            "echo": lines.append,
            "stop": stop,
        },
    )
    runner.start()
    try:
        got = []
        deadline = time.monotonic() + 30  # the hub's start: log, certificates, broker
        while time.monotonic() < deadline and sum(m == b"WATCHDOG=1" for m in got) < 2:
            sock.settimeout(max(0.1, deadline - time.monotonic()))
            got.append(sock.recv(200))
        sock.settimeout(2)
        assert got[0].startswith(b"READY=1\nSTATUS=Military whist, 3 tables: hand 0 of 2")
        assert got.count(b"WATCHDOG=1") >= 2
    finally:
        stop.set()
        runner.join(15)
    assert sock.recv(200).startswith((b"STATUS=", b"WATCHDOG=1", b"STOPPING=1"))
