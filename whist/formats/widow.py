"""Widow whist: three players each for themselves, clubs always trump, a fourth hand (the
widow) dealt to the dealer's left that one player may take in exchange for their own.

Each deal the table records who took the widow (if anyone) and each player's tricks, adding up
to 13. The widow's taker scores a point per trick over four, everyone else a point per trick
over three; a score may go below zero. There are no games: the night is a running score.
``docs/rules.md`` (WI1…) explains each decision.

The seed's examples:

>>> [widow_points(t, took_widow=True) for t in (2, 4, 5)]
[-2, 0, 1]
>>> [widow_points(t, took_widow=False) for t in (4, 5)]
[1, 2]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import ClassVar

from whist.enums import Unit
from whist.errors import M_, DealError
from whist.formats.base import TRICKS, ClubTable, LengthUnit, Line, ScoreChange, Seat
from whist.formats.entry import (
    DEAL_TITLE,
    E_,
    Ask,
    Confirm,
    EntrySchema,
    Page,
    Show,
    Text,
    When,
    Who,
    tricks_pages,
)
from whist.formats.individual import (
    NUMBERED_SEATS,
    IndividualGame,
    check_tricks_add_up,
    read_seat,
    read_seat_counts,
    seat_fields,
)
from whist.formats.partnership import refuse_unknown
from whist.formats.words import G_, H_, R_, Words

#: Tricks a player must take to break even: with the widow, and with their own hand (WI2).
WIDOW_BREAK_EVEN = 4
HAND_BREAK_EVEN = 3
SEATS: tuple[Seat, ...] = NUMBERED_SEATS[:3]
#: The seed's variant of the play (WI6): a player with none of the suit led must play a club.
MUST_PLAY_A_CLUB = "must_play_a_club"


def widow_points(tricks: int, *, took_widow: bool) -> int:
    """A player's points for a deal: tricks over four with the widow, over three without."""
    if not 0 <= tricks <= TRICKS:
        raise DealError(M_("tricks must be 0 to 13 (got {got})"), got=tricks)
    return tricks - (WIDOW_BREAK_EVEN if took_widow else HAND_BREAK_EVEN)


@dataclass(frozen=True)
class WidowDeal:
    """What a Widow table taps in for one deal: who took the widow (None: nobody) and each
    player's tricks.

    >>> WidowDeal("2", {"1": 3, "2": 6, "3": 4}).widow
    '2'
    """

    widow: Seat | None
    tricks: Mapping[Seat, int]

    def __post_init__(self) -> None:
        if set(self.tricks) != set(SEATS):
            raise DealError(M_("enter the tricks of all three players"))
        if self.widow is not None and self.widow not in SEATS:
            raise DealError(
                M_("the widow's taker must be one of 1, 2, 3 (got {got!r})"), got=self.widow
            )
        check_tricks_add_up(self.tricks, TRICKS)


#: Who took the widow, in words: the confirm page's head and, on the score screen, the last
#: deal's line, so the score line after says it too (issue 29).
_WHO_TOOK_IT = (
    Text(E_("Nobody took the widow"), when=(When("widow", ("none",)),)),
    Text(E_("{widow} took the widow"), when=(When("widow", ("none",), negate=True),)),
)


class Widow(IndividualGame[WidowDeal]):
    name: ClassVar[str] = "widow"
    title: ClassVar[str] = G_("Widow whist")
    seats: ClassVar[tuple[Seat, ...]] = SEATS
    parties: ClassVar[tuple[Seat, ...]] = SEATS
    fields: ClassVar[tuple[str, ...]] = ("widow", *seat_fields("tricks", SEATS))
    lengths: ClassVar[tuple[LengthUnit, ...]] = (Unit.DEALS, Unit.OPEN)
    house_rules: ClassVar[Mapping[str, str]] = {
        # WI6: "some people play if you don't have the lead suit, you MUST play a club if you
        # have one". It changes the play, not the score: the table is told, the sheet says it.
        MUST_PLAY_A_CLUB: H_(
            "House rule: a player who has none of the suit led must play a club if they have one."
        ),
    }
    entry: ClassVar[EntrySchema] = EntrySchema(
        pages=(
            Page(
                "widow",
                Ask.CHOICE,
                question=(Text(E_("Deal {deal}: who took the widow?")),),
                players=Who.TABLE,
                nobody="last",
            ),
            tricks_pages(Who.TABLE),
        ),
        confirm=Confirm.EVERYONE,
        title=DEAL_TITLE,
        head=_WHO_TOOK_IT,
        notes=((Text(E_("Tricks: {tricks}")),),),
        short=(
            (Text("{tricks}"),),
            (
                Text(
                    E_("{widow} took the widow"),
                    when=(When("widow"), When("widow", ("none",), negate=True)),
                ),
            ),
        ),
        show=Show(last_head=_WHO_TOOK_IT),
    )

    def record(self, fields: Mapping[str, object]) -> WidowDeal:
        refuse_unknown(fields, self.fields, self.title)
        widow = read_seat(fields, "widow", M_("the widow's taker"), SEATS)
        return WidowDeal(widow, read_seat_counts(fields, M_("tricks"), SEATS))

    def score(self, table: ClubTable, deal: WidowDeal) -> ScoreChange:
        lines = tuple(
            Line(
                seat,
                widow_points(deal.tricks[seat], took_widow=seat == deal.widow),
                "widow" if seat == deal.widow else "tricks",
            )
            for seat in table.parties
        )
        # WI4: a line of 0 is still shown (the player broke even), and every point counts
        # towards the night.
        return replace(ScoreChange(lines=lines), night=lines)

    # ---------------------------------------------------------------- words (issue 22)
    # What the hall and the sheets show of the game (whist/formats/base.py, ClubGame).
    has_games: ClassVar[bool] = False

    def rules_summary(self, target: int | None = None) -> tuple[Words, ...]:
        return (
            Words(
                R_(
                    "Clubs are always trump. Whoever picks up the widow scores 1 a trick over 4, "
                    "everyone else 1 a trick over 3; fewer tricks score below zero. The tricks "
                    "add up to 13. Write who took the widow as their seat number."
                )
            ),
        )


RULES = Widow()
