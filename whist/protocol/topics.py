"""The MQTT topics of protocol v1 (:class:`Topics`), the protocol's version and the two status
words a hub or a kiosk publishes. Nowhere else in the project builds a topic string.

>>> t = Topics()
>>> t.result(7)
'whist/table/7/result'
>>> t.parse(t.result(7))
('result', 7)
"""

from __future__ import annotations

from dataclasses import dataclass

PROTOCOL_VERSION = 1


@dataclass(frozen=True)
class Topics:
    """Topic names under a configurable root (default ``whist``)."""

    root: str = "whist"

    # hub-owned, retained
    @property
    def hub_status(self) -> str:
        return f"{self.root}/hub/status"

    @property
    def state(self) -> str:
        return f"{self.root}/state"

    @property
    def standings(self) -> str:
        return f"{self.root}/standings"

    @property
    def epoch(self) -> str:
        """Extension: the hub's session; a new one at every start of the hub (a kiosk offers its
        kept results again to each new one: docs/protocol.md, "The tables are the second copy")."""
        return f"{self.root}/hub/epoch"

    @property
    def standings_changes(self) -> str:
        """Extension: the teams whose score changed, after every batch of results."""
        return f"{self.root}/standings/changes"

    @property
    def standings_gathered(self) -> str:
        """Extension: StandingsChanges gathered, the teams whose score changed since the last
        one, at most every quarter of a second while results stream in (the phones' page)."""
        return f"{self.root}/standings/gathered"

    def assignment(self, table: int) -> str:
        return f"{self.root}/table/{table}/assignment"

    def ack(self, table: int) -> str:
        return f"{self.root}/table/{table}/ack"

    def view(self, table: int) -> str:
        """Extension: everything table ``table``'s players must know, as the hub holds it."""
        return f"{self.root}/table/{table}/view"

    def score(self, table: int) -> str:
        """Extension (club nights): table ``table``'s running score, as the hub holds it."""
        return f"{self.root}/table/{table}/score"

    @property
    def night(self) -> str:
        """Extension (club nights): the night's standings and every table's progress."""
        return f"{self.root}/night"

    # kiosk-owned
    def result(self, table: int) -> str:
        return f"{self.root}/table/{table}/result"

    def table_status(self, table: int) -> str:
        return f"{self.root}/table/{table}/status"

    def call(self, table: int) -> str:
        return f"{self.root}/table/{table}/call"

    def deal(self, table: int) -> str:
        """Extension (club nights): a deal a table's kiosk reports."""
        return f"{self.root}/table/{table}/deal"

    def count(self, table: int) -> str:
        """Extension (decision A19): the flags a table's players counted at a day's end."""
        return f"{self.root}/table/{table}/count"

    # leader
    @property
    def leader_command(self) -> str:
        return f"{self.root}/leader/command"

    @property
    def leader_reply(self) -> str:
        return f"{self.root}/leader/reply"

    # subscription filters for the hub
    def every_table(self, kind: str) -> str:
        """Filter matching one kind of table topic on every table: ``whist/table/+/result``."""
        return f"{self.root}/table/+/{kind}"

    def parse(self, topic: str) -> tuple[str, int | None]:
        """Split a topic into (kind, table). Kind is the last word; table is None off tables.

        Raises ``ValueError`` for a topic outside this root or with a bad table number.
        """
        prefix = self.root + "/"
        if not topic.startswith(prefix):
            raise ValueError(f"topic {topic!r} is not under {self.root!r}")
        parts = topic[len(prefix) :].split("/")
        if len(parts) == 3 and parts[0] == "table":
            # isdigit() alone also accepts other scripts' digits ("\u0663" is 3 to int()).
            number = parts[1]
            if not (number.isascii() and number.isdigit()) or number.startswith("0"):
                raise ValueError(f"topic {topic!r} has no valid table number")
            return parts[2], int(parts[1])
        if parts == ["hub", "status"]:
            return "hub_status", None
        if parts == ["hub", "epoch"]:
            return "epoch", None
        if parts == ["leader", "command"]:
            return "command", None
        if parts == ["leader", "reply"]:
            return "reply", None
        if len(parts) == 1 and parts[0] in ("state", "standings", "night"):
            return parts[0], None
        if parts == ["standings", "changes"]:
            return "standings_changes", None
        if parts == ["standings", "gathered"]:
            return "standings_gathered", None
        raise ValueError(f"topic {topic!r} is not part of protocol v1")


ONLINE = "online"
OFFLINE = "offline"
