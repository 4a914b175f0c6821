"""The leader's console on a night of a game played each for oneself (Widow, Solo, Knockout,
8-to-1 bidding whist): a deal in words by player name, and the correction form's rows (the
choices and each player's counts) with no Kivy.

The hub checks every corrected deal by the game's rules (tricks adding up, a bid beyond the
round's cards…) and says why it refuses one; the form only offers the fields the game reads.

>>> flat_to_record({"tricks_1": 4, "tricks_2": 9, "widow": "none"})
{'tricks': {'1': 4, '2': 9}, 'widow': 'none'}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import get_args

from console.i18n import N_, ConsoleTranslator
from uikit.viewmodel import ButtonVM
from whist.formats import TRICKS
from whist.protocol import ClubLine, SoloContractName

#: The contracts a table may enter, lowest first, as the core names them (rules SO1).
CONTRACTS: tuple[str, ...] = get_args(SoloContractName)
#: Each contract in the leader's words, in the order of :data:`CONTRACTS`.
CONTRACT_NAMES = dict(
    zip(
        CONTRACTS,
        (
            N_("everyone passed"),
            N_("prop and cop"),
            N_("solo"),
            N_("misère"),
            N_("abondance"),
            N_("royal abondance"),
            N_("misère ouverte"),
            N_("abondance déclarée"),
        ),
        strict=True,
    )
)
#: The fields of the core's entry that the form offers as a choice or a count.
WIDOW, CONTRACT, BIDDER, PARTNER, REVOKER = "widow", "contract", "bidder", "partner", "revoker"
BID, TRICKS_OF, BIDDER_TRICKS = "bid", "tricks", "bidder_tricks"
#: What a score line is for (ClubLine.why, before its colon), in the leader's words.
_WHY = dict(
    (
        ("tricks", N_("tricks")),
        (WIDOW, N_("with the widow")),
        ("exact", N_("bid made")),
        ("missed", N_("bid missed")),
    )
)
#: Who a seat is: the player's name, from the night's standings.
Namer = Callable[[str], str]


def flat_to_record(fields: Mapping[str, str | int]) -> dict[str, object]:
    """The form's flat fields (``tricks_N``, ``bid_3``) as a DealRecord takes them."""
    record: dict[str, object] = {}
    for key, value in fields.items():
        what, _, seat = key.partition("_")
        if what in ("tricks", "bid") and seat and key != "bidder_tricks":
            bucket = "bids" if what == "bid" else "tricks"
            record.setdefault(bucket, {})[seat] = value  # type: ignore[index]
        else:
            record[key] = value
    return record


def record_text(
    tr: ConsoleTranslator, record: Mapping[str, str | int], seats: Sequence[str], name: Namer
) -> str:
    """A deal as entered: ``widow: Margaret · tricks Eleanor 3, Margaret 6, Harold 4``."""
    parts = []
    contract = record.get("contract")
    if isinstance(contract, str):
        text = tr.t(CONTRACT_NAMES.get(contract, contract))
        bidder, partner = record.get("bidder"), record.get("partner")
        if bidder is not None:
            who = name(str(bidder))
            if partner is not None:
                who = tr.t("{a} & {b}").format(a=who, b=name(str(partner)))
            text = tr.t("{contract}: {who}").format(contract=text, who=who)
        parts.append(text)
    if "bidder_tricks" in record:
        n = record["bidder_tricks"]
        parts.append(tr.nt("{n} trick", "{n} tricks", int(n)).format(n=n))
    if "revoker" in record:
        parts.append(tr.t("revoke: {name}").format(name=name(str(record["revoker"]))))
    widow = record.get("widow")
    if widow is not None:
        taker = tr.t("nobody") if widow == "none" else name(str(widow))
        parts.append(tr.t("widow: {name}").format(name=taker))
    bids = [f"{name(s)} {record[f'bid_{s}']}" for s in seats if f"bid_{s}" in record]
    if bids:
        parts.append(tr.t("bids {list}").format(list=", ".join(bids)))
    tricks = [f"{name(s)} {record[f'tricks_{s}']}" for s in seats if f"tricks_{s}" in record]
    if tricks:
        parts.append(tr.t("tricks {list}").format(list=", ".join(tricks)))
    return " · ".join(parts)


