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
#: Each team's own players (a playoff names the A and B players of two teams).
PLAYERS = (
    {"A": "Marie-Thérèse", "B": "Jean-Baptiste", "X": "Réjean", "Y": "Huguette"},
    {"A": "Madeleine", "B": "Jean-François", "X": "Gérard", "Y": "Bartholomew"},
    {"A": "Yvonne", "B": "Gilles", "X": "Thérèse", "Y": "Raymond"},
    {"A": "Ginette", "B": "Marcel", "X": "Pierrette", "Y": "Normand"},
)
#: The Alberta story's visitor tricks, by (hand, table), all four tables playing each hand.
#: Table 2's hand 3 is sent as 8 and corrected to 5 before its answer comes; after the day's
#: end its hand 2, 6, is corrected to 7 (a flag to the visitors): its team is still alone
#: first. Then the leader corrects hand 1 at table 4 to 10: two ties, as a real day can end,
#: table 2's team and team 3 level first (a playoff the table plays), teams 1 and 4 level
#: third (one it does not).
TRICKS = {
    (1, 1): 6, (1, 2): 7, (1, 3): 8, (1, 4): 7,
    (2, 1): 7, (2, 2): 6, (2, 3): 5, (2, 4): 8,
    (3, 1): 7, (3, 2): 8, (3, 3): 8, (3, 4): 6,
}  # fmt: skip


#: The Gaspésie story's teams and players (seats C, 1, 2, 3), French and long.
NOMS = ("Les Cœurs de Gaspé", "Le Club de l'Anse-au-Griffon", "Les Piques de Percé", "Matane")
JOUEURS = {"C": "Marie-Thérèse", "1": "Jean-Baptiste", "2": "Gérard", "3": "Geneviève"}


def _spec(fmt: str = "alberta", hands: int = 3) -> Any:
    """Four tables with long names; the day in two sessions (a break before the last
    hands: issue 25, item 16)."""
    from whist.pattern import default_spec

    spec = default_spec(fmt, 4, hands)
    names, players = (NAMES, PLAYERS) if fmt == "alberta" else (NOMS, (JOUEURS,) * 4)
    teams = tuple(
        t.model_copy(update={"name": name, "players": seats})
        for t, name, seats in zip(spec.teams, names, players, strict=True)
    )
    day = spec.days[0].model_copy(update={"sessions": (2, hands - 2)})
    return spec.model_copy(update={"teams": teams, "days": (day,)})


