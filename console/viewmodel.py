"""What each console screen shows: plain frozen dataclasses, every text already translated.

The ``.kv`` files bind to these fields and nothing else; the presenter builds a new
:class:`ViewModel` after every change. Colours are theme role names
(:mod:`uikit.widetheme`).

>>> ViewModel().screen
<Screen.CONNECTING: 'connecting'>
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from uikit.viewmodel import HIDDEN, ButtonVM, SetupVM


class Screen(enum.StrEnum):
    """The console's screens, by name (the ``.kv`` files are named after them)."""

    SETUP = "setup"
    CONNECTING = "connecting"
    TABLES = "tables"
    START = "start"
    CONFIRM = "confirm"
    TABLE = "table"
    CORRECT = "correct"
    LOAN = "loan"
    PENALTY = "penalty"
    STANDINGS = "standings"
    TIEBREAK = "tiebreak"
    SHEETS = "sheets"
    # club nights
    NIGHT = "night"
    DEALS = "deals"
    DEAL = "deal"
    LOANS = "loans"
    COUNTS = "counts"


#: The minus sign of the revoke buttons (a real minus, as wide as the plus).
MINUS = "\N{MINUS SIGN}"

#: Fields whose text is shown as it is, never translated: settings to type, the hub's own
#: words when no translation is known, names from the tournament file, file paths, codes.
VERBATIM_FIELDS = frozenset(
    {"command", "hub_reason", "tournament", "name", "name_hint", "files", "code"}
)


@dataclass(frozen=True)
class HeaderVM:
    """The bar at the top: the tournament, where play is, a banner when something is wrong.

    >>> HeaderVM(banner="The hub is offline.").banner_role
    'banner-offline'
    """

    tournament: str = ""
    info: str = ""
    banner: str = ""
    banner_role: str = "banner-offline"
    language: ButtonVM = ButtonVM()


@dataclass(frozen=True)
class MessageVM:
    """The line under the header: the hub's last answer, or what is still being sent.

    >>> MessageVM("Hand 2 started.", "message-ok").role
    'message-ok'
    """

    text: str = ""
    role: str = "message-ok"


@dataclass(frozen=True)
class ClockBarVM:
    """The room's clock (issue 26), under the message bar while one runs: the time left and
    the slow tables, "+5 min", "Pause the clock" (or "Resume the clock"). Empty: hidden.

    >>> ClockBarVM().text
    ''
    """

    text: str = ""
    role: str = "text"
    add: ButtonVM = ButtonVM()
    pause: ButtonVM = ButtonVM()


@dataclass(frozen=True)
class TabsVM:
    """The four tabs at the bottom."""

    tables: ButtonVM = ButtonVM()
    standings: ButtonVM = ButtonVM()
    tiebreaks: ButtonVM = ButtonVM()
    sheets: ButtonVM = ButtonVM()


@dataclass(frozen=True)
class ConnectingVM:
    title: str = ""
    message: str = ""
    detail: str = ""


@dataclass(frozen=True)
class TileVM:
    """One table in the progress grid: its number and its state in a word or two.

    >>> TileVM("7", "✓ in", "tile-reported").role
    'tile-reported'
    """

    number: str = ""
    status: str = ""
    role: str = "tile-waiting"


@dataclass(frozen=True)
class TablesVM:
    """The overview: where play is, the one big action, and every table's tile."""

    hand: str = ""
    detail: str = ""
    phase: str = ""
    missing: str = ""
    calls: str = ""
    conflicts: str = ""
    primary: ButtonVM = ButtonVM()
    close: ButtonVM = ButtonVM()
    undo: ButtonVM = ButtonVM()
    tiles: tuple[TileVM, ...] = ()


@dataclass(frozen=True)
class StartVM:
    """Before a hand starts: the move and the trump, then one button."""

    title: str = ""
    move: str = ""
    trump_note: str = ""
    trumps: tuple[ButtonVM, ...] = ()
    cut: ButtonVM = ButtonVM()
    warning: str = ""
    go: ButtonVM = ButtonVM()
    back: ButtonVM = ButtonVM()


@dataclass(frozen=True)
class ReasonVM:
    """What every page of a change that takes a reason shows (a correction, a penalty, a
    club deal, an accepted count, a day's end, a tie-break undo): the reason's label, its
    ready-made choices, the box and its hint, and what the change does, in names."""

    reason_label: str = ""
    reasons: tuple[ButtonVM, ...] = ()
    reason: str = ""
    reason_hint: str = ""  # shown in the empty field
    effect: str = ""  # what saving it changes, in names (issue 25)
    back: ButtonVM = ButtonVM()


@dataclass(frozen=True)
class ConfirmVM(ReasonVM):
    """A yes/no page: close a hand, undo a start, end the day (with its totals); a change
    that takes a reason shows its choices and box (its effect is in ``detail``)."""

    title: str = ""
    body: str = ""
    detail: str = ""
    go: ButtonVM = ButtonVM()
    #: a second way forward (end the day early, or the whole tournament); hidden mostly
    go2: ButtonVM = HIDDEN


