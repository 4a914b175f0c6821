"""The words the core gives a phase, a status, a unit and an outcome's reason.

Each is a ``StrEnum``: a member *is* its string, so the wire's JSON, the event log and every
comparison with an old string stay the same, while the code names a member rather than
spelling a string (``tests/test_no_vocabulary_literals.py`` fails on a comparison with the
bare string outside ``whist/``). A pydantic field takes them as ``Literal[Phase.PLAYING, …]``:
it accepts the string on the wire and in Python, gives back the member, and its JSON Schema is
the same list of strings as before.

>>> Phase.PLAYING == "playing", f"{Unit.FLAGS}", CountStatus.NOT_COUNTED.value
(True, 'flags', 'not counted')
>>> import json; json.dumps({"phase": Phase.CLOSED})
'{"phase": "closed"}'
"""

from __future__ import annotations

import enum

__all__ = ["AckStatus", "CountStatus", "OutcomeReason", "Phase", "Unit"]


class Phase(enum.StrEnum):
    """Where the current hand stands (an Assignment's, a State's ``phase``)."""

    WAITING = "waiting"  # before the first hand, or between hands
    PLAYING = "playing"  # results accepted
    CLOSED = "closed"  # closed by the leader (a club night: ended)


class AckStatus(enum.StrEnum):
    """What the hub did with a table's message (an Ack's ``status``)."""

    ACCEPTED = "accepted"
    DUPLICATE = "duplicate"  # already accepted under this id: counted once
    REJECTED = "rejected"


class CountStatus(enum.StrEnum):
    """A table's flag count at a day's end beside the hub's (decision A19)."""

    AGREES = "agrees"
    DIFFERS = "differs"
    NOT_COUNTED = "not counted"


class Unit(enum.StrEnum):
    """What is counted: a format's score (flags or points), what a club game wins (games or
    rubbers), what a night's standings rank by, how long a night lasts (``OPEN``: until the
    leader ends it)."""

    FLAGS = "flags"
    POINTS = "points"
    TRICKS = "tricks"
    GAMES = "games"
    RUBBERS = "rubbers"
    DEALS = "deals"
    OPEN = "open"


class OutcomeReason(enum.StrEnum):
    """What decided a military hand's outcome (``HandOutcome.why``)."""

    TRICKS = "tricks"  # the tricks as taken
    REVOKES = "revokes"  # tricks moved by revokes
    FAULT = "fault"  # one side at fault loses the hand
    FAULTS_CANCEL = "faults_cancel"  # both sides at fault: the tricks decide
