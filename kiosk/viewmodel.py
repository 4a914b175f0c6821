"""What a screen shows: plain frozen dataclasses, every text already translated.

The ``.kv`` files bind to these fields and nothing else; a presenter builds a new
:class:`ViewModel` after every change. Colours are theme role names (:mod:`uikit.theme`).

>>> ViewModel().screen
<Screen.CONNECTING: 'connecting'>
>>> ButtonVM("OK").role
'normal'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields

#: Most revokes a side can be given on the revokes page (military and club kiosks alike): the
#: core's bound.
from whist.tournament import MAX_REVOKES as MAX_REVOKES


class Screen(enum.StrEnum):
    """The kiosk's screens, by name (the ``.kv`` files are named after them)."""

    SETUP = "setup"
    CONNECTING = "connecting"
    WAITING = "waiting"
    HAND = "hand"
    ENTRY = "entry"
    REVOKES = "revokes"
    CONFIRM = "confirm"
    PENDING = "pending"
    ACCEPTED = "accepted"
    REJECTED = "rejected"
    MOVE = "move"
    JOIN = "join"
    # a day's end: the table counts its flags, then confirms the number (decision A19)
    COUNT = "count"
    COUNT_CONFIRM = "count-confirm"
    # club nights (kiosk.club): the table's score, and one choice among a few big buttons
    CLUB_SCORE = "club-score"
    CLUB_PICK = "club-pick"
    # the games played each for oneself (kiosk.individual): every player's score, and a
    # choice among up to eight buttons (the widow's taker, Solo's contract, a player)
    CLUB_PLAYERS = "club-players"
    CLUB_CHOOSE = "club-choose"
    # a club night's rules, opened from the score screen at any time (issue 24)
    CLUB_RULES = "club-rules"
    # the set-up screen's choice of this kiosk's screen (its size, and which way up)
    SCREEN_CHOICE = "screen-choice"
    # calling the leader: why, then confirmed (issue 25)
    CALL = "call"


#: The minus sign of the revoke buttons (a real minus, as wide as the plus).
MINUS = "\N{MINUS SIGN}"

#: Fields whose text is shown as it is, never translated: a command to type, the hub's own
#: words when no translation is known, the tournament's name.
VERBATIM_FIELDS = frozenset({"command", "hub_reason", "tournament"})


@dataclass(frozen=True)
class ButtonVM:
    """One button: its text, its colours (a theme role) and whether it can be pressed.

    >>> ButtonVM("Next", role="primary", enabled=False).enabled
    False
    """

    text: str = ""
    role: str = "normal"
    enabled: bool = True
    visible: bool = True


#: A button not shown: a .kv's button that the layout on screen does not offer (upright, the
#: club score's Rules button sits on a row of its own).
HIDDEN = ButtonVM(visible=False, enabled=False)


def agree_button(agreed: bool, done: str, ask: str) -> ButtonVM:
    """A side's button on a confirm page: ``ask`` until that side has agreed, then ``done``.

    >>> agree_button(True, "✓ Home: agreed", "Home: agree").role
    'done'
    """
    return ButtonVM(done, role="done") if agreed else ButtonVM(ask, role="primary")


def revoke_steps(count: int) -> tuple[ButtonVM, ButtonVM]:
    """The minus and plus buttons beside one side's revokes: minus off at 0, plus off at
    ``MAX_REVOKES``.

    >>> [b.enabled for b in revoke_steps(0)]
    [False, True]
    """
    more = count < MAX_REVOKES
    return (
        ButtonVM(MINUS, role="normal" if count > 0 else "disabled", enabled=count > 0),
        ButtonVM("+", role="normal" if more else "disabled", enabled=more),
    )


