"""One error tree for the optional devices; each error is also the built-in it resembles.

>>> issubclass(BadLine, ValueError), issubclass(HardwareConfigError, ValueError)
(True, True)
"""

from __future__ import annotations


class HardwareError(Exception):
    """Base class of every error raised by ``hardware``."""


class HardwareConfigError(HardwareError, ValueError):
    """The ``[hardware]`` (or ``[scoreboard]``) table is wrong; ``problems`` lists each fault.

    >>> str(HardwareConfigError(["hardware.pad: unknown key 'hold'"]))
    "hardware.pad: unknown key 'hold'"
    """

    def __init__(self, problems: list[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(self.problems))


class BadLine(HardwareError, ValueError):
    """A serial line that breaks the line protocol (docs/hardware.md); it is logged and ignored.

    >>> BadLine("checksum is 5A, the line says 00").reason
    'checksum is 5A, the line says 00'
    """

    def __init__(self, reason: str, line: bytes = b"") -> None:
        self.reason = reason
        self.line = line
        super().__init__(reason if not line else f"{reason}: {line[:60]!r}")
