"""Solo whist: four players each for themselves; after the bidding one player (or two, in
prop and cop) plays a contract against the others, and points change hands.

Each deal the table records the bidding's outcome (the contract, who bid it, who accepted a
proposal; ``pass`` when everyone passed and the cards are thrown in) and the tricks the bidding
side took. The contract's value passes between every bidder and every defender: to the bidders
when they made it, from them when they did not, with a point more for each trick over or under
(the trick contracts only). Balances always add up to zero. ``docs/rules.md`` (SO1…) explains
each decision.

>>> solo_payments(Contract.SOLO, "N", None, bidder_tricks=6, seats=("N", "E", "S", "W"))
{'N': 33, 'E': -11, 'S': -11, 'W': -11}
>>> solo_payments(Contract.PROP, "N", "E", bidder_tricks=7, seats=("N", "E", "S", "W"))
{'N': -11, 'E': -11, 'S': 11, 'W': 11}
"""

from __future__ import annotations

import enum
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
    En_,
    EntrySchema,
    Most,
    Option,
    Page,
    Show,
    Text,
    When,
    Who,
)
from whist.formats.entry import Line as EntryLine
from whist.formats.individual import COMPASS_SEATS, IndividualGame, read_seat
from whist.formats.partnership import _blank, read_count, refuse_unknown
from whist.formats.words import G_, R_, Words

#: Tricks a revoke moves against the revoker's side (SO7).
REVOKE_TRICKS = 3


class Contract(enum.Enum):
    """A solo whist contract, lowest first; the value is its wire name.

    >>> Contract("misere").value_points, Contract.ABONDANCE.tricks_needed
    (15, 9)
    """

    PASS = "pass"
    PROP = "prop"
    SOLO = "solo"
    MISERE = "misere"
    ABONDANCE = "abondance"
    ROYAL_ABONDANCE = "royal_abondance"
    MISERE_OUVERTE = "misere_ouverte"
    ABONDANCE_DECLAREE = "abondance_declaree"

    @property
    def value_points(self) -> int:
        """What the contract is worth between each bidder and each defender (SO2)."""
        return _VALUES[self]

    @property
    def misere(self) -> bool:
        """The bidder must lose every trick."""
        return self in (Contract.MISERE, Contract.MISERE_OUVERTE)

    @property
    def tricks_needed(self) -> int:
        """Tricks the bidding side must take (for a misère: the most it may take, none)."""
        return _NEEDED[self]

    @property
    def counts_overtricks(self) -> bool:
        """Over- and under-tricks change the payment (SO4): the trick contracts short of a
        slam; a misère and abondance déclarée are all or nothing."""
        return self in (Contract.PROP, Contract.SOLO, Contract.ABONDANCE, Contract.ROYAL_ABONDANCE)


_VALUES = {
    Contract.PASS: 0,
    Contract.PROP: 10,
    Contract.SOLO: 10,
    Contract.MISERE: 15,
    Contract.ABONDANCE: 20,
    Contract.ROYAL_ABONDANCE: 20,
    Contract.MISERE_OUVERTE: 30,
    Contract.ABONDANCE_DECLAREE: 40,
}
_NEEDED = {
    Contract.PASS: 0,
    Contract.PROP: 8,
    Contract.SOLO: 5,
    Contract.MISERE: 0,
    Contract.ABONDANCE: 9,
    Contract.ROYAL_ABONDANCE: 9,
    Contract.MISERE_OUVERTE: 0,
    Contract.ABONDANCE_DECLAREE: 13,
}
#: What a paper sheet or a kiosk may call a contract besides its wire name.
_CONTRACT_WORDS = {
    "prop and cop": "prop", "prop & cop": "prop", "proposal": "prop", "misère": "misere",
    "nullo": "misere", "royal abondance": "royal_abondance", "abondance in trumps":
    "royal_abondance", "misère ouverte": "misere_ouverte", "misere ouverte": "misere_ouverte",
    "spread": "misere_ouverte", "abondance déclarée": "abondance_declaree",
    "abondance declaree": "abondance_declaree", "abondance declarée": "abondance_declaree",
    "all pass": "pass", "passed": "pass",
    # the French kiosk's and sheet's words
    "emballage": "prop", "abondance royale": "royal_abondance", "tous passent": "pass",
    "passe": "pass",
}  # fmt: skip


def counted_tricks(contract: Contract, tricks: int, *, revoked_by_bidders: bool | None) -> int:
    """The bidding side's tricks once a revoke has moved three against the revoker's side
    (SO7): ``revoked_by_bidders`` True, False (a defender revoked) or None (no revoke)."""
    if revoked_by_bidders is None:
        return tricks
    against_bidders = revoked_by_bidders
    # The bidders of a misère want tricks fewer: three more tricks go against them.
    more = against_bidders == contract.misere
    moved = tricks + REVOKE_TRICKS if more else tricks - REVOKE_TRICKS
    return max(0, min(TRICKS, moved))


