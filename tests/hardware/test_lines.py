"""The serial line protocol: framing, checksums, strict parsing, through pyserial's loop://."""

from __future__ import annotations

import pytest
import serial

from hardware.errors import BadLine
from hardware.lines import MAX_LINE, LineSplitter, checksum, encode_line, parse_count, parse_line


def test_checksum_is_the_nmea_xor():
    assert checksum(b"") == "00"
    assert checksum(b"A") == "41"
    assert checksum(b"AB") == f"{0x41 ^ 0x42:02X}"


def test_encoded_lines_parse_back_checked():
    line = parse_line(encode_line("ROW", 1, 2, 7, -3, "Les As"))
    assert (line.word, line.args, line.checked) == ("ROW", ("1", "2", "7", "-3", "Les", "As"), True)
    assert line.text == "1 2 7 -3 Les As"


def test_a_line_without_checksum_is_accepted_unchecked():
    line = parse_line(b"FLAGS 11\r\n")
    assert (line.word, line.args, line.checked) == ("FLAGS", ("11",), False)


def test_checksum_digits_may_be_lower_case():
    assert parse_line(b"FLAGS 11*7f\n").checked


@pytest.mark.parametrize(
    ("raw", "why"),
    [
        (b"FLAGS 11*00\n", "checksum is 7F"),
        (b"FLAGS 11*7\n", "two hexadecimal digits"),
        (b"FLAGS 11*7FF\n", "two hexadecimal digits"),
        (b"flags 11\n", "word in capitals"),
        (b"FLAGS  11\n", "single spaces"),
        (b"FLAGS 11 \n", "single spaces"),
        (b"FLAGS \xc3\xa9\n", "printable ASCII"),
        (b"FLAGS\t11\n", "printable ASCII"),
        (b"F" * (MAX_LINE + 1) + b"\n", "longer than"),
    ],
)
def test_bad_lines_say_why(raw, why):
    with pytest.raises(BadLine, match=why):
        parse_line(raw)


def test_bad_line_is_a_value_error():
    with pytest.raises(ValueError):
        parse_line(b"?")


@pytest.mark.parametrize("text", ["", "-1", "+3", "011", "1.5", "٣", "1000"])
def test_counts_are_plain_digits_in_range(text):
    with pytest.raises(BadLine):
        parse_count(text)


def test_counts():
    assert parse_count("0") == 0
    assert parse_count("999") == 999


@pytest.mark.parametrize("words", [("ROW", "a*b"), ("ROW", "é"), ("row",), ("ROW", "x" * 200)])
def test_encode_refuses_what_the_protocol_cannot_carry(words):
    with pytest.raises(ValueError):
        encode_line(*words)


def test_splitter_joins_pieces_and_skips_empty_lines():
    splitter = LineSplitter()
    data = b"\r\nFLAGS 1\nFLA" + b"GS 2*" + checksum(b"FLAGS 2").encode() + b"\n\n"
    items = [item for byte in data for item in splitter.feed(bytes([byte]))]
    assert [(i.word, i.args) for i in items] == [("FLAGS", ("1",)), ("FLAGS", ("2",))]


def test_splitter_drops_an_endless_line_once_and_recovers():
    splitter = LineSplitter()
    out = splitter.feed(b"X" * 500)
    assert len(out) == 1 and isinstance(out[0], BadLine)
    assert splitter.feed(b"Y" * 500) == []  # the same garbage line, not reported again
    assert [i.word for i in splitter.feed(b"tail\nFLAGS 3\n")] == ["FLAGS"]


def test_round_trip_through_pyserial_loop():
    port = serial.serial_for_url("loop://", timeout=0.2)
    try:
        sent = [encode_line("PAGE", 1, 2, 5, 1), encode_line("ROW", 1, 1, 3, 14, "Team 3")]
        for line in sent:
            port.write(line)
        port.write(b"garbage*ZZ\nSHOW\n")
        splitter = LineSplitter()
        items = splitter.feed(port.read(port.in_waiting))
        assert [i.word if not isinstance(i, BadLine) else "bad" for i in items] == [
            "PAGE",
            "ROW",
            "bad",
            "SHOW",
        ]
    finally:
        port.close()
