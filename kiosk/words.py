"""The game in the players' words: seats, pairs, outcomes, moves and refusals.

Pure functions of protocol messages and a :class:`~kiosk.i18n.Translator`. The rules come
from :mod:`whist.formats` and :mod:`whist.movement`; this module only says them.

Every number and every rule comes from the hub's messages (:class:`~whist.protocol.TableView`)
or, for the result being typed in, from the format's own rules (:mod:`whist.formats`); this
module only says them.

>>> from kiosk.i18n import translator
>>> from whist.formats import Format
>>> en = translator("en")
>>> outcome(en, "flags", Format.ALBERTA.rules.outcome(6, revokes_home=1))
'Visitors take 1 flag'
>>> pair(en, [Player(seat="C"), Player(seat="2", name="Lise")])
'Captain & Lise'
>>> pair(en, [Player(seat="C"), Player(seat="2")])
'Captain & Player 2'
"""

from __future__ import annotations

from collections.abc import Sequence

from kiosk.i18n import N_, Translator
from uikit.i18n import declare
from whist.enums import OutcomeReason, Unit
from whist.formats import TRICKS, HandOutcome
from whist.protocol import (
    ClubRules,
    DayResult,
    EarlierResult,
    LateChange,
    Move,
    Player,
    PlayoffNote,
    RecordedResult,
    RunningScore,
    TableLoan,
)
from whist.refusals import UNREADABLE_CODES, refusal_for

#: Texts whose French differs in a Gaspésie tournament: there a hand is a *manche* (declare.pt
#: only declares a text for Babel; a Translator made with context="manche" finds it).
GASPESIE_WORDING = (
    declare.pt("manche", "Hand {n} of {total}"),
    declare.pt("manche", "Hand {n}: visitors {v}, home {h}"),
    declare.pt("manche", "Hand {n} — {trump}"),
    declare.pt("manche", "Last result (hand {n}): visitors {v}, home {h}. {outcome}."),
    declare.pt("manche", "Hand {n}: visitors {v}, home {h}. {outcome}."),
    declare.pt(
        "manche", "Hand {n}, as corrected by the leader: visitors {v}, home {h}. {outcome}."
    ),
    declare.pt(
        "manche", "Hand {n}, entered by the leader: visitors {v}, home {h}. {outcome}."
    ),
    declare.pt("manche", "Hand {n}, as corrected by the leader: visitors {v}, home {h}."),
    declare.pt("manche", "Hand {n}, entered by the leader: visitors {v}, home {h}."),
    declare.pt("manche", "The leader gave this hand to the other side (a penalty)."),
    declare.pt("manche", "Hand {n}, corrected: visitors {v}, home {h}. {outcome}."),
    declare.pt("manche", "Hand {n}, corrected: visitors {v}, home {h}."),
    declare.pt("manche", "Hand {n}, by the leader: visitors {v}, home {h}. {outcome}."),
    declare.pt("manche", "Hand {n}, by the leader: visitors {v}, home {h}."),
    declare.pt("manche", "Penalty: the hand goes to the other side."),
    declare.pt("manche", "OK, show the hand"),
    declare.pt("manche", "The leader has closed this hand."),
    declare.pt("manche", "Waiting for the next hand"),
    declare.pt("manche", "Waiting for the next hand."),
    declare.pt("manche", "That was the last hand."),
    declare.pt("manche", "Play ended after hand {n}."),
    declare.pt(
        "manche", "The leader closed this hand: call the leader to give your result."
    ),
    declare.pt(
        "manche",
        "A different result was already recorded for this table and hand. "
        "The leader has been told and will settle it.",
    ),
    declare.pt(
        "manche", "The leader has closed this hand. Call the leader to enter your result."
    ),
    declare.pt("manche", "This hand has not started yet. Call the leader."),
    declare.pt(
        "manche",
        "This result was entered before the leader started a new tournament, so it "
        "does not count. If you played this hand in this tournament, enter it again.",
    ),
    declare.pt("manche", "The leader starts the next hand."),
    declare.pt("manche", "The leader closes the last hand."),
    declare.pt("manche", "The leader corrected hand {hand}"),
    declare.pt("manche", "The leader gave a penalty in hand {hand}"),
    declare.pt("manche", "Last playoff hand: {a} {x}, {b} {y}."),
)

SUIT_SYMBOLS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}
SUIT_NAMES = {
    "spades": N_("Spades"),
    "hearts": N_("Hearts"),
    "diamonds": N_("Diamonds"),
    "clubs": N_("Clubs"),
}
RED_SUITS = frozenset({"hearts", "diamonds"})