def contract_made(contract: Contract, tricks: int) -> bool:
    if contract.misere:
        return tricks == 0
    return tricks >= contract.tricks_needed


def solo_payments(
    contract: Contract,
    bidder: Seat,
    partner: Seat | None,
    *,
    bidder_tricks: int,
    seats: tuple[Seat, ...],
    revoker: Seat | None = None,
) -> dict[Seat, int]:
    """What each seat wins (or loses, below zero) in a deal; the values add up to zero."""
    if contract is Contract.PASS:
        return {seat: 0 for seat in seats}
    bidders = {bidder} if partner is None else {bidder, partner}
    revoked = None if revoker is None else revoker in bidders
    tricks = counted_tricks(contract, bidder_tricks, revoked_by_bidders=revoked)
    made = contract_made(contract, tricks)
    amount = contract.value_points
    if contract.counts_overtricks:
        amount += abs(tricks - contract.tricks_needed)
    defenders = [s for s in seats if s not in bidders]
    # SO3: every defender settles with every bidder... except in prop and cop, where the
    # value is split between the partners: each defender settles with one of them.
    each = amount if partner is not None else amount * len(defenders)
    sign = 1 if made else -1
    payments = {}
    for seat in seats:
        if seat in bidders:
            payments[seat] = sign * each
        else:
            payments[seat] = -sign * amount
    return payments


@dataclass(frozen=True)
class SoloDeal:
    """The outcome of one deal's bidding and play.

    >>> SoloDeal(Contract.MISERE, "E", None, bidder_tricks=0).contract.value_points
    15
    """

    contract: Contract
    bidder: Seat | None
    partner: Seat | None
    bidder_tricks: int = 0
    revoker: Seat | None = None

    def __post_init__(self) -> None:
        if self.contract is Contract.PASS:
            if self.bidder or self.partner or self.bidder_tricks or self.revoker:
                raise DealError(
                    M_("everyone passed: the cards are thrown in and nothing else is entered")
                )
            return
        if self.bidder is None:
            raise DealError(M_("say who bid the contract"))
        if self.contract is Contract.PROP and self.partner is None:
            raise DealError(M_("say who accepted the proposal (cop)"))
        if self.contract is not Contract.PROP and self.partner is not None:
            raise DealError(
                M_("{contract} is played alone: there is no partner"), contract=self.contract.value
            )
        if self.partner == self.bidder:
            raise DealError(M_("a player cannot accept their own proposal"))
        if not 0 <= self.bidder_tricks <= TRICKS:
            raise DealError(
                M_("the bidding side's tricks must be 0 to 13 (got {got})"), got=self.bidder_tricks
            )


def _read_contract(fields: Mapping[str, object]) -> Contract:
    value = fields.get("contract")
    if _blank(value):
        raise DealError(M_("enter the contract (or pass, when everyone passed)"))
    text = str(value).strip().lower()
    try:
        return Contract(_CONTRACT_WORDS.get(text, text.replace(" ", "_")))
    except ValueError:
        names = ", ".join(c.value for c in Contract)
        raise DealError(
            M_("the contract must be one of {names} (got {got!r})"), names=names, got=text
        ) from None


#: Solo whist's contracts in the players' words, lowest first (rules.md SO1).
CONTRACT_NAMES: dict[Contract, str] = {
    Contract.PASS: E_("Everyone passed"),
    Contract.PROP: E_("Prop and cop"),
    Contract.SOLO: E_("Solo"),
    Contract.MISERE: E_("Misère"),
    Contract.ABONDANCE: E_("Abondance"),
    Contract.ROYAL_ABONDANCE: E_("Royal abondance"),
    Contract.MISERE_OUVERTE: E_("Misère ouverte"),
    Contract.ABONDANCE_DECLAREE: E_("Abondance déclarée"),
}
_PASSED = When("contract", (Contract.PASS.value,))
_PLAYED = When("contract", (Contract.PASS.value,), negate=True)
_PROP = When("contract", (Contract.PROP.value,))
_ALONE = When("contract", (Contract.PASS.value, Contract.PROP.value), negate=True)
_TRICKS = En_("{bidder_tricks} trick", "{bidder_tricks} tricks")
#: The deal in a few words: ``Prop and cop: Eleanor & Harold``, ``Everyone passed: no score``.
HEADLINE: EntryLine = (
    Text(E_("Everyone passed: no score"), when=(_PASSED,)),
    Text(E_("{contract}: {bidder} & {partner}"), when=(_PROP, When("bidder"), When("partner"))),
    Text(
        E_("{contract}: {bidder}"),
        when=(_PROP, When("bidder"), When("partner", negate=True)),
    ),
    Text(E_("{contract}: {bidder}"), when=(_ALONE, When("bidder"))),
    Text("{contract}", when=(_PLAYED, When("contract"), When("bidder", negate=True))),
)