@dataclass(frozen=True)
class HeaderVM:
    """The bar at the top of every screen; ``banner`` replaces ``info`` when there is one.

    ``offline``: the connection is down. The bar then keeps the table and the hand on its
    first line and says so on a yellow band below them (no other banner meanwhile).

    >>> HeaderVM(title="Table 7", banner="The leader has been called.").banner_role
    'banner-offline'
    >>> HeaderVM(title="Table 7", offline="No connection: your taps are kept.").offline[:13]
    'No connection'
    """

    title: str = ""
    info: str = ""
    #: ``info`` shorter, for a bar too narrow for it at the reading type: the hand alone
    info_short: str = ""
    banner: str = ""
    #: ``banner`` in one line at the reading type, where it has such a wording ("" where not:
    #: the banner then takes two lines of the plain type)
    banner_short: str = ""
    banner_role: str = "banner-offline"
    offline: str = ""
    #: ``offline`` shorter, for a band too narrow for it at the reading type
    offline_short: str = ""
    language: ButtonVM = ButtonVM()
    #: The room's clock while this table plays a timed hand (issue 26): "About 12 minutes
    #: left", then "4:59 left", then "3:12 over" (``clock_over``); "" when none.
    clock: str = ""
    clock_over: bool = False


@dataclass(frozen=True)
class SetupVM:
    """The set-up screen: what is wrong with kiosk.toml and how to make one.

    >>> SetupVM(title="This kiosk is not set up yet").title
    'This kiosk is not set up yet'
    """

    title: str = ""
    problems: str = ""
    file: str = ""
    how: str = ""
    command: str = ""
    then: str = ""
    join: ButtonVM = ButtonVM(visible=False)
    #: Opens the choice of screen (:class:`ScreenChoiceVM`).
    screen: ButtonVM = ButtonVM(visible=False)


@dataclass(frozen=True)
class ScreenChoiceVM:
    """The set-up screen's choice of screen: one big button per kind of screen (the one in
    use in the highlight colour), what a choice does, and Back.

    >>> ScreenChoiceVM(title="Which screen is this?").choices
    ()
    """

    title: str = ""
    note: str = ""
    note_role: str = "text"
    choices: tuple[ButtonVM, ...] = ()
    back: ButtonVM = ButtonVM()


@dataclass(frozen=True)
class JoinVM:
    """Joining the hall from the set-up screen: the table number, then the join code.

    >>> JoinVM(prompt="Table number:", value="7").value
    '7'
    """

    title: str = ""
    prompt: str = ""
    value: str = ""
    status: str = ""
    status_role: str = "text"
    keys: tuple[ButtonVM, ...] = tuple(ButtonVM(str(d)) for d in range(10))
    cancel: ButtonVM = ButtonVM()
    erase: ButtonVM = ButtonVM()
    next: ButtonVM = ButtonVM(role="primary")


@dataclass(frozen=True)
class ConnectingVM:
    """Screen 1: the table number, big, and what the kiosk waits for.

    >>> ConnectingVM(table="Table 7").table
    'Table 7'
    """

    table: str = ""
    message: str = ""
    detail: str = ""
    hint: str = ""


@dataclass(frozen=True)
class WaitingLines:
    """The waiting screen's lines beside (upright: under) the big number, at the reading
    type: one wording of them (:attr:`WaitingVM.shorter`).

    >>> WaitingLines(subtitle="Waiting for 3 other tables.").late
    ''
    """

    late: str = ""
    subtitle: str = ""
    last_result: str = ""
    recent: str = ""
    count_line: str = ""
    next_hand: str = ""


@dataclass(frozen=True)
class WaitingVM:
    """Screen 2: between hands: the flags (or points) here and the last result.

    >>> WaitingVM(score="12").score
    '12'
    >>> WaitingVM(subtitle="Waiting.").versions[0].subtitle
    'Waiting.'
    """

    title: str = ""
    subtitle: str = ""
    score: str = ""
    score_label: str = ""
    last_result: str = ""
    next_hand: str = ""
    tournament: str = ""
    call: ButtonVM = ButtonVM()
    # a day's end (decision A19): what the count says, and the button to count (again)
    count_line: str = ""
    count: ButtonVM = ButtonVM(visible=False)
    # issue 25: during play the team's place (under its number), and the table's results
    # before the last one (the last three in all); why the leader changed the team's
    # numbers after its day
    standing: str = ""
    recent: str = ""
    late: str = ""
    wide: bool = False  # long news at a day's end: the lines take the score's column too
    #: The lines above again, each time shorter, for a screen where they do not hold at the
    #: reading type: shorter wordings, then without the older results (``recent``), then
    #: only what the players must do and what they wait for (the .kv says the first that
    #: holds)
    shorter: tuple[WaitingLines, ...] = ()

    @property
    def versions(self) -> tuple[WaitingLines, ...]:
        """The lines as said above, then each of :attr:`shorter`."""
        full = WaitingLines(**{f.name: getattr(self, f.name) for f in fields(WaitingLines)})
        return (full, *self.shorter)