#: Codes meaning the message itself was not readable: the players can only try again (the
#: texts of every refusal are whist.refusals'; kiosk/club.py reads this set still).
UNREADABLE = UNREADABLE_CODES


def seat(tr: Translator, label: str) -> str:
    """A seat label as players say it: the Gaspésie captain and players by their role (a bare
    "2" would read like a table number), letters as printed.

    >>> from kiosk.i18n import translator
    >>> [seat(translator("fr"), s) for s in ("C", "2", "A")]
    ['Capitaine', 'Joueur 2', 'A']
    """
    if label == "C":
        return tr.t("Captain")
    if label.isdigit():
        return tr.t("Player {n}").format(n=label)
    return label


def team(tr: Translator, number: int, name: str) -> str:
    """A team as the tournament file names it (``Team 3`` when it has no other name)."""
    return name.strip() or tr.t("Team {n}").format(n=number)


def person(tr: Translator, player: Player) -> str:
    """A player by name when the tournament file has one, else by seat."""
    return player.name or seat(tr, player.seat)


def pair(tr: Translator, players: Sequence[Player]) -> str:
    """``Eleanor & Harold``, ``Captain & 2``; one player alone is just named."""
    names = [person(tr, p) for p in players]
    if len(names) == 1:
        return names[0]
    if len(names) == 2:
        return tr.t("{a} & {b}").format(a=names[0], b=names[1])
    return ", ".join(names)


def hand_label(tr: Translator, hand: int, hands: int) -> str:
    """``Hand 5 of 30`` (``Manche 5 sur 24`` with a Gaspésie translator)."""
    return tr.t("Hand {n} of {total}").format(n=hand, total=hands)


def trump_name(tr: Translator, trump: str | None) -> str:
    if trump is None:
        return tr.t("Trump not announced yet")
    if trump == "none":
        return tr.t("No trump")
    return tr.t(SUIT_NAMES[trump])


def trump_symbol(tr: Translator, trump: str | None) -> str:
    if trump is None:
        return "?"
    if trump == "none":
        # TRANSLATORS: the short sign for "no trump" shown in place of a suit symbol
        return tr.pt("short", "NT")
    return SUIT_SYMBOLS[trump]


def trump_line(tr: Translator, trump: str | None) -> str:
    """One line: ``Trump: ♥ Hearts``, ``No trump``."""
    if trump is None or trump == "none":
        return trump_name(tr, trump)
    return tr.t("Trump: {symbol} {name}").format(
        symbol=SUIT_SYMBOLS[trump], name=trump_name(tr, trump)
    )


def tricks_line(tr: Translator, visitor_tricks: int) -> str:
    home = TRICKS - visitor_tricks
    return tr.t("Tricks: visitors {v}, home {h}").format(v=visitor_tricks, h=home)


def revokes_line(tr: Translator, revokes_home: int, revokes_visitors: int) -> str:
    if not revokes_home and not revokes_visitors:
        return ""
    return tr.t("Revokes: home {home}, visitors {visitors}").format(
        home=revokes_home, visitors=revokes_visitors
    )


def outcome(tr: Translator, unit: str, o: HandOutcome | RecordedResult) -> str:
    """What the hand is worth, as the format decided: ``Visitors take 1 flag``."""
    if unit == Unit.POINTS:
        if o.home_points:
            n = o.home_points
            return tr.nt("Home wins {n} point", "Home wins {n} points", n).format(n=n)
        n = o.visitor_points
        return tr.nt("Visitors win {n} point", "Visitors win {n} points", n).format(n=n)
    if o.flags == 0:
        return tr.t("Home keeps its flags")
    return tr.nt("Visitors take {n} flag", "Visitors take {n} flags", o.flags).format(
        n=o.flags
    )


def outcome_reason(tr: Translator, o: HandOutcome | RecordedResult) -> str:
    """Why, when revokes change what the tricks alone would give ('' otherwise)."""
    if o.why == OutcomeReason.FAULT:
        return tr.t("A revoke gives the hand to the other side.")
    if o.why == OutcomeReason.FAULTS_CANCEL:
        return tr.t("Revokes on both sides cancel out: the tricks decide.")
    if o.why == OutcomeReason.REVOKES:
        n = o.counted_visitor_tricks
        return tr.nt(
            "With the revokes, the visitors count {n} trick.",
            "With the revokes, the visitors count {n} tricks.",
            n,
        ).format(n=n)
    return ""


