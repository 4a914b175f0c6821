"""Code run in a fresh Python process: what a module loads, or builds, at its start is only
seen where nothing loaded it before (the test process has loaded everything)."""

from __future__ import annotations

import subprocess
import sys


def fresh_python(code: str) -> str:
    """What ``code`` prints, run by this interpreter in a new process (a failure raises)."""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    return done.stdout.strip()
