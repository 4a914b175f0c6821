"""What the partnership club games share (Minnesota, English and American whist): two
partnerships, North-South and East-West, partners sitting opposite; reading a deal record
typed or tapped in; and scoring a deal's lines in order until a game is won.

Not a format itself: :mod:`whist.formats.minnesota`, :mod:`~whist.formats.english` and
:mod:`~whist.formats.american` are. ``docs/rules.md`` (C1…) explains each decision.

>>> other("NS"), partnership_of("W")
('EW', 'EW')
>>> read_tricks({"ns_tricks": "8", "ew_tricks": 5})
8
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal, cast

from whist.cards import Suit, parse_trump
from whist.errors import M_, CardError, DealError
from whist.formats.base import TRICKS, ClubTable, Line, Party, ScoreChange

Partnership = Literal["NS", "EW"]
PARTNERSHIPS: tuple[Partnership, Partnership] = ("NS", "EW")
#: Established revokes one side can be charged with in a deal (one per trick at most).
MAX_REVOKES = TRICKS


def other(side: Party) -> Partnership:
    """The partnership across the table."""
    check_partnership(side, M_("a partnership"))
    return "EW" if side == "NS" else "NS"


def partnership_of(seat: str) -> Partnership:
    """The partnership a seat plays for: N and S, or E and W."""
    if seat not in ("N", "E", "S", "W"):
        raise DealError(M_("{seat!r} is not a seat; seats are N, E, S and W"), seat=seat)
    return "NS" if seat in ("N", "S") else "EW"


def check_partnership(value: str | None, what: str) -> None:
    if value is not None and value not in PARTNERSHIPS:
        raise DealError(M_("{what} must be NS or EW (got {value!r})"), what=what, value=value)


def check_tricks_taken(ns_tricks: int) -> None:
    if not 0 <= ns_tricks <= TRICKS:
        raise DealError(M_("{side} tricks must be 0 to 13 (got {got})"), side="NS", got=ns_tricks)


def check_revokes(ns_revokes: int, ew_revokes: int) -> None:
    for side, count in (("NS", ns_revokes), ("EW", ew_revokes)):
        if not 0 <= count <= MAX_REVOKES:
            raise DealError(
                M_("{side} revokes must be 0 to {most} (got {got})"),
                side=side,
                most=MAX_REVOKES,
                got=count,
            )


def _blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


@dataclass(frozen=True)
class PartnershipDeal:
    """What an English or American whist table taps in for one deal: the trump (the suit of
    the dealer's last card), NS's tricks, who held honours (three or four of A, K, Q, J of
    trumps between partners, as dealt) and the established revokes of each side.

    >>> PartnershipDeal(Suit.SPADES, ns_tricks=6, honours="EW", honours_held=3).tricks_of("EW")
    7
    """

    trump: Suit | None
    ns_tricks: int
    honours: Partnership | None = None
    honours_held: int = 0
    ns_revokes: int = 0
    ew_revokes: int = 0

    def __post_init__(self) -> None:
        check_tricks_taken(self.ns_tricks)
        check_partnership(self.honours, M_("the side that held honours"))
        check_revokes(self.ns_revokes, self.ew_revokes)
        if self.honours is None and self.honours_held:
            raise DealError(M_("say which side held the honours (NS or EW)"))
        if self.honours is not None and self.honours_held not in (3, 4):
            raise DealError(
                M_(
                    "honours count only when one side holds three or four of the ace, king, "
                    "queen and jack of trumps (got {got})"
                ),
                got=self.honours_held,
            )
        if self.honours is not None and self.trump is None:
            raise DealError(M_("there are no honours without a trump"))

    @property
    def ew_tricks(self) -> int:
        return TRICKS - self.ns_tricks

    def tricks_of(self, side: Party) -> int:
        return self.ns_tricks if side == "NS" else self.ew_tricks


#: The fields every partnership game's deal record reads, in score sheet order.
DEAL_FIELDS = ("ns_tricks", "ew_tricks", "ns_revokes", "ew_revokes")


def revoked_sides(ns_revokes: int, ew_revokes: int) -> frozenset[Party]:
    """The sides charged with an established revoke in a deal (they cannot win the game
    with it, C4)."""
    return frozenset(side for side, count in (("NS", ns_revokes), ("EW", ew_revokes)) if count)


def penalty_lines(ns_revokes: int, ew_revokes: int, points: int) -> list[Line]:
    """The other side's ``points`` for each established revoke, NS's revokes first."""
    return [
        Line(other(revoker), points * count, "revoke")
        for revoker, count in (("NS", ns_revokes), ("EW", ew_revokes))
        if count
    ]


def tricks_line(ns_tricks: int) -> Line:
    """A point for each trick over six, to the side that took seven or more."""
    side: Partnership = "NS" if ns_tricks >= 7 else "EW"
    taken = ns_tricks if side == "NS" else TRICKS - ns_tricks
    return Line(side, taken - 6, "tricks")


def read_partnership_deal(
    fields: Mapping[str, object], known: tuple[str, ...], game: str
) -> PartnershipDeal:
    """A :class:`PartnershipDeal` from a tapped record or a sheet's row."""
    refuse_unknown(fields, known, game)
    value = fields.get("trump")
    trump: Suit | None = None
    if not _blank(value):
        text = str(value).strip()
        try:
            trump = parse_trump(_SUIT_WORDS.get(text.lower(), text))
        except CardError as exc:
            raise DealError.plain(str(exc)) from None
    honours = read_partnership(fields, "honours", M_("the side that held honours"))
    held = read_count(fields, "honours_held", M_("honours held")) or 0
    ns_revokes, ew_revokes = read_revokes(fields)
    return PartnershipDeal(trump, read_tricks(fields), honours, held, ns_revokes, ew_revokes)


#: What a paper sheet may say for a suit besides its name.
_SUIT_WORDS = {
    "s": "spades", "♠": "spades", "h": "hearts", "♥": "hearts",
    "d": "diamonds", "♦": "diamonds", "c": "clubs", "♣": "clubs", "nt": "none",
    # A French sheet's words (« Cœur », « Trèfle », « Sans atout »).
    "pique": "spades", "cœur": "hearts", "coeur": "hearts", "carreau": "diamonds",
    "trèfle": "clubs", "trefle": "clubs", "sans atout": "none",
}  # fmt: skip


def read_count(fields: Mapping[str, object], key: str, what: str) -> int | None:
    """A whole number from a field, or None when the field is missing or blank."""
    value = fields.get(key)
    if _blank(value):
        return None
    if isinstance(value, bool):
        raise DealError(M_("{what} must be a number (got {value!r})"), what=what, value=str(value))
    if isinstance(value, int):
        return value
    text = str(value).strip()
    try:
        return int(text)
    except ValueError:
        raise DealError(
            M_("{what} must be a number (got {value!r})"), what=what, value=text
        ) from None


def read_partnership(
    fields: Mapping[str, object], key: str, what: str, choices: str = M_("NS or EW")
) -> Partnership | None:
    """NS or EW from a field (any case, "N-S" and "E/W" too, the French "EO"), or None when
    blank."""
    value = fields.get(key)
    if _blank(value):
        return None
    text = "".join(c for c in str(value).upper() if c.isalpha())
    if text in ("NS", "SN"):
        return "NS"
    if text in ("EW", "WE", "EO", "OE"):  # Est-Ouest: « EO » on the French screens and sheets
        return "EW"
    raise DealError(
        M_("{what} must be {choices} (got {value!r})"),
        what=what,
        choices=choices,
        value=str(value).strip(),
    )


def read_tricks(fields: Mapping[str, object]) -> int:
    """NS's tricks from ``ns_tricks`` and/or ``ew_tricks``: either is enough; when both are
    given they must add up to 13."""
    ns = read_count(fields, "ns_tricks", M_("NS tricks"))
    ew = read_count(fields, "ew_tricks", M_("EW tricks"))
    if ns is None and ew is None:
        raise DealError(M_("enter the tricks one side took (NS or EW)"))
    for side, count in (("NS", ns), ("EW", ew)):
        if count is not None and not 0 <= count <= TRICKS:
            raise DealError(M_("{side} tricks must be 0 to 13 (got {got})"), side=side, got=count)
    if ns is not None and ew is not None and ns + ew != TRICKS:
        raise DealError(
            M_("NS {ns} and EW {ew} tricks make {total}, but a deal has 13 tricks: count again"),
            ns=ns,
            ew=ew,
            total=ns + ew,
        )
    return ns if ns is not None else TRICKS - cast(int, ew)


def read_revokes(fields: Mapping[str, object]) -> tuple[int, int]:
    ns = read_count(fields, "ns_revokes", M_("NS revokes")) or 0
    ew = read_count(fields, "ew_revokes", M_("EW revokes")) or 0
    check_revokes(ns, ew)
    return ns, ew


def refuse_unknown(fields: Mapping[str, object], known: Iterable[str], game: str) -> None:
    """A field this game does not know (or one it has no use for, filled in) is refused."""
    extra = sorted(k for k in fields if k not in set(known) and not _blank(fields[k]))
    if extra:
        raise DealError(M_("{game} has no {fields} to enter"), game=game, fields=", ".join(extra))


def score_in_order(
    table: ClubTable,
    lines: Iterable[Line],
    *,
    cannot_win: frozenset[Party] = frozenset(),
) -> tuple[tuple[Line, ...], tuple[Line, ...], Party | None]:
    """Score ``lines`` one after the other from the table's score (docs/rules.md, C3, C4).

    The first party to reach the target wins the game, and nothing after that line is scored.
    A party in ``cannot_win`` (it revoked in this deal) stops one point short of the target.
    Returns the lines scored, the lines (or parts) not scored, and the game's winner.

    >>> from whist.formats import Format
    >>> table = Format.AMERICAN.club.start()
    >>> scored, unscored, won = score_in_order(
    ...     table, [Line("NS", 9, "tricks")], cannot_win=frozenset({"NS"}))
    >>> scored[0].points, unscored[0].points, won
    (6, 3, None)
    """
    score = dict(zip(table.parties, table.score, strict=True))
    scored: list[Line] = []
    unscored: list[Line] = []
    winner: Party | None = None
    for line in lines:
        if winner is not None:
            unscored.append(Line(line.party, line.points, f"{line.why}:game_over"))
            continue
        points = line.points
        if line.party in cannot_win and score[line.party] + points >= table.target:
            allowed = max(0, table.target - 1 - score[line.party])
            if points > allowed:
                unscored.append(Line(line.party, points - allowed, f"{line.why}:revoked"))
                points = allowed
        if points:
            scored.append(Line(line.party, points, line.why))
            score[line.party] += points
        if score[line.party] >= table.target:
            winner = line.party
    return tuple(scored), tuple(unscored), winner


def change(
    table: ClubTable,
    lines: Iterable[Line],
    *,
    cannot_win: frozenset[Party] = frozenset(),
    unscored: Iterable[Line] = (),
) -> tuple[ScoreChange, dict[Party, int]]:
    """A deal's :class:`ScoreChange` (no night points yet) and each party's score after it."""
    scored, dropped, winner = score_in_order(table, lines, cannot_win=cannot_win)
    after = {p: table.score_of(p) for p in table.parties}
    for line in scored:
        after[line.party] += line.points
    return (
        ScoreChange(lines=scored, unscored=(*unscored, *dropped), game_won_by=winner),
        after,
    )