def revoke_rule(tr: Translator, penalty: str) -> str:
    """The format's revoke rule, in one line."""
    if penalty == "hand":
        return tr.t("A revoke gives the hand to the other side.")
    return tr.t("Each revoke gives 2 tricks to the other side.")


def result_line(
    tr: Translator,
    unit: str,
    res: RecordedResult,
    *,
    with_outcome: bool = True,
    short: bool = False,
) -> str:
    """A recorded result of this table, as the hub holds it, and who entered it (without what
    it is worth when the screen says that in big type already); ``short``: the waiting
    screen's compact wording (no "Last result", "corrected" for "as corrected by the
    leader", the penalty in fewer words)."""
    said = outcome(tr, unit, res)
    v, h = res.visitor_tricks, res.home_tricks
    if short and res.corrected and res.by == "leader" and with_outcome:
        text = tr.t("Hand {n}, corrected: visitors {v}, home {h}. {outcome}.")
    elif short and res.corrected and res.by == "leader":
        text = tr.t("Hand {n}, corrected: visitors {v}, home {h}.")
    elif short and res.by == "leader" and with_outcome:
        text = tr.t("Hand {n}, by the leader: visitors {v}, home {h}. {outcome}.")
    elif short and res.by == "leader":
        text = tr.t("Hand {n}, by the leader: visitors {v}, home {h}.")
    elif not with_outcome and res.corrected and res.by == "leader":
        text = tr.t("Hand {n}, as corrected by the leader: visitors {v}, home {h}.")
    elif not with_outcome and res.by == "leader":
        text = tr.t("Hand {n}, entered by the leader: visitors {v}, home {h}.")
    elif not with_outcome:  # short: the flags to give (or the big outcome) follow
        text = tr.t("Hand {n}: visitors {v}, home {h}") + "."
    elif res.corrected and res.by == "leader":
        text = tr.t("Hand {n}, as corrected by the leader: visitors {v}, home {h}. {outcome}.")
    elif res.by == "leader":
        text = tr.t("Hand {n}, entered by the leader: visitors {v}, home {h}. {outcome}.")
    elif short:
        text = tr.t("Hand {n}: visitors {v}, home {h}. {outcome}.")
    else:
        text = tr.t("Last result (hand {n}): visitors {v}, home {h}. {outcome}.")
    line = text.format(n=res.hand, v=v, h=h, outcome=said)
    # the revokes that made the tricks count otherwise, said where the count is (a side that
    # took 7 tricks must not see the other rewarded with no reason given)
    why = outcome_reason(tr, res) if res.penalty is None else ""
    if why:
        line += " " + why
    if res.penalty is not None and short:
        line += " " + tr.t("Penalty: the hand goes to the other side.")
    elif res.penalty is not None:
        line += " " + tr.t("The leader gave this hand to the other side (a penalty).")
    # the last two words kept together: "flag." never alone on a wrapped line
    return tie_end(line)