@dataclass(frozen=True)
class CountConfirmVM:
    """A day's end: the number counted, big, and "Is this right?".

    >>> CountConfirmVM(number="11").number
    '11'
    """

    title: str = ""
    number: str = ""
    words: str = ""
    note: str = ""
    change: ButtonVM = ButtonVM()
    send: ButtonVM = ButtonVM(role="primary")


@dataclass(frozen=True)
class HandVM:
    """Screen 3: the trump as a card, who plays here, where our travellers went, and the
    0-13 keypad: one tap on the visitors' count goes on to "Is this right?".

    >>> HandVM(trump_symbol="♥", trump_role="card-red").trump_role
    'card-red'
    """

    trump_symbol: str = ""
    trump_name: str = ""
    trump_role: str = "card-black"
    home: str = ""
    visitors: str = ""
    away: str = ""
    question: str = ""
    question_short: str = ""  # the question in fewer words, for a narrow column
    keys: tuple[ButtonVM, ...] = tuple(ButtonVM(str(n)) for n in range(14))
    # shorter wordings the screen says when a long name would not fit (issue 25, item 7)
    visitors_short: str = ""
    away_short: str = ""
    away_shortest: str = ""
    revokes: ButtonVM = ButtonVM()
    call: ButtonVM = ButtonVM()


@dataclass(frozen=True)
class EntryVM:
    """Screen 4: the 0-13 keypad; ``keys[n]`` is the button for n tricks.

    >>> len(EntryVM().keys)
    14
    """

    question: str = ""
    keys: tuple[ButtonVM, ...] = tuple(ButtonVM(str(n)) for n in range(14))
    readout: str = ""
    back: ButtonVM = ButtonVM()
    revokes: ButtonVM = ButtonVM()
    next: ButtonVM = ButtonVM()


@dataclass(frozen=True)
class RevokesVM:
    """Screen 4b: established revokes per side, with - and + for each.

    >>> RevokesVM().home_plus.text
    '+'
    """

    title: str = ""
    rule: str = ""
    home_label: str = ""
    home_role: str = "text"
    home_count: str = "0"
    visitors_label: str = ""
    visitors_role: str = "text"
    visitors_count: str = "0"
    home_minus: ButtonVM = ButtonVM(MINUS)
    home_plus: ButtonVM = ButtonVM("+")
    visitors_minus: ButtonVM = ButtonVM(MINUS)
    visitors_plus: ButtonVM = ButtonVM("+")
    done: ButtonVM = ButtonVM()
    #: which side revoked, beside Done (a club night's partnership game; issue 29)
    said: str = ""


@dataclass(frozen=True)
class ConfirmVM:
    """Screen 4c: the outcome in words and one "agree" button per side.

    >>> ConfirmVM(outcome="Visitors take 1 flag").outcome
    'Visitors take 1 flag'
    """

    title: str = ""
    tricks: str = ""
    revokes: str = ""
    outcome: str = ""
    note: str = ""
    note_role: str = "text"  # "bad": a second tap on a side that has agreed already
    error: str = ""
    home: ButtonVM = ButtonVM()
    visitors: ButtonVM = ButtonVM()
    back: ButtonVM = ButtonVM()


@dataclass(frozen=True)
class PendingVM:
    """Screen 5: the result is saved here; the hub has not answered yet.

    >>> PendingVM(title="Result saved").title
    'Result saved'
    """

    title: str = ""
    summary: str = ""
    status: str = ""
    call: ButtonVM = ButtonVM()


