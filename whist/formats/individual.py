"""What the individual club games share (Widow, Solo, Knockout and 8-to-1 bidding whist):
every player scores for themselves, so the parties of a table are its seats; reading per-seat
fields (``tricks_N``, ``bid_3``…) typed or tapped in; no target a leader could set.

Not a format itself: :mod:`whist.formats.widow`, :mod:`~whist.formats.solo`,
:mod:`~whist.formats.knockout` and :mod:`~whist.formats.eight_to_one` are. ``docs/rules.md``
(WI…, SO…, KO…, EO…) explains each decision.

>>> seat_field("tricks", "N"), NUMBERED_SEATS[:3]
('tricks_N', ('1', '2', '3'))
>>> read_seat_counts({"tricks_1": "5", "tricks_2": 8, "tricks_3": ""}, "tricks", ("1", "2", "3"))
{'1': 5, '2': 8, '3': 0}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import ClassVar, TypeVar

from whist.cards import Suit, parse_trump
from whist.enums import Unit
from whist.errors import M_, CardError, DealError
from whist.formats.base import ClubGame, ClubSettings, ClubTable, LengthUnit, Seat, WinUnit
from whist.formats.partnership import _SUIT_WORDS, _blank, read_count

#: The seats of a table with no compass (Widow's three, Knockout's two to seven), clockwise.
NUMBERED_SEATS: tuple[Seat, ...] = ("1", "2", "3", "4", "5", "6", "7")
COMPASS_SEATS: tuple[Seat, ...] = ("N", "E", "S", "W")

DealT = TypeVar("DealT")


def seat_field(what: str, seat: Seat) -> str:
    """The name of a per-seat field: ``tricks_N``, ``bid_3``."""
    return f"{what}_{seat}"


def seat_fields(what: str, seats: Iterable[Seat]) -> tuple[str, ...]:
    return tuple(seat_field(what, s) for s in seats)


def read_seat_counts(
    fields: Mapping[str, object], what: str, seats: Iterable[Seat], *, most: int = 13
) -> dict[Seat, int]:
    """Each seat's count of ``what`` (a blank is 0, as on paper), each 0 to ``most``."""
    counts: dict[Seat, int] = {}
    for seat in seats:
        try:
            count = read_count(fields, seat_field(what, seat), f"{seat}'s {what}") or 0
        except DealError as exc:
            raise DealError(
                M_("{seat}'s {what} must be a number (got {value!r})"),
                seat=seat,
                what=what,
                value=exc.values["value"],
            ) from None
        if not 0 <= count <= most:
            raise DealError(
                M_("{seat}'s {what} must be 0 to {most} (got {got})"),
                seat=seat,
                what=what,
                most=most,
                got=count,
            )
        counts[seat] = count
    return counts


def read_seat(
    fields: Mapping[str, object], key: str, what: str, seats: tuple[Seat, ...]
) -> Seat | None:
    """A seat named in a field (any case), or None when the field is blank or says nobody."""
    value = fields.get(key)
    if _blank(value) or str(value).strip().lower() in ("none", "-", "nobody"):
        return None
    text = str(value).strip().upper()
    if text == "O" and "W" in seats:
        text = "W"  # Ouest: « O » on the French screens and sheets
    if text not in seats:
        raise DealError(
            M_("{what} must be one of the seats {seats} (got {got!r})"),
            what=what,
            seats=", ".join(seats),
            got=text,
        )
    return text


def check_tricks_add_up(tricks: Mapping[Seat, int], cards: int) -> None:
    """Every trick of the round is someone's: the players' tricks add up to the cards each
    was dealt (13 in a full deal)."""
    total = sum(tricks.values())
    if total != cards:
        listed = ", ".join(f"{s} {n}" for s, n in tricks.items())
        raise DealError(
            M_("the tricks ({listed}) make {total}, but this deal has {cards} tricks: count again"),
            listed=listed,
            total=total,
            cards=cards,
        )


class IndividualGame(ClubGame[DealT]):
    """A club game played each for oneself: the parties are the seats, a table may seat fewer
    players than the game has seats (:attr:`min_players`), and there is no target to set (a
    game ends by the game's own rule, or there are no games at all)."""

    wins: ClassVar[WinUnit] = Unit.GAMES
    individual: ClassVar[bool] = True
    default_target: ClassVar[int] = 0
    lengths: ClassVar[tuple[LengthUnit, ...]] = (Unit.DEALS, Unit.OPEN)
    sheet_either: ClassVar[tuple[str, ...]] = ()

    def start(self, settings: ClubSettings | None = None) -> ClubTable:
        settings = settings or ClubSettings()
        if settings.target is not None:
            raise DealError(
                M_("{game} has no target to set: every deal scores on its own"), game=self.title
            )
        players = settings.players or self.seats
        least = self.min_players or len(self.seats)
        if not least <= len(players) <= len(self.seats) or players != self.seats[: len(players)]:
            seats = ", ".join(self.seats[: len(players)])
            if least < len(self.seats):
                raise DealError(
                    M_("{game} is played by {least} to {most} players, in the seats {seats}"),
                    game=self.title,
                    least=least,
                    most=len(self.seats),
                    seats=seats,
                )
            raise DealError(
                M_("{game} is played by {least} players, in the seats {seats}"),
                game=self.title,
                least=least,
                seats=seats,
            )
        dealer = settings.first_dealer or players[0]
        if dealer not in players:
            raise DealError(
                M_("the first dealer must be one of {seats} (got {got})"),
                seats=", ".join(players),
                got=repr(dealer),
            )
        self.check_house_rules(settings.house_rules)
        zeros = tuple(0 for _ in players)
        return ClubTable(
            game=self.name,
            parties=players,
            seats=players,
            target=0,
            length=settings.length,
            dealer=dealer,
            deals=0,
            score=zeros,
            games=zeros,
            rubber_games=zeros,
            rubbers=zeros,
            night_points=zeros,
            house_rules=settings.house_rules,
        )


def left_of(seats: tuple[Seat, ...], seat: Seat) -> tuple[Seat, ...]:
    """The seats in playing order starting at ``seat``'s left (the dealer's left leads)."""
    i = seats.index(seat)
    return seats[i + 1 :] + seats[: i + 1]


def read_trump(fields: Mapping[str, object]) -> tuple[bool, Suit | None]:
    """Whether the record names a trump, and which (None: no trump, ``none``)."""
    value = fields.get("trump")
    if _blank(value):
        return False, None
    text = str(value).strip()
    try:
        return True, parse_trump(_SUIT_WORDS.get(text.lower(), text))
    except CardError as exc:
        raise DealError.plain(str(exc)) from None
