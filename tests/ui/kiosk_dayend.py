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


#: The Gaspésie story's teams and players (seats C, 1, 2, 3), French and long.
NOMS = ("Les Cœurs de Gaspé", "Le Club de l'Anse-au-Griffon", "Les Piques de Percé", "Matane")
JOUEURS = {"C": "Marie-Thérèse", "1": "Jean-Baptiste", "2": "Gérard", "3": "Geneviève"}


def _spec(fmt: str = "alberta", hands: int = 3) -> Any:
    """Four tables with long names; the day in two sessions (a break before the last
    hands: issue 25, item 16)."""
    from whist.pattern import default_spec

    spec = default_spec(fmt, 4, hands)
    names, players = (NAMES, PLAYERS) if fmt == "alberta" else (NOMS, JOUEURS)
    teams = tuple(
        t.model_copy(update={"name": name, "players": players})
        for t, name in zip(spec.teams, names, strict=True)
    )
    day = spec.days[0].model_copy(update={"sessions": (2, hands - 2)})
    return spec.model_copy(update={"teams": teams, "days": (day,)})


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

    async def both(
        name: str, screen: str, note: Any = None, languages: tuple[str, ...] = ("en", "fr")
    ) -> None:
        """The screen on show, in English then in French."""
        for language in languages:
            if p.language != language:
                p.toggle_language()
            await d.on(screen)
            await d.shot(f"{name}-{language}")
            if note is not None:
                d.note(f"{name}-{language}", note())

    # hands 1 and 2 played everywhere, hand 3 too: every table is in, the team's place
    w = lambda: d.app.vm.waiting  # noqa: E731
    for h in (1, 2, 3):
        if h > 1:
            t.apply(HandClosed(h - 1))
        if h == 3:  # the break between the day's two sessions (item 16)
            show()
            await both("k09-break", "waiting", lambda: [w().title, w().subtitle], ("en",))
        t.apply(HandStarted(h, None))
        for tab in (1, 2, 3, 4):
            t.apply(ResultRecorded(f"r{h}-{tab}", h, tab, 6 + h if tab == table else 6))
        show()
        if p.view.screen.value == "move":
            p.dismiss()
    await both("k01-all-in", "waiting", lambda: [w().subtitle, w().standing, w().recent])
    d.measure("k01-all-in-fr", {"standing": False, "recent": False})

    # the call: why, then confirmed (item 13)
    p.call_leader()
    p.call_reason(1)
    await both("k02-call", "call", lambda: [b.text for b in d.app.vm.call.reasons])
    p.back()

    # the French hand with the visitors' long name (item 7), from a fresh hand 3 view; a hand
    # with no trump, whose short sign ("NT", "SA") overflowed the card (issue 29)
    t2 = Tournament.new(_spec())
    t2.apply(HandStarted(1, None))
    p.on_view(TableView.model_validate(TableViews(t2).body(table)))
    p.dismiss()
    # what the screen shows (a long line gives way to its shorter wording)
    kids = ("home", "visitors", "away", "trump-symbol")
    await both("k03-hand", "hand", lambda: [d.find(k).text for k in kids])
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
    # the players count the flags on their table (item 14, the kiosk's side)
    p.count_flags()
    await both("k08-count", "count", lambda: d.find("count-title").text, ("en",))
    p.back()
    # the leader tapped a ready-made reason: recorded in English, read in each language
    t.apply(ResultCorrected(2, table, 5, 0, 0, "Players recounted"))
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

    await gaspesie(d)


async def gaspesie(d: Driver) -> None:
    """The Gaspésie story in French (points, no flags: no count, and a tie is settled by
    the count-back, not a playoff): every table in with the team's score today, its place
    and last results; the call; the break between sessions; the hand with long names; why
    the points moved after the day."""
    from whist.cards import Suit
    from whist.events import DayEnded, HandClosed, HandStarted, ResultCorrected, ResultRecorded
    from whist.protocol import TableView
    from whist.tournament import Tournament
    from whist.views import TableViews, state

    table = d.spec["table"]
    p = d.presenter
    if p.language != "fr":
        p.toggle_language()
    t = Tournament.new(_spec("gaspesie", 4))

    def show() -> None:
        p.on_state(state(t))
        p.on_view(TableView.model_validate(TableViews(t).body(table)))
        if p.view.screen.value == "move":
            p.dismiss()

    async def shot(name: str, screen: str, note: Any) -> None:
        await d.on(screen)
        await d.shot(f"{name}-fr")
        d.note(f"{name}-fr", note())

    w = lambda: d.app.vm.waiting  # noqa: E731

    def play(hand: int) -> None:
        if hand > 1:
            t.apply(HandClosed(hand - 1))
        t.apply(HandStarted(hand, None))
        for tab in (1, 2, 3, 4):
            t.apply(ResultRecorded(f"g{hand}-{tab}", hand, tab, 4 + hand + tab))

    for hand in (1, 2):
        play(hand)
        show()
    await shot("g01-all-in", "waiting", lambda: [w().subtitle, w().standing, w().recent])
    p.call_leader()
    p.call_reason(1)
    await shot("g02-call", "call", lambda: [b.text for b in d.app.vm.call.reasons])
    p.back()
    t.apply(HandClosed(2))
    show()
    await shot("g03-break", "waiting", lambda: [w().title, w().subtitle, w().next_hand])
    t.apply(HandStarted(3, Suit.HEARTS))  # (the no-trump card is another page's work)
    show()
    await shot("g04-hand", "hand", lambda: [d.find(k).text for k in ("home", "visitors")])
    for tab in (1, 2, 3, 4):
        t.apply(ResultRecorded(f"g3-{tab}", 3, tab, 7 + tab))
    play(4)
    t.apply(HandClosed(4))
    t.apply(DayEnded(1, final=True))
    show()
    t.apply(ResultCorrected(2, table, 2, 0, 0, "la feuille dit 2"))
    show()
    await shot("g05-late", "waiting", lambda: w().late)