def hand_over(tr: Translator, res: RecordedResult, *, short: bool = False) -> list[str]:
    """What to do with the flags now that the hub holds ``res``: the whole result the first
    time, a correction's difference after it (in the role this table had; a correction of
    this table's own result says the corrected tricks too). ``short``: the waiting screen's
    compact wording, the flags to move without the corrected tricks."""
    lines = []
    for step in res.hand_over:
        n = step.count
        if short and res.role == "home" and not res.corrected:
            lines.append(
                tr.nt(
                    "Home: {n} flag to the visitors.", "Home: {n} flags to the visitors.", n
                ).format(n=n)
            )
        elif short and res.role == "home" and step.giver == "home":
            lines.append(
                tr.nt(
                    "Hand {hand} corrected: home, give {n} flag to the visitors.",
                    "Hand {hand} corrected: home, give {n} flags to the visitors.",
                    n,
                ).format(hand=res.hand, n=n)
            )
        elif short and res.role == "home":
            lines.append(
                tr.nt(
                    "Hand {hand} corrected: the visitors give {n} flag back.",
                    "Hand {hand} corrected: the visitors give {n} flags back.",
                    n,
                ).format(hand=res.hand, n=n)
            )
        elif res.role == "home" and not res.corrected:
            lines.append(
                tr.nt(
                    "Home: give {n} flag to the visitors.",
                    "Home: give {n} flags to the visitors.",
                    n,
                ).format(n=n)
            )
        elif res.role == "home" and step.giver == "home":
            lines.append(
                tr.nt(
                    "The leader corrected hand {hand} to visitors {v}, home {h}: home, "
                    "give {n} flag to the visitors.",
                    "The leader corrected hand {hand} to visitors {v}, home {h}: home, "
                    "give {n} flags to the visitors.",
                    n,
                ).format(hand=res.hand, v=res.visitor_tricks, h=res.home_tricks, n=n)
            )
        elif res.role == "home":
            lines.append(
                tr.nt(
                    "The leader corrected hand {hand} to visitors {v}, home {h}: the "
                    "visitors give {n} flag back to this table.",
                    "The leader corrected hand {hand} to visitors {v}, home {h}: the "
                    "visitors give {n} flags back to this table.",
                    n,
                ).format(hand=res.hand, v=res.visitor_tricks, h=res.home_tricks, n=n)
            )
        elif not res.corrected:
            continue  # our travellers took their flags at that table themselves
        elif step.giver == "home":
            lines.append(
                tr.nt(
                    "The leader corrected hand {hand} at table {table}: your team gets "
                    "{n} more flag from table {table}.",
                    "The leader corrected hand {hand} at table {table}: your team gets "
                    "{n} more flags from table {table}.",
                    n,
                ).format(hand=res.hand, table=res.table, n=n)
            )
        else:
            lines.append(
                tr.nt(
                    "The leader corrected hand {hand} at table {table}: give {n} flag "
                    "back to table {table}.",
                    "The leader corrected hand {hand} at table {table}: give {n} flags "
                    "back to table {table}.",
                    n,
                ).format(hand=res.hand, table=res.table, n=n)
            )
    return lines


def loan_line(tr: Translator, loan: TableLoan) -> str:
    if loan.automatic:
        return tr.nt(
            "Hand {hand}: this table had too few flags; the leader lends it {n} flag.",
            "Hand {hand}: this table had too few flags; the leader lends it {n} flags.",
            loan.flags,
        ).format(hand=loan.hand, n=loan.flags)
    return tr.nt(
        "The leader lent this table {n} flag.", "The leader lent this table {n} flags.", loan.flags
    ).format(n=loan.flags)


def bring_line(tr: Translator, n: int) -> str:
    """A table that must give flags it does not have: the leader brings them (rule A10)."""
    return tr.nt(
        "Leader: bring {n} flag to this table.", "Leader: bring {n} flags to this table.", n
    ).format(n=n)


def too_few_line(tr: Translator) -> str:
    """Why the leader brings flags: this table has run out (the hub lends them)."""
    return tr.t("This table has too few flags: the leader lends them.")


def provisional_line(tr: Translator, missing: int, *, short: bool = False) -> str:
    """Places worked out while results are missing (rule O12); empty when all are in."""
    if not missing:
        return ""
    if short:
        return tr.nt(
            "Provisional: {n} missing.", "Provisional: {n} missing.", missing
        ).format(n=missing)
    return tr.nt(
        "Provisional: {n} result missing.", "Provisional: {n} results missing.", missing
    ).format(n=missing)


def ended_early_line(tr: Translator, hand: int | None) -> str:
    """The leader ended play before the last hand (rule A13); empty otherwise."""
    if hand is None:
        return ""
    return tr.t("Play ended after hand {n}.").format(n=hand)


def score_now(tr: Translator, unit: str, held: int, team: str = "") -> str:
    """``This table now has 11 flags`` / ``Team 2 now has 5 points`` (the home team, by name:
    the screen is read by both sides)."""
    if unit == Unit.POINTS:
        return tr.nt(
            "{team} now has {n} point.", "{team} now has {n} points.", held
        ).format(n=held, team=team)
    return tr.nt(
        "This table now has {n} flag.", "This table now has {n} flags.", held
    ).format(n=held)


def held_label(tr: Translator, unit: str, held: int, team: str = "") -> str:
    """The words under the big number of the waiting screen (points: whose they are)."""
    if unit == Unit.POINTS:
        return tr.nt("point for {team}", "points for {team}", held).format(team=team)
    return tr.nt("flag at this table", "flags at this table", held)


