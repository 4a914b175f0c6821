"""The leader's console on a night of a game played each for oneself (Widow, Solo, Knockout,
8-to-1 bidding whist): a deal in words by player name, and the correction form's rows (the
choices and each player's counts) with no Kivy.

The hub checks every corrected deal by the game's rules (tricks adding up, a bid beyond the
round's cards…) and says why it refuses one; the form only offers the fields the game reads.

>>> flat_to_record({"tricks_1": 4, "tricks_2": 9, "widow": "none"})
{'tricks': {'1': 4, '2': 9}, 'widow': 'none'}
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache, partial

from console.i18n import N_, ConsoleTranslator
from uikit.i18n import Language, Translator, load_domain
from uikit.viewmodel import ButtonVM
from whist.formats import TRICKS
from whist.formats.entry import Ask, EntrySchema, Page, in_turn
from whist.protocol import ClubLine, ClubRules

#: What each field a page of the entry schema sets is called on the form (a field, never a
#: game: the form's rows come from the schema's pages).
#: ("widow" here is the record's field, who took the widow; pairs, so the game-names check
#: does not take the field for the game.)
FIELD_LABELS = dict(
    (
        ("widow", N_("Took the widow")),
        ("contract", N_("Contract")),
        ("bidder", N_("Bidder")),
        ("partner", N_("Partner")),
        ("revoker", N_("Revoke")),
        ("bidder_tricks", N_("Tricks made")),
    )
)
#: The fields of the core's entry the deal is said with.
BID, TRICKS_OF, BIDDER_TRICKS = "bid", "tricks", "bidder_tricks"
#: What a score line is for (ClubLine.why, before its colon), in the leader's words; a
#: contract's name comes from the entry schema.
_WHY = dict(
    (
        ("tricks", N_("tricks")),
        ("widow", N_("with the widow")),
        ("exact", N_("bid made")),
        ("missed", N_("bid missed")),
    )
)
#: Who a seat is: the player's name, from the night's standings.
Namer = Callable[[str], str]


@lru_cache(maxsize=4)
def schema_words(language: Language) -> Translator:
    """The entry schema's words (an option's label: a contract's name) as the players read
    them: the schema's message ids are in the kiosk's catalog (``E_``), which the console
    reads for the few it shows."""
    return Translator(language, load=partial(load_domain, "kiosk"))


def pages(entry: EntrySchema | None) -> Iterator[tuple[Page, bool]]:
    """The schema's pages in order, each page opened aside after the page it is opened
    from (and only when that page applies); with True for a page opened aside."""
    for page in entry.pages if entry is not None else ():
        yield page, False
        if page.aside is not None:
            yield replace(page.aside, when=page.when + page.aside.when), True


def shows(page: Page, fields: Mapping[str, object]) -> bool:
    """The form shows ``page``: what it depends on is entered, and its condition holds (a
    bidder only once a contract other than "everyone passed" is chosen)."""
    return all(w.field in fields for w in page.when) and page.applies(fields)


def option_label(tr: ConsoleTranslator, club: ClubRules, value: str) -> str | None:
    """The label of the schema's option ``value`` (a contract), as said within a sentence
    (``prop and cop``, « emballage »); None when no page offers it."""
    for page, _ in pages(club.entry):
        for option in page.options:
            if option.value == value:
                said = schema_words(tr.language).t(option.label)
                return said[:1].lower() + said[1:]
    return None


def tidy(club: ClubRules, fields: Mapping[str, str | int]) -> dict[str, str | int]:
    """``fields`` without what no longer applies: the fields of pages whose condition fails
    (a bidder once everyone passed), a player the page leaves out (the bidder as partner)."""
    kept = dict(fields)
    for page, _ in pages(club.entry):
        keys = [k for k in kept if k == page.field or k.startswith(f"{page.field}_")]
        if page.each is None:
            keys = [k for k in keys if k == page.field]
        if not shows(page, kept):
            for key in keys:
                kept.pop(key, None)
        elif page.leave_out and kept.get(page.field) == kept.get(page.leave_out):
            kept.pop(page.field, None)
    return kept


def choice_page(club: ClubRules, field: str) -> tuple[Page, bool] | None:
    """The schema's choice page that sets ``field`` (and whether it is opened aside)."""
    return next(
        ((p, aside) for p, aside in pages(club.entry) if p.field == field and p.ask is Ask.CHOICE),
        None,
    )


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
    tr: ConsoleTranslator,
    club: ClubRules,
    record: Mapping[str, str | int],
    seats: Sequence[str],
    name: Namer,
) -> str:
    """A deal as entered: ``widow: Margaret · tricks Eleanor 3, Margaret 6, Harold 4``."""
    parts = []
    contract = record.get("contract")
    if isinstance(contract, str):
        text = option_label(tr, club, contract) or contract
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


