"""The room's clock as the screens say it (issue 26), in English and French: calm ("about 12
minutes"), then m:ss in the last five minutes, then the time over counting up; the leader's
slow tables and taps; the hall's line. Each screen is given a fake steady clock; the hub's
times come in a State, as published."""

from __future__ import annotations

import pytest

from console.presenter import LeaderPresenter
from hall.presenter import HallPresenter
from kiosk.presenter import TablePresenter
from whist.protocol import Clock, ClockAdd, ClockPause, ClockResume, Command, State

HUB = 1_800_000_000.0  # the hub's time when it sent the State


class Steady:
    def __init__(self, start: float) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now


class Link:
    def __init__(self) -> None:
        self.sent: list[Command] = []

    def submit(self, result: object) -> bool:
        return True

    def call_leader(self, reason: str = "") -> bool:
        return True

    def new_id(self) -> str:
        return f"c{len(self.sent)}"

    def send(self, command: Command) -> str:
        self.sent.append(command)
        return command.id


def state(*, playing: list[int], paused: bool = False, club: bool = False) -> State:
    """20 minutes given, 7:40 played (the hub's own times) when it was sent."""
    clock = Clock(
        unit=2,
        started=HUB - 460,
        seconds=1200,
        paused_at=HUB if paused else None,
        now=HUB,
        playing=playing,
    )
    return State(
        tournament="Spring",
        format="alberta",
        tables=3,
        hand=2,
        hands=4,
        day=1,
        phase="playing",
        trump="hearts",
        reported=[t for t in (1, 2, 3) if t not in playing],
        missing=playing,
        clock=clock,
    )


#: Seconds after the State came, and what a table still playing reads then.
SAID = {
    "en": [
        (0, "About 12 minutes left"),
        (440, "5:00 left"),
        (739.5, "0:01 left"),
        (932, "3:12 over"),
    ],
    "fr": [
        (0, "Il reste environ 12\u00a0minutes"),
        (440, "Il reste 5:00"),
        (932, "Temps dépassé de 3:12"),
    ],
}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_kiosk_says_the_time_left_calmly_then_exactly_then_the_time_over(language):
    # the kiosk's own clock is an hour off the hub's: only the hub's times count
    steady = Steady(HUB + 3600)
    kiosk = TablePresenter(2, link=Link(), language=language, clock=steady)
    kiosk.on_connection(True)
    kiosk.on_hub_status(True)
    kiosk.on_state(state(playing=[2, 3]))
    start = steady.now
    for after, words in SAID[language]:
        steady.now = start + after
        kiosk.tick()
        assert kiosk.view.header.clock == words
        assert kiosk.view.header.clock_over == words.endswith(("over", "3:12"))


def test_a_kiosk_that_reported_or_paused_or_offline():
    steady = Steady(50.0)
    done = TablePresenter(1, link=Link(), language="en", clock=steady)
    done.on_connection(True)
    done.on_state(state(playing=[2, 3]))
    assert done.view.header.clock == ""  # table 1 has reported: no clock to watch
    paused = TablePresenter(2, link=Link(), language="fr", clock=steady)
    paused.on_connection(True)
    paused.on_state(state(playing=[2], paused=True))
    steady.now += 3600  # a long break: the time left stands still
    paused.tick()
    assert paused.view.header.clock == "En pause\u00a0: il reste 12:20"
    paused.on_connection(False)
    assert paused.view.header.clock == ""  # away from the hub: no clock, the band says why


def test_an_old_retained_state_does_not_set_the_kiosk_back():
    steady = Steady(0.0)
    kiosk = TablePresenter(2, link=Link(), language="en", clock=steady)
    kiosk.on_connection(True)
    kiosk.on_state(state(playing=[2]))
    steady.now += 600
    old = state(playing=[2])
    assert old.clock is not None
    kiosk.on_state(old.model_copy(update={"clock": old.clock.model_copy(update={"now": HUB - 30})}))
    assert kiosk.view.header.clock == "2:20 left"  # 740 s left, 600 s on: not set back 30 s


@pytest.mark.parametrize(
    ("language", "calm", "slow", "pause", "resume"),
    [
        (
            "en",
            "About 12 minutes left",
            "3:12 over: tables 2, 3 still playing",
            "Pause the clock",
            "Resume the clock",
        ),
        (
            "fr",
            "Il reste environ 12\u00a0minutes",
            "Temps dépassé de 3:12\u00a0: tables 2, 3 encore en jeu",
            "Faire une pause",
            "Relancer l'horloge",
        ),
    ],
)
def test_the_console_lists_the_slow_tables_and_taps_the_clock(language, calm, slow, pause, resume):
    steady, link = Steady(10.0), Link()
    console = LeaderPresenter(link=link, language=language, steady=steady)
    console.on_connection(True)
    console.on_state(state(playing=[2, 3]))
    bar = console.view.clock
    plus = "+5\u00a0min" if language == "fr" else "+5 min"
    assert (bar.text, bar.pause.text, bar.add.text) == (calm, pause, plus)
    steady.now += 932
    console.tick()
    assert (console.view.clock.text, console.view.clock.role) == (slow, "bad")
    link.sent.clear()  # the console's own queries (the next hand's plan)
    console.room_clock.add_minutes()
    console.room_clock.pause_or_resume()
    added, paused = link.sent
    assert isinstance(added, ClockAdd) and added.minutes == 5
    assert isinstance(paused, ClockPause)
    console.on_state(state(playing=[2, 3], paused=True))
    assert console.view.clock.pause.text == resume
    console.room_clock.pause_or_resume()
    assert type(link.sent[-1]) is ClockResume
    console.on_state(state(playing=[]).model_copy(update={"clock": None}))
    assert console.view.clock.text == ""


@pytest.mark.parametrize(
    ("language", "calm", "over"),
    [
        ("en", "About 12 minutes left", "3:12 over"),
        ("fr", "Il reste environ 12\u00a0minutes", "Temps dépassé de 3:12"),
    ],
)
def test_the_hall_shows_the_clock_on_its_own_line(language, calm, over):
    steady = Steady(0.0)
    hall = HallPresenter(language=language, steady=steady)
    hall.on_connection(True)
    hall.on_state(state(playing=[2, 3]))
    assert (hall.view.clock, hall.view.clock_over) == (calm, False)
    steady.now += 932
    hall.tick()
    assert (hall.view.clock, hall.view.clock_over) == (over, True)
