"""The serial line protocol both devices speak: framing, checksum, strict parsing.

One line is printable ASCII ended by ``\\n`` (a ``\\r`` before it is ignored): a WORD in capitals,
then its arguments separated by single spaces, then optionally ``*`` and two hexadecimal digits,
the XOR of every byte before the ``*`` (the NMEA 0183 checksum). We always send the checksum; a
device may leave it out, but if it sends one it must be right. docs/hardware.md has the words.

>>> encode_line("FLAGS", 11)
b'FLAGS 11*7F\\n'
>>> parse_line(b"FLAGS 11*7F\\r\\n")
Line(word='FLAGS', args=('11',), text='11', checked=True)
>>> parse_line(b"FLAGS 11*00")
Traceback (most recent call last):
  ...
hardware.errors.BadLine: checksum is 7F but the line says 00: b'FLAGS 11*00'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hardware.errors import BadLine

#: Longest line (without its ``\\n``) either side may send; longer ones are refused whole.
MAX_LINE = 120
#: The protocol version this side speaks, sent in ``HELLO WHIST 1``.
PROTOCOL_VERSION = 1

_WORD = re.compile(r"[A-Z][A-Z0-9]*\??")
_HEX = re.compile(r"[0-9A-Fa-f]{2}")


def checksum(body: bytes) -> str:
    """The two-digit checksum of ``body``: XOR of its bytes, upper-case hexadecimal.

    >>> checksum(b"HELLO WHIST 1")
    '22'
    """
    value = 0
    for byte in body:
        value ^= byte
    return f"{value:02X}"


@dataclass(frozen=True)
class Line:
    """One well-formed line: its ``word``, the arguments, and whether a checksum vouched for it.

    ``text`` is everything after the word, for a last argument that may hold spaces (a name).

    >>> parse_line(b"ROW 1 1 7 14 Les As").text
    '1 1 7 14 Les As'
    """

    word: str
    args: tuple[str, ...]
    text: str
    checked: bool


def encode_line(word: str, *args: object) -> bytes:
    """One line ready to write: the words, the checksum and the ``\\n``.

    Raises :class:`ValueError` for anything the protocol cannot carry (a non-ASCII character,
    a ``*``, a line too long): callers clean up free text such as team names first.
    """
    if not _WORD.fullmatch(word):
        raise ValueError(f"not a protocol word: {word!r}")
    body = " ".join([word, *(str(a) for a in args)])
    if not all(" " <= ch <= "~" for ch in body) or "*" in body:
        raise ValueError(f"a line must be printable ASCII without '*': {body!r}")
    if len(body) + 3 > MAX_LINE:
        raise ValueError(f"line longer than {MAX_LINE} characters: {body[:40]!r}...")
    raw = body.encode("ascii")
    return raw + b"*" + checksum(raw).encode("ascii") + b"\n"


def parse_line(raw: bytes) -> Line:
    """Check and split one line (with or without its ``\\n``); :class:`BadLine` if it is wrong."""
    line = raw[:-1] if raw.endswith(b"\n") else raw
    line = line[:-1] if line.endswith(b"\r") else line
    if len(line) > MAX_LINE:
        raise BadLine(f"line longer than {MAX_LINE} characters", line)
    if not all(0x20 <= byte <= 0x7E for byte in line):
        raise BadLine("not printable ASCII", line)
    body, checked = line, False
    star = line.find(b"*")
    if star != -1:
        body, given = line[:star], line[star + 1 :].decode("ascii")
        if not _HEX.fullmatch(given):
            raise BadLine("'*' must be followed by exactly two hexadecimal digits", line)
        if checksum(body) != given.upper():
            raise BadLine(f"checksum is {checksum(body)} but the line says {given}", line)
        checked = True
    text = body.decode("ascii")
    word, _, rest = text.partition(" ")
    if not _WORD.fullmatch(word):
        raise BadLine("a line starts with a word in capitals", line)
    args = tuple(rest.split(" ")) if rest else ()
    if any(arg == "" for arg in args):
        raise BadLine("arguments are separated by single spaces", line)
    return Line(word=word, args=args, text=rest, checked=checked)


def parse_count(text: str, *, lowest: int = 0, highest: int = 999) -> int:
    """A whole number written in plain digits, within bounds (``"011"``, ``"+3"`` are refused).

    >>> parse_count("11")
    11
    """
    if not (text.isascii() and text.isdigit()) or (len(text) > 1 and text[0] == "0"):
        raise BadLine(f"{text!r} is not a whole number")
    value = int(text)
    if not lowest <= value <= highest:
        raise BadLine(f"{value} is not between {lowest} and {highest}")
    return value


class LineSplitter:
    """Turns bytes as they arrive (in any pieces) into lines; an empty line is skipped.

    A line that grows past :data:`MAX_LINE` without a ``\\n`` is reported once as a
    :class:`BadLine` and the rest of it is dropped, so a device spewing garbage costs no memory.

    >>> splitter = LineSplitter()
    >>> splitter.feed(b"FLA")
    []
    >>> [item.word for item in splitter.feed(b"GS 3\\nFLAGS 4\\n")]
    ['FLAGS', 'FLAGS']
    """

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._skipping = False

    def feed(self, data: bytes) -> list[Line | BadLine]:
        out: list[Line | BadLine] = []
        self._buffer.extend(data)
        while True:
            end = self._buffer.find(b"\n")
            if end == -1:
                break
            raw = bytes(self._buffer[: end + 1])
            del self._buffer[: end + 1]
            if self._skipping:
                self._skipping = False
                continue
            if raw.strip(b"\r\n") == b"":
                continue
            try:
                out.append(parse_line(raw))
            except BadLine as exc:
                out.append(exc)
        if len(self._buffer) > MAX_LINE + 2 and not self._skipping:
            out.append(BadLine(f"line longer than {MAX_LINE} characters", bytes(self._buffer)))
            self._skipping = True
        if self._skipping:
            self._buffer.clear()
        return out

    def reset(self) -> None:
        """Forget a half-received line (after the port was reopened)."""
        self._buffer.clear()
        self._skipping = False
