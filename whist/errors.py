"""One error tree for the game core.

Every error is also a built-in ``ValueError`` so that callers who do not know our types can
still catch it, and every message is written for the person who caused it: a player or a
tournament leader, not a programmer.
"""


class WhistError(Exception):
    """Base of every error raised by the ``whist`` package."""


class CardError(WhistError, ValueError):
    """A card, deck or trick is not possible (bad card text, illegal play, bad cut)."""


class PatternError(WhistError, ValueError):
    """A movement pattern or tournament file is invalid; the message names the hand."""


class TournamentError(WhistError, ValueError):
    """A fact cannot be applied to the tournament as it stands (wrong hand, phase, table)."""

    def __init__(self, reason: str, code: str = "rejected") -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code


class ProtocolError(WhistError, ValueError):
    """A message on the wire is malformed; ``reason`` is readable by a player."""

    def __init__(self, reason: str, code: str = "malformed", message_id: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code
        self.message_id = message_id


class DealError(WhistError, ValueError):
    """A club game's deal record cannot be scored (tricks that do not add up to 13, honours
    no side can hold, a deal after the night's end); the message says why to the players."""
