"""The hub's own rotated log file (hub/broker/logcap.py RotatingLog): the standard library's
rule — the file is cut before a line would take it to its cap, the older files shift up by
one, the oldest is dropped — without loading ``logging.handlers`` (issue 22)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from hub.broker.logcap import RotatingLog


def _logger(handler: logging.Handler, name: str) -> logging.Logger:
    log = logging.getLogger(f"test.rotating.{name}")
    log.propagate = False
    log.setLevel(logging.INFO)
    log.handlers[:] = [handler]
    return log


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []


def test_lines_go_on_in_order_across_the_files_and_none_is_over_the_cap(tmp_path):
    path = tmp_path / "hub.log"
    handler = RotatingLog(path, 1000, 3)
    log = _logger(handler, "order")
    for i in range(200):
        log.info("line %03d %s", i, "é" * 20)  # two bytes a letter: the cap counts bytes
    handler.close()
    parts = [path, *(tmp_path / f"hub.log.{n}" for n in (1, 2, 3))]
    assert sorted(p.name for p in tmp_path.iterdir()) == [p.name for p in parts]
    assert all(p.stat().st_size < 1000 for p in parts)
    kept = [line for p in reversed(parts) for line in _lines(p)]
    numbers = [int(line.split()[1]) for line in kept]
    assert numbers == list(range(numbers[0], 200))  # the newest, with no gap and no repeat
    assert len(numbers) > 3 * (1000 // 60)


def test_no_file_is_made_before_the_first_line(tmp_path):
    handler = RotatingLog(tmp_path / "hub.log", 1000, 3)
    handler.close()
    assert list(tmp_path.iterdir()) == []


def test_without_backups_the_file_starts_again(tmp_path):
    path = tmp_path / "hub.log"
    handler = RotatingLog(path, 200, 0)
    log = _logger(handler, "none")
    for i in range(40):
        log.info("line %03d", i)
    handler.close()
    assert [p.name for p in tmp_path.iterdir()] == ["hub.log"]
    assert path.stat().st_size < 200
    assert _lines(path)[-1] == "line 039"


def test_a_file_it_cannot_write_is_said_once_on_stderr(tmp_path, capsys):
    path = tmp_path / "gone" / "hub.log"  # its folder does not exist: every write fails
    handler = RotatingLog(path, 1000, 3)
    log = _logger(handler, "full")
    for _ in range(5):
        log.info("lost")
    handler.close()
    err = capsys.readouterr().err
    assert err == f"whist-hub: cannot write {path}; is the disk full?\n"


@pytest.mark.parametrize("backups", [1, 2])
def test_the_oldest_file_is_dropped(tmp_path, backups):
    path = tmp_path / "hub.log"
    handler = RotatingLog(path, 100, backups)
    log = _logger(handler, f"drop{backups}")
    for i in range(100):
        log.info("line %03d", i)
    handler.close()
    assert len(list(tmp_path.iterdir())) == backups + 1
