"""The hub's data folder is private: 0700 folders, 0600 files, under systemd or not.

The folder holds every kiosk's password, the join code, the tournament's log and the
broker's database. systemd runs the hub with ``UMask=0077``; :func:`keep_private` gives a hub
started by hand the same, and tightens what an older version (or a copy) left readable.

>>> keep_private(Path("finals-data"))       # doctest: +SKIP
"""

from __future__ import annotations

import contextlib
import logging
import os
import stat
from pathlib import Path

log = logging.getLogger("whist.hub")

#: What systemd's ``UMask=0077`` gives: nothing for the group or others.
PRIVATE_UMASK = 0o077


def keep_private(data_dir: Path) -> int:
    """Create *data_dir* if needed, make it and all it holds private; returns the old umask.

    From here on this process (and the broker it starts) creates files 0600 and folders 0700.
    """
    previous = os.umask(PRIVATE_UMASK)
    data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
    tightened = [p for p in (data_dir, *data_dir.rglob("*")) if _tighten(p)]
    if tightened:
        log.warning(
            "%d file(s) or folder(s) in %s were readable by others; made them private",
            len(tightened),
            data_dir,
        )
    return previous


def _tighten(path: Path) -> bool:
    try:
        mode = path.lstat().st_mode
    except OSError:  # gone meanwhile (a sqlite -shm file, a rotated log)
        return False
    if stat.S_ISLNK(mode) or not mode & PRIVATE_UMASK:
        return False
    private = 0o700 if stat.S_ISDIR(mode) else stat.S_IMODE(mode) & 0o700
    path.chmod(private)
    return True


def write_private(path: Path, text: str) -> None:
    """Write *text* to *path* atomically, readable by its owner only (0600)."""
    tmp = path.with_name(f".{path.name}.tmp")
    with contextlib.suppress(FileNotFoundError):
        tmp.unlink()
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