@dataclass(frozen=True)
class AcceptedVM:
    """Screen 5a: recorded; what to do with the physical flags.

    >>> AcceptedVM(instruction="Home: hand 1 flag to the visitors.").instruction
    'Home: hand 1 flag to the visitors.'
    """

    title: str = ""
    outcome: str = ""
    instruction: str = ""
    detail: str = ""
    ok: ButtonVM = ButtonVM()


@dataclass(frozen=True)
class RejectedVM:
    """Screen 5b: refused; the reason, or the hub's own words in ``hub_reason``.

    >>> RejectedVM(hub_reason="the moon is full").hub_reason
    'the moon is full'
    """

    title: str = ""
    summary: str = ""
    reason: str = ""
    hub_reason: str = ""
    again: ButtonVM = ButtonVM()
    call: ButtonVM = ButtonVM()
    back: ButtonVM = ButtonVM(visible=False, enabled=False)  # club nights: to the score


@dataclass(frozen=True)
class MoveVM:
    """Screen 6: a new hand: one line per group of players and where they go.

    >>> MoveVM(lines="A & B: go to table 3").lines.splitlines()
    ['A & B: go to table 3']
    """

    title: str = ""
    lines: str = ""
    ok: ButtonVM = ButtonVM()


@dataclass(frozen=True)
class CallVM:
    """Calling the leader: one button per reason (the chosen one ``selected``), then the
    call itself, confirmed.

    >>> len(CallVM().reasons)
    3
    """

    title: str = ""
    note: str = ""
    reasons: tuple[ButtonVM, ...] = tuple(ButtonVM() for _ in range(3))
    back: ButtonVM = ButtonVM()
    send: ButtonVM = ButtonVM(role="disabled", enabled=False)


@dataclass(frozen=True)
class ClubScoreVM:
    """A club night's score screen: both partnerships, the score of the game in play, games
    (and rubbers), the last deal's lines as the hub scored them, the night's end and places.

    >>> ClubScoreVM(ns_score="9").ns_score
    '9'
    """

    title: str = ""
    ns_label: str = ""
    ns_players: str = ""
    ns_score: str = ""
    ns_detail: str = ""
    ew_label: str = ""
    ew_players: str = ""
    ew_score: str = ""
    ew_detail: str = ""
    last: str = ""
    end: str = ""
    enter: ButtonVM = ButtonVM()
    call: ButtonVM = ButtonVM()
    #: opens the night's rules (issue 24)
    rules: ButtonVM = ButtonVM(visible=False, enabled=False)


@dataclass(frozen=True)
class ClubRulesVM:
    """A club night's rules, which a table opens at any time from its score screen: the
    game's rules (``game``) and tonight's house rules (``house``), in the core's words, page
    by page.

    >>> ClubRulesVM(title="Minnesota whist").back.visible
    True
    """

    title: str = ""
    game: str = ""
    house: str = ""
    #: the next page (the first again from the last); hidden when one page holds them
    more: ButtonVM = ButtonVM(visible=False, enabled=False)
    back: ButtonVM = ButtonVM()


@dataclass(frozen=True)
class ClubPickVM:
    """One choice in a few big buttons: who played grand, the trump suit, the honours.
    ``options[i]`` stands for ``kinds[i]``; unused slots are invisible.

    >>> len(ClubPickVM().options)
    5
    """

    question: str = ""
    kinds: tuple[str, ...] = ()
    options: tuple[ButtonVM, ...] = tuple(ButtonVM(visible=False) for _ in range(5))
    back: ButtonVM = ButtonVM()
    big: bool = False  # suit symbols: drawn larger
    grid: bool = False  # the honours: four long answers in a 2x2 grid, the first beside Back

    @property
    def first_row(self) -> int:
        """How many choices the first row holds (landscape): four or five take two rows,
        so that "Diamonds" holds on one line at the reading type."""
        n = sum(1 for o in self.options if o.visible)
        return n if n < 4 else (n + 1) // 2


