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
from collections.abc import Mapping

#: A refusal's values, by the name its template gives them (``reason_args`` on the wire).
ReasonArgs = dict[str, str | int]


def M_(template: str) -> str:
    """Mark a refusal's English template for extraction (pybabel keyword ``M_``): a screen
    translates it through its own catalog and fills in the values (``reason_text``).

    >>> M_("NS tricks must be 0 to 13 (got {got})")
    'NS tricks must be 0 to 13 (got {got})'
    """
    return template


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
    OTHER_EVENT = "other_event"  # entered for another tournament or night than the hub's log
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

    def __init__(
        self,
        reason: str,
        code: ErrorCode = ErrorCode.REJECTED,
        *,
        text: str | None = None,
        args: Mapping[str, str | int] | None = None,
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code
        #: the English template of ``reason`` and its values, when it has one (a DealError's)
        self.text = text
        self.values: ReasonArgs = dict(args or {})

    @classmethod
    def of_deal(
        cls, exc: "DealError", code: ErrorCode = ErrorCode.REJECTED, *, deal: int | None = None
    ) -> "TournamentError":
        """A deal's refusal as the tournament's, its template kept; ``deal`` names the deal
        (the reason then reads "deal 3: …", and the values carry ``at_deal``).

        >>> bad = DealError(M_("tricks must be 0 to 13 (got {got})"), got=14)
        >>> e = TournamentError.of_deal(bad, deal=3)
        >>> e.reason
        'deal 3: tricks must be 0 to 13 (got 14)'
        >>> e.text, e.values
        ('tricks must be 0 to 13 (got {got})', {'got': 14, 'at_deal': 3})
        """
        if deal is None:
            return cls(exc.reason, code, text=exc.text, args=exc.values)
        values = {**exc.values, "at_deal": deal}
        return cls(f"deal {deal}: {exc.reason}", code, text=exc.text, args=values)


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
    no side can hold, a deal after the night's end); the message says why to the players.

    It is raised with an English template marked by :func:`M_` and its values, so that a screen
    can say it in its reader's language; ``str(err)`` and ``reason`` are the English sentence.

    >>> err = DealError(M_("{side} tricks must be 0 to 13 (got {got})"), side="NS", got=14)
    >>> str(err), err.reason
    ('NS tricks must be 0 to 13 (got 14)', 'NS tricks must be 0 to 13 (got 14)')
    >>> err.text, err.values
    ('{side} tricks must be 0 to 13 (got {got})', {'side': 'NS', 'got': 14})
    """

    def __init__(self, template: str, /, **args: str | int) -> None:
        self.reason = template.format(**args)
        super().__init__(self.reason)
        self.text: str | None = template
        self.values: ReasonArgs = dict(args)

    @classmethod
    def plain(cls, reason: str) -> "DealError":
        """A refusal with no template of its own (a card error's text, passed on)."""
        err = cls("{reason}", reason=reason)
        err.text, err.values = None, {}
        return err
