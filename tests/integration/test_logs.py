"""Logs a hostile hall cannot grow without end (issue 23, item 6): a flood of refused
connections to a real Mosquitto, and of refused requests in the hub's log, leaves both logs
under their cap; the files are cut and rotated while the hub runs."""

from __future__ import annotations

import logging
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from hub.broker.broker import (
    LOG_BACKUPS,
    LOG_LINES_PER_MINUTE,
    LOG_MAX_BYTES,
    EmbeddedBroker,
)
from hub.broker.logcap import LinePump
from hub.service.serve import LOG_SAME_PER_MINUTE, setup_logging
from tests.integration.conftest import require_mosquitto
from tests.ports import quiet_port

require_mosquitto()
WAIT = 10.0
#: Pumping 40,000 lines is CPU work: on a machine busy with other work it can take far longer than
#: a broker's answer, so its wait is a bound against a hang, not a figure.
DRAIN = 120.0
#: MQTT 3.1.1 CONNECT, client id "x", no username: refused by a broker without anonymous access.
ANONYMOUS_CONNECT = bytes.fromhex("100d00044d5154540402003c000178")


def refused_connect(port: int) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as s:
        s.sendall(ANONYMOUS_CONNECT)
        return s.recv(4)


def log_parts(folder: Path, name: str) -> list[Path]:
    return sorted(folder.glob(f"{name}*"))


def test_a_flood_of_refused_connections_leaves_the_broker_log_small(tmp_path: Path) -> None:
    flood = 1500
    broker = EmbeddedBroker(tmp_path, tables=2, port=quiet_port(), bind="127.0.0.1")
    with broker:
        assert refused_connect(broker.port) == bytes.fromhex("20020005")  # not authorised
        for _ in range(flood):
            refused_connect(broker.port)
        pump = broker._pump
        assert pump is not None
    # Mosquitto said at least two lines a connection; most were counted, not kept.
    assert pump.lines >= 2 * flood
    parts = log_parts(tmp_path, "mosquitto.log")
    text = "".join(p.read_text(encoding="utf-8") for p in parts)
    kept = text.count("\n")
    assert kept <= LOG_LINES_PER_MINUTE * 2 + 10, kept
    assert "more like this left out of the log" in text
    assert "mosquitto version" in text  # its start is always kept
    assert sum(p.stat().st_size for p in parts) < 100 * LOG_LINES_PER_MINUTE * 2
    assert sum(p.stat().st_size for p in parts) <= LOG_MAX_BYTES * (LOG_BACKUPS + 1)


def test_the_broker_log_is_cut_and_rotated_while_it_runs(tmp_path: Path) -> None:
    # A real child printing far more than the cap, through the same pump as the broker's.
    child = subprocess.Popen(
        [sys.executable, "-c", "for i in range(40000): print(f'line {i:06d} ' + 'x' * 40)"],
        stdout=subprocess.PIPE,
    )
    assert child.stdout is not None
    cap, backups = 64 * 1024, 2
    pump = LinePump(child.stdout, tmp_path / "mosquitto.log", cap, backups, per_minute=10**9)
    pump.start()
    assert child.wait(DRAIN) == 0
    pump.join(DRAIN)
    parts = log_parts(tmp_path, "mosquitto.log")
    assert [p.name for p in parts] == ["mosquitto.log", "mosquitto.log.1", "mosquitto.log.2"]
    assert all(p.stat().st_size <= cap for p in parts)
    assert pump.lines == 40000
    newest = (tmp_path / "mosquitto.log").read_text(encoding="utf-8").splitlines()
    assert newest[-1].startswith("line 039999 ")  # the latest lines are the ones kept


@pytest.fixture
def hub_log(tmp_path: Path) -> Iterator[Path]:
    root = logging.getLogger()
    before, level = list(root.handlers), root.level
    setup_logging(tmp_path)
    try:
        yield tmp_path / "hub.log"
    finally:
        for handler in root.handlers[:]:
            if handler not in before:
                root.removeHandler(handler)
                handler.close()
        root.setLevel(level)


def test_a_flood_of_refused_requests_leaves_hub_log_small(hub_log: Path) -> None:
    log = logging.getLogger("whist.hub.provision")
    flood = 20000
    for n in range(flood):
        log.info("join refused from %s: %s", f"10.0.0.{n % 250}", "wrong code")
    log.warning("a different message is still said")
    text = hub_log.read_text(encoding="utf-8")
    assert text.count("join refused from") == LOG_SAME_PER_MINUTE
    assert "a different message is still said" in text
    # 291 bytes a request before: now a few hundred lines whatever the flood.
    assert hub_log.stat().st_size < 200 * LOG_SAME_PER_MINUTE


def test_a_broker_outliving_a_killed_hub_keeps_running_without_its_log(tmp_path: Path) -> None:
    # The hub reads the broker's log through a pipe; killed outright, it leaves the broker
    # writing into a closed pipe. The broker must live on (it keeps the hub's queued results
    # and says its last will) until the next hub reclaims it.
    port = quiet_port()
    code = (
        "import os, signal, sys\nfrom hub.broker.broker import EmbeddedBroker\n"
        "EmbeddedBroker(sys.argv[1], 2, port=int(sys.argv[2]), bind='127.0.0.1').start()\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    subprocess.run([sys.executable, "-c", code, str(tmp_path), str(port)], timeout=WAIT * 3)
    pid = int((tmp_path / "broker.pid").read_text(encoding="ascii"))
    try:
        for _ in range(20):  # each refusal makes the broker write log lines into the pipe
            assert refused_connect(port) == bytes.fromhex("20020005")
        os.kill(pid, 0)  # still there: a SIGPIPE would have ended it
    finally:
        # The next hub stops it (docs/protocol.md, 7.6): as that hub would.
        with EmbeddedBroker(tmp_path, tables=2, port=port, bind="127.0.0.1"):
            pass
