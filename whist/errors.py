"""One error tree for the game core.

Every error is also a built-in ``ValueError`` so that callers who do not know our types can
still catch it, and every message is written for the person who caused it: a player or a
tournament leader, not a programmer.

Every refusal also carries a machine-readable :class:`ErrorCode`, the same on both sides of
the wire (an Ack's ``code``, a Reply's ``data.code``), so that a screen says it in its
reader's language.

>>> ErrorCode.CLOSED == "closed"
True
>>> TournamentError("hand 1 is already closed", ErrorCode.CLOSED).code
<ErrorCode.CLOSED: 'closed'>
"""

import enum


class ErrorCode(enum.StrEnum):
    """Why the hub refused a message, as the wire says it (``docs/protocol.md``, section 6)."""

    # Reading the message (whist.protocol), before any rule is looked at.
    TOO_LARGE = "too_large"  # payload over MAX_PAYLOAD_BYTES, refused before parsing
    MALFORMED = "malformed"  # not UTF-8, not JSON, not an object, NaN, a broken \u escape
    BAD_VERSION = "bad_version"  # v is not 1
    MISSING_FIELD = "missing_field"
    UNKNOWN_FIELD = "unknown_field"  # a field the message does not have (inbound only)
    WRONG_TYPE = "wrong_type"  # e.g. "8" or true where a number is expected
    OUT_OF_RANGE = "out_of_range"  # a number, length or choice the field does not allow
    UNKNOWN_OP = "unknown_op"  # a command op this hub does not know
    INCONSISTENT = "inconsistent"  # fields each fine but contradicting one another
    # The rules (whist.tournament) and the hub.
    REJECTED = "rejected"  # no more precise reason
    EXISTS = "exists"
    WRONG_PHASE = "wrong_phase"
    FINISHED = "finished"
    END_DAY_FIRST = "end_day_first"
    WRONG_HAND = "wrong_hand"
    HAS_RESULTS = "has_results"
    CLOSED = "closed"
    HAND_CLOSED = "hand_closed"
    DUPLICATE = "duplicate"
    CONFLICT = "conflict"
    REASON_REQUIRED = "reason_required"
    WRONG_FORMAT = "wrong_format"
    DAY_NOT_DONE = "day_not_done"
    WRONG_DAY = "wrong_day"
    BAD_TABLE = "bad_table"
    WRONG_TABLE = "wrong_table"  # a result for another table than its kiosk's
    BAD_TEAMS = "bad_teams"
    NOT_TIED = "not_tied"
    DRAWS_REQUIRED = "draws_required"
    WRONG_TEAMS = "wrong_teams"
    TRUMP_REQUIRED = "trump_required"
    IO = "io"  # the hub could not write its files
    NO_JOIN_CODE = "no_join_code"
    INTERNAL = "internal"  # the hub failed on this message; the leader has been told


#: The codes of reading a message (section 6.1): a Reply gives them only as its error text.
MESSAGE_CHECKS: tuple[ErrorCode, ...] = (
    ErrorCode.TOO_LARGE,
    ErrorCode.MALFORMED,
    ErrorCode.BAD_VERSION,
    ErrorCode.MISSING_FIELD,
    ErrorCode.UNKNOWN_FIELD,
    ErrorCode.WRONG_TYPE,
    ErrorCode.OUT_OF_RANGE,
    ErrorCode.UNKNOWN_OP,
    ErrorCode.INCONSISTENT,
)


class WhistError(Exception):
    """Base of every error raised by the ``whist`` package."""


class CardError(WhistError, ValueError):
    """A card, deck or trick is not possible (bad card text, illegal play, bad cut)."""


class PatternError(WhistError, ValueError):
    """A movement pattern or tournament file is invalid; the message names the hand."""


class TournamentError(WhistError, ValueError):
    """A fact cannot be applied to the tournament as it stands (wrong hand, phase, table)."""

    def __init__(self, reason: str, code: ErrorCode = ErrorCode.REJECTED) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code


class ProtocolError(WhistError, ValueError):
    """A message on the wire is malformed; ``reason`` is readable by a player."""

    def __init__(
        self, reason: str, code: ErrorCode = ErrorCode.MALFORMED, message_id: str | None = None
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code
        self.message_id = message_id


class DealError(WhistError, ValueError):
    """A club game's deal record cannot be scored (tricks that do not add up to 13, honours
    no side can hold, a deal after the night's end); the message says why to the players."""