async def dayend(d: Driver) -> None:
    """The Alberta story, one tournament from its first hand to its playoffs: the hand with
    the visitors' long names, the break, a result the leader corrects before its answer
    comes, every table in, the call, the day's end and the table's count, a correction after
    it, then the two playoffs its standings call for."""
    from whist.cards import Suit
    from whist.events import (
        DayEnded,
        HandClosed,
        HandStarted,
        ResultCorrected,
        ResultRecorded,
        TieBreakHandPlayed,
        TieBreakStarted,
    )
    from whist.protocol import Ack, Result, Revokes, TableView
    from whist.tournament import Tournament
    from whist.views import TableViews, state

    table = d.spec["table"]
    p = d.presenter
    await until(lambda: hasattr(p, "on_view"), "the table's presenter")
    p.tap_guard = 0  # the intents below are the scenario's, not a finger's
    t = Tournament.new(_spec())
    p.on_event("alberta-day")  # the hub's log (Epoch.log): this tournament

    def show() -> None:
        p.on_connection(True)
        p.on_hub_status(True)
        p.on_state(state(t))
        p.on_view(TableView.model_validate(TableViews(t).body(table)))
        if p.view.screen.value == "move":
            p.dismiss()

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

    w = lambda: d.app.vm.waiting  # noqa: E731
    kids = ("home", "visitors", "away", "trump-symbol")  # what the hand's screen shows
    for h in (1, 2, 3):
        if h > 1:
            t.apply(HandClosed(h - 1))
        if h == 3:  # the break between the day's two sessions (item 16)
            show()
            await both("k09-break", "waiting", lambda: [w().title, w().subtitle], ("en",))
        t.apply(HandStarted(h, None))
        if h == 1:
            # the French hand with the visitors' long names (item 7); a hand with no trump,
            # whose short sign ("NT", "SA") overflowed the card (issue 29)
            show()
            await both("k03-hand", "hand", lambda: [d.find(k).text for k in kids])
            d.measure("k03-hand-fr", {"home": False, "visitors": False})
            # the leader had started over: the hand 1 the table entered for the first try,
            # sent by its outbox now, is refused by this tournament (protocol 7.8); the
            # table enters it again (its 7 tricks below)
            first_try = Result(
                id="k-0",
                hand=1,
                table=table,
                visitor_tricks=9,
                home_tricks=4,
                revokes=Revokes(home=0, visitors=0),
                log="first-try",
            )
            refused = Ack(id="k-0", status="rejected", hand=1, code="other_event", reason="…")
            p.on_ack(refused, first_try)
            await both("k10-first-try", "rejected", lambda: d.app.vm.rejected.reason)
            p.back()
        for tab in (1, 2, 3, 4):
            if (h, tab) != (3, table):
                t.apply(ResultRecorded(f"r{h}-{tab}", h, tab, TRICKS[h, tab]))
                continue
            # the correction screen: the table played hand 3 and sent its result; the leader
            # corrected it before its answer came (item 7)
            show()
            sent = Result(
                id="k-3",
                hand=3,
                table=table,
                visitor_tricks=TRICKS[h, tab],
                home_tricks=13 - TRICKS[h, tab],
                revokes=Revokes(home=0, visitors=0),
            )
            t.apply(ResultRecorded("k-3", 3, table, TRICKS[h, tab]))
            t.apply(ResultCorrected(3, table, 5, 0, 0, "score sheet"))
            p.on_view(TableView.model_validate(TableViews(t).body(table)))
            p.on_ack(Ack(id="k-3", status="accepted", hand=3), sent)
            await both("k04-corrected", "accepted", lambda: d.app.vm.accepted.title)
            p.dismiss()
    # hand 3 in at every table: the team's place and last results
    show()
    await both("k01-all-in", "waiting", lambda: [w().subtitle, w().standing, w().recent])
    d.measure("k01-all-in-fr", {"standing": False, "recent": False})

    # the call: why, then confirmed (item 13)
    p.call_leader()
    p.call_reason(1)
    await both("k02-call", "call", lambda: [b.text for b in d.app.vm.call.reasons])
    p.back()

    # the day's end, then a correction after it: the number moves, the screen says why
    t.apply(HandClosed(3))
    t.apply(DayEnded(1, final=True))
    show()
    # the players count the flags on their table (item 14, the kiosk's side)
    p.count_flags()
    await both("k08-count", "count", lambda: d.find("count-title").text, ("en",))
    p.back()
    # the leader tapped a ready-made reason: recorded in English, read in each language
    t.apply(ResultCorrected(2, table, 7, 0, 0, "Players recounted"))
    show()
    await both("k05-late", "waiting", lambda: w().late)

    # another table's correction levels team 3 with this table's team: a playoff for first,
    # which this table plays; the trump cut (the core's own note)
    assert [s.team for s in t.standings() if s.rank == 1] == [table]
    t.apply(ResultCorrected(1, 4, 10, 0, 0, "score sheet"))
    ranks = {s.team: s.rank for s in t.standings()}
    assert ranks == {table: 1, 3: 1, 1: 3, 4: 3}, ranks
    t.apply(TieBreakStarted((table, 3), (), Suit.HEARTS))
    show()
    await both("k06-playoff", "waiting", lambda: [w().title, w().subtitle])
    # first place decided, the playoff for third is the other tables'
    t.apply(TieBreakHandPlayed((table, 3), (7, 6), Suit.HEARTS))
    show()
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
    # another tournament on the same kiosk: the Alberta day's reported hands are not its own
    p.on_event("gaspesie-day")

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