@dataclass(frozen=True)
class TableVM:
    """One table: its result for a hand, and what the leader can do about it."""

    title: str = ""
    status: str = ""
    call: str = ""
    result: str = ""
    conflict: str = ""
    history: str = ""
    flags: str = ""
    earlier: ButtonVM = ButtonVM()
    later: ButtonVM = ButtonVM()
    correct: ButtonVM = ButtonVM()
    loan: ButtonVM = ButtonVM()
    penalty: ButtonVM = ButtonVM()
    clear_call: ButtonVM = ButtonVM()
    back: ButtonVM = ButtonVM()


@dataclass(frozen=True)
class CorrectVM(ReasonVM):
    """Enter or correct a table's result: tricks, revokes, and a reason (required)."""

    title: str = ""
    question: str = ""
    keys: tuple[ButtonVM, ...] = tuple(ButtonVM(str(n)) for n in range(14))
    readout: str = ""
    revokes_label: str = ""
    home_label: str = ""
    home_count: str = "0"
    home_minus: ButtonVM = ButtonVM(MINUS)
    home_plus: ButtonVM = ButtonVM("+")
    visitors_label: str = ""
    visitors_count: str = "0"
    visitors_minus: ButtonVM = ButtonVM(MINUS)
    visitors_plus: ButtonVM = ButtonVM("+")
    use_kiosk: ButtonVM = ButtonVM()
    save: ButtonVM = ButtonVM()


@dataclass(frozen=True)
class LoanVM:
    title: str = ""
    note: str = ""
    keys: tuple[ButtonVM, ...] = tuple(ButtonVM(str(n)) for n in range(1, 13))
    save: ButtonVM = ButtonVM()
    back: ButtonVM = ButtonVM()


@dataclass(frozen=True)
class PenaltyVM(ReasonVM):
    title: str = ""
    note: str = ""
    home: ButtonVM = ButtonVM()
    visitors: ButtonVM = ButtonVM()
    save: ButtonVM = ButtonVM()


@dataclass(frozen=True)
class RowVM:
    """One line of the standings."""

    rank: str = ""
    team: str = ""
    name: str = ""
    score: str = ""
    days: str = ""
    loans: str = ""


@dataclass(frozen=True)
class StandingsVM:
    title: str = ""
    head: RowVM = RowVM()
    rows: tuple[RowVM, ...] = ()
    #: "Provisional — 3 results missing" (empty when every result is in)
    note: str = ""
    ledger: ButtonVM = HIDDEN
    counts: ButtonVM = HIDDEN


@dataclass(frozen=True)
class LoansVM:
    """The loan ledger: every loan of the tournament, and the flags still to bring."""

    title: str = ""
    due: str = ""
    lines: str = ""
    back: ButtonVM = ButtonVM()


@dataclass(frozen=True)
class CountsVM:
    """The verifiers' count at a day's end (decision A15): each table's flags as counted
    against the hub's; the one table being entered, its keypad, and how to settle a
    difference."""

    title: str = ""
    status: str = ""
    status_role: str = "text"
    lines: str = ""
    table: str = ""
    table_role: str = "text"
    table_name: str = ""
    keys: tuple[ButtonVM, ...] = ()
    previous: ButtonVM = ButtonVM()
    following: ButtonVM = ButtonVM()
    next_open: ButtonVM = HIDDEN
    day: ButtonVM = HIDDEN
    record: ButtonVM = ButtonVM()
    accept: ButtonVM = HIDDEN
    correct: ButtonVM = HIDDEN
    back: ButtonVM = ButtonVM()


@dataclass(frozen=True)
class TieBreakVM:
    """Tie-breaks, step by step: who plays, the trump by a cut, the dealer, each hand."""

    title: str = ""
    #: results still missing (rules O12): said above the buttons, the count from the core
    warning: str = ""
    steps: str = ""
    groups: tuple[ButtonVM, ...] = ()
    trumps: tuple[ButtonVM, ...] = ()
    cut: ButtonVM = ButtonVM()
    start: ButtonVM = ButtonVM()
    question: str = ""
    keys: tuple[ButtonVM, ...] = ()
    readout: str = ""
    record: ButtonVM = ButtonVM()
    refresh: ButtonVM = ButtonVM()
    #: Before a playoff of three or more: the hub draws, or the leader enters the A players'
    #: cards (a team, then its card's rank and suit).
    draw_mode: ButtonVM = ButtonVM(visible=False, enabled=False)
    draw_teams: tuple[ButtonVM, ...] = ()
    ranks: tuple[ButtonVM, ...] = ()
    suits: tuple[ButtonVM, ...] = ()
    #: Take back the last tie-break (asks first).
    undo: ButtonVM = ButtonVM(visible=False, enabled=False)
    #: Gaspésie (rules G7): the leader places teams the count-back leaves level.
    decide_teams: tuple[ButtonVM, ...] = ()
    reasons: tuple[ButtonVM, ...] = ()
    decide: ButtonVM = ButtonVM(visible=False, enabled=False)