def day_lines(tr: Translator, unit: str, day: DayResult) -> tuple[str, str, str]:
    """(title, the team's day, its place) at a day's or the tournament's end."""
    if day.final:
        title = tr.t("The tournament is over.")
    else:
        title = tr.t("Day {d} is over.").format(d=day.day)
    if unit == Unit.POINTS:
        total = tr.nt(
            "Your team: {n} point today.", "Your team: {n} points today.", day.total
        )
    else:
        # the day's net flags (rule A6), not the flags the table holds
        total = tr.t("Today's score: {n}.")
    if day.shared:
        place = tr.t("Place: {place} of {teams} (shared).")
    elif day.placed_by == "playoff":  # level on score: the screen says what placed it
        place = tr.t("Place: {place} of {teams}, placed by the playoff.")
    elif day.placed_by == "countback":
        place = tr.t("Place: {place} of {teams}, placed by counting back.")
    elif day.placed_by == "leader":
        place = tr.t("Place: {place} of {teams}, placed by the leader.")
    else:
        place = tr.t("Place: {place} of {teams}.")
    return title, total.format(n=day.total), place.format(place=day.place, teams=day.teams)


def total_label(tr: Translator, unit: str, score: int) -> str:
    """The words under the team's total at a day's end: Alberta's is the score (net flags,
    rule A6), which can be below the flags the table holds, or below zero."""
    if unit == Unit.POINTS:
        return tr.nt("point in all", "points in all", score)
    return tr.t("team score")


def refusal(tr: Translator, code: str | None) -> str | None:
    """A result's refusal in the player's language (whist.refusals), or None when only the
    hub's own words will do."""
    text = refusal_for(code).result
    return tr.t(text) if text is not None else None


def deal_refusal(tr: Translator, code: str | None) -> str | None:
    """A club deal's refusal in the player's language (whist.refusals), or None when only
    the hub's own words will do."""
    text = refusal_for(code).deal
    return tr.t(text) if text is not None else None


def tie_end(text: str, words: int = 2, short: int = 6) -> str:
    """``text`` with its last ``words`` words joined by non-breaking spaces when its last word
    is ``short`` (French already ties a number to its unit), so that "flag." is never alone
    on a wrapped screen's last line.

    >>> tie_end("Visitors take 1 flag.")
    'Visitors take 1\\xa0flag.'
    >>> tie_end("les visiteurs comptent 8\\xa0levées.")
    'les visiteurs comptent 8\\xa0levées.'
    """
    parts = text.rsplit(" ", words)
    if len(parts[-1]) > short:
        return text
    if len(parts) <= words:
        return "\xa0".join(parts)
    return parts[0] + " " + "\xa0".join(parts[1:])


_MOVES = {
    "go": N_("{players}: go to table {table}"),
    "stay": N_("{players}: stay at this table"),
    "come_back": N_("{players}: come back to this table"),
    "return_home": N_("Visitors {players}: return to your table {table}"),
    "go_on": N_("Visitors {players}: go on to table {table}"),
}


#: One visitor alone ("Visitors Player 1" reads as many).
_MOVES_ONE = {
    "return_home": N_("{players} (visitor): return to your table {table}"),
    "go_on": N_("{players} (visitor): go on to table {table}"),
}


def move_lines(tr: Translator, moves: Sequence[Move]) -> list[str]:
    """Who goes where as a hand starts, one line per group (the hub works it out)."""
    return [
        tr.t(
            _MOVES_ONE[m.action]
            if len(m.players) == 1 and m.action in _MOVES_ONE
            else _MOVES[m.action]
        ).format(players=pair(tr, m.players), table=m.table)
        for m in moves
    ]


def no_deal_yet(tr: Translator, rules: ClubRules) -> str:
    """A club table before its first deal: each house rule in force, in the core's words
    (``ClubRules.house_rules``), for the players to read before they play; else "No deal
    yet."."""
    house = [tr.t(h.says).format(**h.values) for h in rules.house_rules or ()]
    return "\n".join(house) or tr.t("No deal yet.")


# ====================================================================== issue 25
#: What the leader did to a team's numbers after its day was over (LateChange.what).
_LATE = {
    "correction": N_("The leader corrected hand {hand}"),
    "penalty": N_("The leader gave a penalty in hand {hand}"),
    "count": N_("The leader accepted the flags counted"),
    "tiebreak_undo": N_("The leader took back a tie-break"),
}