def lines_text(tr: ConsoleTranslator, lines: Sequence[ClubLine], name: Namer) -> str:
    """What a deal scored, by name: ``Eleanor +11 (prop and cop), Margaret -11, ...``."""
    said = []
    for line in lines:
        why = line.why.partition(":")[0]
        said.append(
            f"{name(line.party)} {line.points:+d} "
            f"({tr.t(_WHY.get(why) or CONTRACT_NAMES.get(why) or why)})"
        )
    return ", ".join(said) if said else tr.t("no score")


@dataclass(frozen=True)
class FormRows:
    """The correction form's rows for these games: up to four choices (each a label, its
    buttons and what each stands for, ``key=value``) and up to seven players' counts (a label
    and its buttons: minus, the count, plus, for the bid and the tricks; ``key:delta``)."""

    choices: tuple[tuple[str, tuple[ButtonVM, ...], tuple[str, ...]], ...]
    counts: tuple[tuple[str, tuple[ButtonVM, ...], tuple[str, ...]], ...]
    ready: bool


def form_rows(
    tr: ConsoleTranslator,
    asks: Sequence[str],
    fields: Mapping[str, str | int],
    seats: Sequence[str],
    name: Namer,
) -> FormRows:
    """The rows for a game whose table enters ``asks`` (ClubRules.fields, as the hub
    publishes them): a widow's taker, a contract and its bidders, or each player's counts."""

    def pick(text: str, on: bool) -> ButtonVM:
        return ButtonVM(text, role="selected" if on else "normal")

    def choice(
        label: str, key: str, options: Sequence[tuple[str, str]]
    ) -> tuple[str, tuple[ButtonVM, ...], tuple[str, ...]]:
        chosen = str(fields.get(key, "none"))
        return (
            label,
            tuple(pick(text, value == chosen) for value, text in options),
            tuple(f"{key}={value}" for value, _ in options),
        )

    def stepper(
        key: str, label: Callable[[int], str]
    ) -> tuple[tuple[ButtonVM, ...], tuple[str, ...]]:
        value = fields.get(key)
        n = value if isinstance(value, int) else 0
        shown = label(n).format(n=n if value is not None else "\N{EN DASH}")
        return (
            (
                ButtonVM("\N{MINUS SIGN}", enabled=n > 0, role="normal" if n else "disabled"),
                ButtonVM(
                    shown, enabled=False, role="selected" if value is not None else "disabled"
                ),
                ButtonVM("+", enabled=n < TRICKS),
            ),
            (f"{key}:-1", f"{key}:0", f"{key}:1"),
        )

    def tricks(n: int) -> str:
        return tr.nt("{n} trick", "{n} tricks", n)

    people = [(s, name(s)) for s in seats]
    bids = any(a.startswith(f"{BID}_") for a in asks)
    choices = []
    counts = []
    ready = False
    if WIDOW in asks:
        choices.append(choice(tr.t("Took the widow"), WIDOW, [*people, ("none", tr.t("Nobody"))]))
    if CONTRACT in asks:
        contract = fields.get(CONTRACT)
        choices.append(
            choice(
                tr.t("Contract"),
                CONTRACT,
                [(c, tr.t(CONTRACT_NAMES[c])) for c in CONTRACTS],
            )
        )
        ready = contract is not None
        if contract not in (None, "pass"):
            choices.append(choice(tr.t("Bidder"), BIDDER, people))
            if contract == "prop" and PARTNER in asks:
                bidder = fields.get(BIDDER)
                choices.append(
                    choice(tr.t("Partner"), PARTNER, [p for p in people if p[0] != bidder])
                )
            choices.append(choice(tr.t("Revoke"), REVOKER, [("none", tr.t("Nobody")), *people]))
            buttons, args = stepper(BIDDER_TRICKS, tricks)
            counts.append((tr.t("Tricks made"), buttons, args))
            ready = BIDDER in fields and BIDDER_TRICKS in fields
    else:
        for seat, who in people:
            buttons, args = stepper(f"{TRICKS_OF}_{seat}", tricks)
            if bids:
                bid_buttons, bid_args = stepper(f"{BID}_{seat}", lambda n: tr.t("bid {n}"))
                buttons, args = bid_buttons + buttons, bid_args + args
            counts.append((who, buttons, args))
        ready = any(k.startswith(f"{TRICKS_OF}_") for k in fields)
    return FormRows(choices=tuple(choices), counts=tuple(counts), ready=ready)