@dataclass(frozen=True)
class SheetsVM:
    """Exports and printable sheets, and the join code for new kiosks."""

    title: str = ""
    what: str = ""
    export: ButtonVM = ButtonVM()
    files: str = ""
    open_rotation: ButtonVM = ButtonVM()
    join_title: str = ""
    code: str = ""
    join_how: str = ""
    show_code: ButtonVM = ButtonVM()
    renew: ButtonVM = ButtonVM()
    joins_title: str = ""
    joins: str = ""
    name_title: str = ""
    name: str = ""  # the new name being typed
    name_hint: str = ""  # the name now, shown in the empty field
    rename: ButtonVM = ButtonVM()


@dataclass(frozen=True)
class NightTableVM:
    """One table of a club night in the list by progress; a touch opens its deals.

    >>> NightTableVM("3", status="Calls you", role="tile-calling").role
    'tile-calling'
    """

    table: str = ""
    players: str = ""
    progress: str = ""
    status: str = ""
    role: str = "tile-waiting"


@dataclass(frozen=True)
class NightVM:
    """A club night's overview: the game, how far the tables are, ending the night."""

    title: str = ""
    detail: str = ""
    summary: str = ""
    calls: str = ""
    offline: str = ""
    tables: tuple[NightTableVM, ...] = ()
    end: ButtonVM = ButtonVM()


@dataclass(frozen=True)
class DealRowVM:
    """One deal of a table: what was entered, what it scored, and its "Correct" button."""

    deal: str = ""
    number: int = 0
    entered: str = ""
    scored: str = ""
    correct: ButtonVM = ButtonVM()


@dataclass(frozen=True)
class DealsVM:
    """A club table's deals, oldest first, and entering the next one for it."""

    title: str = ""
    players: str = ""
    status: str = ""
    rows: tuple[DealRowVM, ...] = ()
    empty: str = ""
    enter: ButtonVM = ButtonVM()
    back: ButtonVM = ButtonVM()
    #: shown while the table calls the leader: its kiosk's band and call button clear
    clear_call: ButtonVM = ButtonVM()


@dataclass(frozen=True)
class FieldRowVM:
    """A row of the deal form for the games played each for oneself: a label and its buttons;
    button *i* stands for ``args[i]`` (``widow=2``, ``tricks_N:1``)."""

    label: str = ""
    buttons: tuple[ButtonVM, ...] = ()
    args: tuple[str, ...] = ()


#: The deal form's rows of choices and of players' counts (Knockout seats up to seven).
CHOICE_ROWS = 4
COUNT_ROWS = 7


@dataclass(frozen=True)
class DealFormVM(ReasonVM):
    """Correct a club deal, or enter one for a table: the game's fields, a reason, save.

    A field the game does not have has no buttons (its row is hidden).
    """

    title: str = ""
    note: str = ""
    granded_label: str = ""
    granded: tuple[ButtonVM, ...] = ()
    trump_label: str = ""
    trumps: tuple[ButtonVM, ...] = ()
    tricks_label: str = ""
    keys: tuple[ButtonVM, ...] = ()
    honours_label: str = ""
    honours: tuple[ButtonVM, ...] = ()
    revokes_label: str = ""
    ns_label: str = ""
    ns_count: str = "0"
    ns_minus: ButtonVM = ButtonVM(MINUS)
    ns_plus: ButtonVM = ButtonVM("+")
    ew_label: str = ""
    ew_count: str = "0"
    ew_minus: ButtonVM = ButtonVM(MINUS)
    ew_plus: ButtonVM = ButtonVM("+")
    # Widow, Solo, Knockout, 8-to-1: the choices, and each player's counts (unused rows empty)
    choices: tuple[FieldRowVM, ...] = (FieldRowVM(),) * CHOICE_ROWS
    counts: tuple[FieldRowVM, ...] = (FieldRowVM(),) * COUNT_ROWS
    readout: str = ""
    save: ButtonVM = ButtonVM()


@dataclass(frozen=True)
class ViewModel:
    """Everything on screen. Only ``screen``'s own part (and the bars) is visible."""

    screen: Screen = Screen.CONNECTING
    language: str = "en"
    header: HeaderVM = HeaderVM()
    message: MessageVM = MessageVM()
    tabs: TabsVM = TabsVM()
    clock: ClockBarVM = ClockBarVM()
    setup: SetupVM = SetupVM()
    connecting: ConnectingVM = ConnectingVM()
    tables: TablesVM = TablesVM()
    start: StartVM = StartVM()
    confirm: ConfirmVM = ConfirmVM()
    table: TableVM = TableVM()
    correct: CorrectVM = CorrectVM()
    loan: LoanVM = LoanVM()
    penalty: PenaltyVM = PenaltyVM()
    standings: StandingsVM = StandingsVM()
    tiebreak: TieBreakVM = TieBreakVM()
    sheets: SheetsVM = SheetsVM()
    night: NightVM = NightVM()
    deals: DealsVM = DealsVM()
    deal: DealFormVM = DealFormVM()
    loans: LoansVM = LoansVM()
    counts: CountsVM = CountsVM()