def lines_text(
    tr: ConsoleTranslator, club: ClubRules, lines: Sequence[ClubLine], name: Namer
) -> str:
    """What a deal scored, by name: ``Eleanor +11 (prop and cop), Margaret -11, ...``."""
    said = []
    for line in lines:
        why = line.why.partition(":")[0]
        known = tr.t(_WHY[why]) if why in _WHY else option_label(tr, club, why)
        said.append(f"{name(line.party)} {line.points:+d} ({known or why})")
    return ", ".join(said) if said else tr.t("no score")


@dataclass(frozen=True)
class FormRows:
    """The correction form's rows for these games: up to four choices (each a label, its
    buttons and what each stands for, ``key=value``) and up to seven players' counts (a label
    and its buttons: minus, the count, plus, for the bid and the tricks; ``key:delta``)."""

    choices: tuple[tuple[str, tuple[ButtonVM, ...], tuple[str, ...]], ...]
    counts: tuple[tuple[str, tuple[ButtonVM, ...], tuple[str, ...]], ...]
    ready: bool
    #: the players in the order the rows list them (from the dealer's left for bids)
    order: tuple[str, ...] = ()


def form_rows(
    tr: ConsoleTranslator,
    club: ClubRules,
    fields: Mapping[str, str | int],
    seats: Sequence[str],
    name: Namer,
    dealer: str | None = None,
) -> FormRows:
    """The rows for a game of ``club``, drawn from its entry schema (``ClubRules.entry``, as
    the hub publishes it): each choice page that applies to what is entered is a row of
    buttons (a player, one of the page's options, "Nobody"), each count a stepper; a count
    asked of each player is a row per player, from the dealer's left when the page asks the
    players in turn (``Page.from_dealer``: the bids)."""

    def pick(text: str, on: bool) -> ButtonVM:
        return ButtonVM(text, role="selected" if on else "normal")

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

    def counted(field: str) -> Callable[[int], str]:
        if field == BID:
            return lambda n: tr.t("bid {n}")
        return lambda n: tr.nt("{n} trick", "{n} tricks", n)

    def label(field: str) -> str:
        return tr.t(FIELD_LABELS[field]) if field in FIELD_LABELS else field

    words = schema_words(tr.language)
    people = [(s, name(s)) for s in seats]
    choices = []
    counts = []
    per_player: dict[str, tuple[tuple[ButtonVM, ...], tuple[str, ...]]] = {}
    in_order = list(seats)
    ready = True
    for page, aside in pages(club.entry):
        if not shows(page, fields) or page.ask is Ask.GO:
            continue
        if page.ask is Ask.CHOICE:
            if page.options:
                options = [(o.value, words.t(o.label)) for o in page.options]
            else:
                left_out = fields.get(page.leave_out) if page.leave_out else None
                options = [p for p in people if p[0] != left_out]
            nobody = [("none", tr.t("Nobody"))]
            options = {"first": nobody + options, "last": options + nobody}.get(
                page.nobody, options
            )
            chosen = str(fields.get(page.field, "none"))
            choices.append(
                (
                    label(page.field),
                    tuple(pick(text, value == chosen) for value, text in options),
                    tuple(f"{page.field}={value}" for value, _ in options),
                )
            )
            ready = ready and (aside or bool(page.nobody) or page.field in fields)
        elif page.each is not None:
            if page.from_dealer and dealer is not None:
                in_order = in_turn(seats, club.seats, dealer)
            for seat in seats:
                buttons, args = stepper(page.key(seat), counted(page.field))
                before = per_player.get(seat, ((), ()))
                per_player[seat] = (before[0] + buttons, before[1] + args)
            ready = ready and any(k.startswith(f"{page.field}_") for k in fields)
        else:
            buttons, args = stepper(page.field, counted(page.field))
            counts.append((label(page.field), buttons, args))
            ready = ready and page.field in fields
    for seat in in_order:
        if seat in per_player:
            counts.append((name(seat), *per_player[seat]))
    return FormRows(
        choices=tuple(choices),
        counts=tuple(counts),
        ready=ready and club.entry is not None,
        order=tuple(in_order),
    )