@dataclass(frozen=True)
class PlayerRowVM:
    """One player on the score screen of a game played each for oneself: name, total (big),
    what the hub says of them ("out", "chooses trump", "2 games won"); ``role`` "disabled"
    greys a player who is out.

    >>> PlayerRowVM(name="Eleanor", score="+11").score
    '+11'
    """

    name: str = ""
    score: str = ""
    detail: str = ""
    role: str = "text"
    visible: bool = True


@dataclass(frozen=True)
class ClubPlayersVM:
    """The score screen of Widow, Solo, Knockout or 8-to-1: every player of the table (up to
    seven rows, in two columns from four), the next round (its cards, who chooses trump, the
    trump) big, the last deal as the hub scored it, the night's end.

    >>> len(ClubPlayersVM().rows)
    7
    """

    title: str = ""
    round: str = ""
    rows: tuple[PlayerRowVM, ...] = tuple(PlayerRowVM(visible=False) for _ in range(7))
    last: str = ""
    end: str = ""
    enter: ButtonVM = ButtonVM()
    call: ButtonVM = ButtonVM()
    cols: int = 1
    round_big: bool = False  # 8-to-1: the round's trump, big
    compact: bool = False  # more than four players (Knockout): lower rows, smaller round line
    #: the round's drawn trump (8-to-1), big on a white card: ``♥ Hearts`` ("": none shown)
    trump: str = ""
    trump_role: str = "card-black"
    #: opens the night's rules (issue 24)
    rules: ButtonVM = ButtonVM(visible=False, enabled=False)


@dataclass(frozen=True)
class ClubChooseVM:
    """One choice among up to eight big buttons in ``cols`` columns: who took the widow,
    Solo's contract, the bidder, the partner, who revoked, 8-to-1's "we have played".
    ``options[i]`` stands for ``kinds[i]``; unused slots are invisible.

    >>> len(ClubChooseVM().options)
    8
    """

    question: str = ""
    detail: str = ""
    kinds: tuple[str, ...] = ()
    options: tuple[ButtonVM, ...] = tuple(ButtonVM(visible=False) for _ in range(8))
    cols: int = 2
    back: ButtonVM = ButtonVM()
    big: bool = False

    @property
    def back_in_grid(self) -> bool:
        """Seven or eight choices take three rows: Back takes the grid's bottom left cell
        (its row would leave too little height for the buttons at the reading type)."""
        return sum(1 for o in self.options if o.visible) > 6


@dataclass(frozen=True)
class ViewModel:
    """Everything on screen. Only ``screen``'s own part (and the header) is visible.

    >>> ViewModel(screen=Screen.HAND, hand=HandVM(trump_symbol="♥")).hand.trump_symbol
    '♥'
    """

    screen: Screen = Screen.CONNECTING
    language: str = "en"
    header: HeaderVM = HeaderVM()
    setup: SetupVM = SetupVM()
    screen_choice: ScreenChoiceVM = ScreenChoiceVM()
    connecting: ConnectingVM = ConnectingVM()
    waiting: WaitingVM = WaitingVM()
    hand: HandVM = HandVM()
    entry: EntryVM = EntryVM()
    revokes: RevokesVM = RevokesVM()
    confirm: ConfirmVM = ConfirmVM()
    pending: PendingVM = PendingVM()
    accepted: AcceptedVM = AcceptedVM()
    rejected: RejectedVM = RejectedVM()
    move: MoveVM = MoveVM()
    join: JoinVM = JoinVM()
    count: JoinVM = JoinVM()  # the same ten-key pad as joining the hall
    count_confirm: CountConfirmVM = CountConfirmVM()
    call: CallVM = CallVM()
    club_score: ClubScoreVM = ClubScoreVM()
    club_pick: ClubPickVM = ClubPickVM()
    club_players: ClubPlayersVM = ClubPlayersVM()
    club_choose: ClubChooseVM = ClubChooseVM()
    club_rules: ClubRulesVM = ClubRulesVM()
