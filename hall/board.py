"""The serial hall scoreboard hears what the hall display hears.

:class:`StandingsTee` stands between the hub's connection and the hall's presenter: every
message reaches the presenter, and each full :class:`~whist.protocol.Standings` also reaches
the board (``hardware.Hardware.show_standings``, safe from any thread). The board needs no
StandingsChanges: the hub's full Standings follow each batch within a second. No Kivy here.

>>> from hall.presenter import HallPresenter
>>> from whist.protocol import Standings
>>> seen = []
>>> tee = StandingsTee(HallPresenter(language="en"), seen.append)
>>> tee.on_standings(Standings(hand=1, day=1, teams=[]))
>>> len(seen)
1
"""

from __future__ import annotations

from collections.abc import Callable

from hall.presenter import HallPresenter
from whist.protocol import NightStandings, Standings, StandingsChanges, State


class StandingsTee:
    """A connection listener: the presenter, plus the board for each full Standings."""

    def __init__(self, presenter: HallPresenter, board: Callable[[Standings], None]) -> None:
        self.presenter = presenter
        self.board = board

    def on_connection(self, connected: bool) -> None:
        self.presenter.on_connection(connected)

    def on_hub_status(self, online: bool) -> None:
        self.presenter.on_hub_status(online)

    def on_state(self, state: State) -> None:
        self.presenter.on_state(state)

    def on_standings(self, standings: Standings) -> None:
        self.presenter.on_standings(standings)
        if self.presenter.seq == standings.seq:  # not older than what the screen shows
            self.board(standings)

    def on_changes(self, changes: StandingsChanges) -> None:
        self.presenter.on_changes(changes)

    def on_night(self, night: NightStandings) -> None:
        self.presenter.on_night(night)