def late_change_line(
    tr: Translator, unit: str, late: LateChange, team: str, before: int | None, day: DayResult
) -> str:
    """Why the team's number moved after its day (issue 25), said in names and numbers:
    ``The leader corrected hand 4: Lacombe Legion 2 → 3 flags.`` (``before`` None: this
    screen did not see the number before), and the leader's reason on a line of its own."""
    what = tr.t(_LATE[late.what]).format(hand=late.hand or "")
    n = day.score
    if before == n:  # nothing moved but the place (a tie-break taken back)
        effect = tr.t("{team}: place {place} of {teams}").format(
            team=team, place=day.place, teams=day.teams
        )
    elif unit == Unit.POINTS and before is not None:
        effect = tr.nt("{team} {before} → {n} point", "{team} {before} → {n} points", n)
    elif unit == Unit.POINTS:
        effect = tr.nt("{team} now has {n} point", "{team} now has {n} points", n)
    elif before is not None:
        effect = tr.nt("{team} {before} → {n} flag", "{team} {before} → {n} flags", n)
    else:
        effect = tr.nt("{team} now has {n} flag", "{team} now has {n} flags", n)
    line = tr.t("{what}: {effect}.").format(
        what=what, effect=effect.format(team=team, before=before, n=n)
    )
    if late.reason:
        line += "\n" + tr.t("Reason: {reason}").format(reason=tr.t(late.reason))
    return line


def running_line(tr: Translator, unit: str, run: RunningScore) -> str:
    """During play, the team's score today and its place in the hall, as the hub holds them
    (issue 25, item 15), on one line: ``Today: 14 flags · place 2 of 6``. A day's score of
    flags is below zero when the team lost more than it won: the plural follows its size
    ("-2 drapeaux", as French says "2 drapeaux").

    >>> from kiosk.i18n import translator
    >>> run = RunningScore(today=-2, score=-2, place=4, teams=4, shared=False, after=7)
    >>> running_line(translator("fr"), Unit.FLAGS, run)
    "Aujourd'hui\xa0: -2 drapeaux · rang 4 sur 4"
    """
    # a shared place reads the same: its words would not fit the line
    if unit == Unit.POINTS:
        line = tr.nt(
            "Today: {n} point · place {place} of {teams}",
            "Today: {n} points · place {place} of {teams}",
            abs(run.today),
        )
    else:
        line = tr.nt(
            "Today: {n} flag · place {place} of {teams}",
            "Today: {n} flags · place {place} of {teams}",
            abs(run.today),
        )
    return line.format(n=run.today, place=run.place, teams=run.teams)


def recent_line(tr: Translator, res: RecordedResult | EarlierResult) -> str:
    """One of the table's results before the last, short: ``Hand 2: visitors 8, home 5``."""
    return tr.t("Hand {n}: visitors {v}, home {h}").format(
        n=res.hand, v=res.visitor_tricks, h=res.home_tricks
    )


def playoff_lines(
    tr: Translator, note: PlayoffNote, team: int, *, short: bool = False, last: bool = True
) -> tuple[str, list[str]]:
    """The waiting screen's title and lines while a playoff decides a place (issue 25): a
    tied team's table says its A and B players go to the playoff's table, the trump once
    cut, the last playoff hand (``last``); the other tables that the standings are not final
    yet. ``short``: without what the title says already (the standings not final) and
    without the A and B players' names (they know their seats)."""

    def name(t: int) -> str:
        return note.names.get(str(t)) or tr.t("Team {n}").format(n=t)

    if team not in note.teams:
        if note.place == 1:
            title = tr.t("A playoff decides first place.")
        else:
            title = tr.t("A playoff decides place {place}.").format(place=note.place)
        return title, [] if short else [tr.t("The standings are not final yet.")]
    names = [name(t) for t in note.teams]
    # the teams on a line of their own: in the title's type they would take three lines
    if note.place == 1:
        title = tr.t("Playoff for first place")
    else:
        title = tr.t("Playoff for place {place}").format(place=note.place)
    lines = [tr.t("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])]
    if note.next and team in note.next:
        players = note.players.get(str(team), [])
        if len(players) == 2 and not short:
            pair_ = tr.t("{a} & {b}").format(a=players[0], b=players[1])
            lines.append(
                tr.t("Your A and B players, {players}: to table {table}.").format(
                    players=pair_, table=note.table
                )
            )
        else:
            lines.append(tr.t("Your A and B players: to table {table}.").format(table=note.table))
        if note.trump is not None:
            lines.append(trump_line(tr, note.trump))
    elif note.next:
        lines.append(tr.t("Your team plays after this playoff hand."))
    else:
        lines.append(tr.t("The leader starts the playoff."))
    if last and len(note.last_teams) == 2 and len(note.last_tricks) == 2:
        (a, b), (x, y) = note.last_teams, note.last_tricks
        lines.append(
            tr.t("Last playoff hand: {a} {x}, {b} {y}.").format(a=name(a), x=x, b=name(b), y=y)
        )
    return title, lines
