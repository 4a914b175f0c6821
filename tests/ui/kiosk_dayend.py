"""Issue 25's kiosk screens, under Xvfb at 800x480: the hub's news given straight to the
table's presenter (the core's own views of a real tournament, no hub), each screen shot in
English then in French and audited like every kiosk screenshot (no text cut, overlapping
another, the top bar's included, or outside the window).

Run by tests/ui/test_kiosk_dayend_ui.py through tests/ui/driver.py (scenario ``dayend``).
"""

from __future__ import annotations

from typing import Any

from tests.ui.driver import Driver, until

#: Long team names, as real clubs have them: the visitors' line wraps on the French hand.
NAMES = ("Les As de Red Deer", "Légion de Lacombe", "Les Cœurs de Ponoka", "Les Piques d'Olds")
PLAYERS = {"A": "Marie-Thérèse", "B": "Jean-Baptiste", "X": "Gérard", "Y": "Bartholomew"}


def _spec() -> Any:
    from whist.pattern import default_spec

    spec = default_spec("alberta", 4, 3)
    teams = tuple(
        t.model_copy(update={"name": name, "players": PLAYERS})
        for t, name in zip(spec.teams, NAMES, strict=True)
    )
    return spec.model_copy(update={"teams": teams})


async def dayend(d: Driver) -> None:
    from whist.events import DayEnded, HandClosed, HandStarted, ResultCorrected, ResultRecorded
    from whist.protocol import Ack, PlayoffNote, Result, Revokes, TableView
    from whist.tournament import Tournament
    from whist.views import TableViews, state

    table = d.spec["table"]
    p = d.presenter
    await until(lambda: hasattr(p, "on_view"), "the table's presenter")
    p.tap_guard = 0  # the intents below are the scenario's, not a finger's
    t = Tournament.new(_spec())

    def show() -> None:
        p.on_connection(True)
        p.on_hub_status(True)
        p.on_state(state(t))
        p.on_view(TableView.model_validate(TableViews(t).body(table)))

    async def both(name: str, screen: str, note: Any = None) -> None:
        """The screen on show, in English then in French."""
        for language in ("en", "fr"):
            if p.language != language:
                p.toggle_language()
            await d.on(screen)
            await d.shot(f"{name}-{language}")
            if note is not None:
                d.note(f"{name}-{language}", note())

    # hands 1 and 2 played everywhere, hand 3 too: every table is in, the team's place
    for h in (1, 2, 3):
        if h > 1:
            t.apply(HandClosed(h - 1))
        t.apply(HandStarted(h, None))
        for tab in (1, 2, 3, 4):
            t.apply(ResultRecorded(f"r{h}-{tab}", h, tab, 6 + h if tab == table else 6))
        show()
        if p.view.screen.value == "move":
            p.dismiss()
    w = lambda: d.app.vm.waiting  # noqa: E731
    await both("k01-all-in", "waiting", lambda: [w().subtitle, w().standing, w().recent])
    d.measure("k01-all-in-fr", {"standing": False, "recent": False})

    # the call: why, then confirmed (item 13)
    p.call_leader()
    p.call_reason(1)
    await both("k02-call", "call", lambda: [b.text for b in d.app.vm.call.reasons])
    p.back()

    # the French hand with the visitors' long name (item 7), from a fresh hand 3 view
    t2 = Tournament.new(_spec())
    t2.apply(HandStarted(1, t2.spec.plan(1).trump_suit))
    p.on_view(TableView.model_validate(TableViews(t2).body(table)))
    p.dismiss()
    # what the screen shows (a long line gives way to its shorter wording)
    await both("k03-hand", "hand", lambda: [d.find(k).text for k in ("home", "visitors", "away")])
    d.measure("k03-hand-fr", {"home": False, "visitors": False})

    # the correction screen: a result the leader corrected before its answer came (item 7)
    sent = Result(id="k-1", hand=1, table=table, visitor_tricks=8, home_tricks=5,
                  revokes=Revokes(home=0, visitors=0))
    t2.apply(ResultRecorded("k-1", 1, table, 8))
    t2.apply(ResultCorrected(1, table, 5, 0, 0, "score sheet"))
    p.on_view(TableView.model_validate(TableViews(t2).body(table)))
    p.on_ack(Ack(id="k-1", status="accepted", hand=1), sent)
    await both("k04-corrected", "accepted", lambda: d.app.vm.accepted.title)
    p.dismiss()

    # the day's end, then a correction after it: the number moves, the screen says why
    t.apply(HandClosed(3))
    t.apply(DayEnded(1, final=True))
    show()
    t.apply(ResultCorrected(2, table, 5, 0, 0, "the score sheet says 5"))
    show()
    await both("k05-late", "waiting", lambda: w().late)

    # a playoff for first: this table's team is in it; the trump cut, the last hand
    note = PlayoffNote(
        place=1,
        teams=[table, 3],
        names={str(table): NAMES[table - 1], "3": NAMES[2]},
        next=[table, 3],
        players={str(table): ["Marie-Thérèse", "Jean-Baptiste"], "3": ["Gérard", "Yvonne"]},
        table=1,
        trump="hearts",
        last_teams=[table, 3],
        last_tricks=[7, 6],
    )
    p.on_state(state(t).model_copy(update={"playoff": note}))
    await both("k06-playoff", "waiting", lambda: [w().title, w().subtitle])
    other = note.model_copy(update={"teams": [1, 4], "next": [1, 4]})
    p.on_state(state(t).model_copy(update={"playoff": other}))
    await both("k07-playoff-other", "waiting", lambda: [w().title, w().subtitle])