class Solo(IndividualGame[SoloDeal]):
    name: ClassVar[str] = "solo"
    title: ClassVar[str] = G_("Solo whist")
    seats: ClassVar[tuple[Seat, ...]] = COMPASS_SEATS
    parties: ClassVar[tuple[Seat, ...]] = COMPASS_SEATS
    fields: ClassVar[tuple[str, ...]] = (
        "contract", "bidder", "partner", "bidder_tricks", "revoker",
    )  # fmt: skip
    lengths: ClassVar[tuple[LengthUnit, ...]] = (Unit.DEALS, Unit.OPEN)
    entry: ClassVar[EntrySchema] = EntrySchema(
        pages=(
            Page(
                "contract",
                Ask.CHOICE,
                question=(Text(E_("Deal {deal}: what was the contract?")),),
                options=tuple(Option(c.value, CONTRACT_NAMES[c]) for c in Contract),
            ),
            Page(
                "bidder",
                Ask.CHOICE,
                question=(Text(E_("Who bid {contract}?")),),
                players=Who.TABLE,
                when=(_PLAYED,),
            ),
            Page(
                "partner",
                Ask.CHOICE,
                question=(Text(E_("Who accepted {bidder}'s proposal?")),),
                players=Who.TABLE,
                leave_out="bidder",
                when=(When("contract", (Contract.PROP.value,)),),
            ),
            Page(
                "bidder_tricks",
                Ask.COUNT,
                question=(
                    Text(E_("{bidder} & {partner}: how many tricks?"), when=(_PROP,)),
                    Text(E_("How many tricks did {bidder} take?"), when=(_ALONE,)),
                ),
                readout=HEADLINE,
                most=Most.TRICKS,
                when=(_PLAYED,),
                aside=Page(
                    "revoker",
                    Ask.CHOICE,
                    question=(Text(E_("Who revoked?")),),
                    readout=(Text(E_("Three tricks are moved against the side that revoked.")),),
                    players=Who.TABLE,
                    nobody="first",
                ),
                aside_button=(
                    Text(E_("Revoke: {revoker}"), when=(When("revoker"),)),
                    Text(E_("Revoke"), when=(When("revoker", negate=True),)),
                ),
            ),
        ),
        confirm=Confirm.EVERYONE,
        title=DEAL_TITLE,
        head=HEADLINE,
        notes=(
            (Text.counted(_TRICKS, "bidder_tricks", when=(_PLAYED, When("bidder_tricks"))),),
            (Text(E_("{revoker} revoked"), when=(_PLAYED, When("revoker"))),),
        ),
        short=(
            (
                *HEADLINE,
                Text.counted(_TRICKS, "bidder_tricks", when=(When("bidder_tricks"),)),
            ),
        ),
        show=Show(signed=True, last_head=HEADLINE),
    )

    def record(self, fields: Mapping[str, object]) -> SoloDeal:
        refuse_unknown(fields, self.fields, self.title)
        contract = _read_contract(fields)
        seats = self.seats
        tricks = read_count(fields, "bidder_tricks", M_("the bidding side's tricks"))
        if tricks is None and contract is not Contract.PASS:
            raise DealError(M_("enter the tricks the bidding side took"))
        return SoloDeal(
            contract,
            read_seat(fields, "bidder", M_("the bidder"), seats),
            read_seat(fields, "partner", M_("the partner (cop)"), seats),
            tricks or 0,
            read_seat(fields, "revoker", M_("the player who revoked"), seats),
        )

    def score(self, table: ClubTable, deal: SoloDeal) -> ScoreChange:
        if deal.contract is Contract.PASS:
            return ScoreChange()
        assert deal.bidder is not None  # checked by SoloDeal
        payments = solo_payments(
            deal.contract,
            deal.bidder,
            deal.partner,
            bidder_tricks=deal.bidder_tricks,
            seats=table.parties,
            revoker=deal.revoker,
        )
        lines = tuple(Line(seat, payments[seat], deal.contract.value) for seat in table.parties)
        return replace(ScoreChange(lines=lines), night=lines)

    # ---------------------------------------------------------------- words (issue 22)
    # What the hall and the sheets show of the game (whist/formats/base.py, ClubGame).
    has_games: ClassVar[bool] = False

    def rules_summary(self, target: int | None = None) -> tuple[Words, ...]:
        return (
            Words(
                R_(
                    "Contracts (tricks needed, value): prop and cop (8, 10), solo (5, 10), "
                    "misère (0, 15), abondance (9, 20), royal abondance (9, 20), misère ouverte "
                    "(0, 30), abondance déclarée (13, 40), or pass. Made: each defender pays the "
                    "value and 1 a trick over; failed: the bidder pays each the value and 1 a "
                    "trick short (misères and déclarée: the value only). A revoke moves 3 tricks."
                )
            ),
        )


RULES = Solo()
