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

from console.i18n import M_, ConsoleTranslator
from uikit.viewmodel import ButtonVM
from whist.protocol import ClubLine

#: The games this module serves (ClubRules.name).
GAMES = frozenset({"widow", "solo", "knockout", "eight-to-one"})
TRICKS = 13
CONTRACTS = (
    "pass",
    "prop",
    "solo",
    "misere",
    "abondance",
    "royal_abondance",
    "misere_ouverte",
    "abondance_declaree",
)
CONTRACT_NAMES = {
    "pass": M_("everyone passed"),
    "prop": M_("prop and cop"),
    "solo": M_("solo"),
    "misere": M_("misère"),
    "abondance": M_("abondance"),
    "royal_abondance": M_("royal abondance"),
    "misere_ouverte": M_("misère ouverte"),
    "abondance_declaree": M_("abondance déclarée"),
}
_WHY = {
    "tricks": M_("tricks"),
    "widow": M_("with the widow"),
    "exact": M_("bid made"),
    "missed": M_("bid missed"),
}
#: Who a seat is: the player's name, from the night's standings.
Namer = Callable[[str], str]


def is_individual(name: str | None) -> bool:
    return name in GAMES


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
    game: str,
    fields: Mapping[str, str | int],
    seats: Sequence[str],
    name: Namer,
) -> FormRows:
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
    choices = []
    counts = []
    ready = False
    if game == "widow":
        choices.append(choice(tr.t("Took the widow"), "widow", [*people, ("none", tr.t("Nobody"))]))
    if game == "solo":
        contract = fields.get("contract")
        choices.append(
            choice(
                tr.t("Contract"),
                "contract",
                [(c, tr.t(CONTRACT_NAMES[c])) for c in CONTRACTS],
            )
        )
        ready = contract is not None
        if contract not in (None, "pass"):
            choices.append(choice(tr.t("Bidder"), "bidder", people))
            if contract == "prop":
                bidder = fields.get("bidder")
                choices.append(
                    choice(tr.t("Partner"), "partner", [p for p in people if p[0] != bidder])
                )
            choices.append(choice(tr.t("Revoke"), "revoker", [("none", tr.t("Nobody")), *people]))
            buttons, args = stepper("bidder_tricks", tricks)
            counts.append((tr.t("Tricks made"), buttons, args))
            ready = "bidder" in fields and "bidder_tricks" in fields
    else:
        for seat, who in people:
            buttons, args = stepper(f"tricks_{seat}", tricks)
            if game == "eight-to-one":
                bid_buttons, bid_args = stepper(f"bid_{seat}", lambda n: tr.t("bid {n}"))
                buttons, args = bid_buttons + buttons, bid_args + args
            counts.append((who, buttons, args))
        ready = any(k.startswith("tricks_") for k in fields)
    return FormRows(choices=tuple(choices), counts=tuple(counts), ready=ready)
