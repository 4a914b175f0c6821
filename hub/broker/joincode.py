"""The hall's join code and the record of joins, as files in the hub's data folder.

The join service (:mod:`hub.broker.provision`) checks a kiosk's code against the file at every
attempt; the leader's console reads and renews the code and reads the record through the hub
(:mod:`hub.service.joins`), and ``whist-hub join-code`` from the command line. Kept apart from
the service so that a hub that runs none (its own broker, ``--provision-port 0``) never loads
an HTTP server for them (issue 22, the hub's memory).

>>> code = JoinCode.load_or_create(data_dir)                    # doctest: +SKIP
>>> code.matches("123456"), code.expired(time.time())            # doctest: +SKIP
(False, False)
"""

from __future__ import annotations

import contextlib
import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hub.broker.private import write_private

JOIN_CODE_FILE = "join-code"
#: Every join and every wrong code, one JSON object a line (beside the code, mode 0600).
JOINS_FILE = "joins.jsonl"
#: How long a join code works: a whole day of play with its setting-up. A hub started after
#: that makes a new one; the leader can renew it from the console at any time.
CODE_LIFETIME = 12 * 3600.0
#: The joins (and wrong codes) a leader's query returns, newest first.
JOINS_SHOWN = 50

@dataclass(frozen=True)
class JoinCode:
    """The hall's join code: six digits and the time it stops working (seconds since the
    epoch), kept in the data folder (mode 0600) as ``{"code": …, "expires": …}``.

    The file is the one truth: the join service reads it at every attempt, so a code renewed
    from the console or by ``whist-hub join-code --renew`` works at once and the old one no
    longer does.
    """

    path: Path
    code: str
    expires: float

    @classmethod
    def read(cls, path: Path, *, lifetime: float = CODE_LIFETIME) -> JoinCode | None:
        """The code in ``path``, or None if there is none that can be read. A file from before
        codes expired (six digits alone) expires ``lifetime`` after it was written."""
        try:
            text = path.read_text(encoding="utf-8").strip()
            written = path.stat().st_mtime
        except OSError:
            return None
        if text.isdigit() and len(text) == 6:
            return cls(path, text, written + lifetime)
        try:
            data = json.loads(text)
            code, expires = str(data["code"]), float(data["expires"])
        except (ValueError, TypeError, KeyError):
            return None
        return cls(path, code, expires) if code.isdigit() and len(code) == 6 else None

    @classmethod
    def load_or_create(
        cls,
        data_dir: Path,
        *,
        lifetime: float = CODE_LIFETIME,
        clock: Callable[[], float] = time.time,
    ) -> JoinCode:
        """The code in ``data_dir``; a new one if there is none or it has expired."""
        found = cls.read(Path(data_dir) / JOIN_CODE_FILE, lifetime=lifetime)
        if found is not None and not found.expired(clock()):
            return found
        return cls.renew(data_dir, lifetime=lifetime, clock=clock)

    @classmethod
    def renew(
        cls,
        data_dir: Path,
        *,
        lifetime: float = CODE_LIFETIME,
        clock: Callable[[], float] = time.time,
    ) -> JoinCode:
        """A new code, working for ``lifetime`` seconds; the old one stops working at once."""
        path = Path(data_dir) / JOIN_CODE_FILE
        old = cls.read(path)
        code = f"{secrets.randbelow(1_000_000):06d}"
        while old is not None and code == old.code:
            code = f"{secrets.randbelow(1_000_000):06d}"
        expires = float(int(clock() + lifetime))
        path.parent.mkdir(parents=True, exist_ok=True)
        write_private(path, json.dumps({"code": code, "expires": expires}) + "\n")
        return cls(path, code, expires)

    def expired(self, now: float) -> bool:
        return now >= self.expires

    def matches(self, given: str) -> bool:
        return secrets.compare_digest(given.encode(), self.code.encode())


def read_joins(data_dir: Path, limit: int = JOINS_SHOWN) -> list[dict[str, Any]]:
    """The last ``limit`` joins and wrong codes recorded in ``data_dir``, newest first."""
    try:
        lines = (Path(data_dir) / JOINS_FILE).read_text(encoding="utf-8").splitlines()
    except OSError:
        return []
    found: list[dict[str, Any]] = []
    for line in reversed(lines):
        with contextlib.suppress(ValueError):
            entry = json.loads(line)
            if isinstance(entry, dict):
                found.append(entry)
        if len(found) >= limit:
            break
    return found
