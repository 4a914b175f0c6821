"""The leader's console on a night of a game played each for oneself (Widow, Solo, Knockout,
8-to-1 bidding whist): a deal in words by player name, and the correction form's rows (the
choices and each player's counts) with no Kivy.

The form is the core's :class:`~whist.formats.draft.PlayersForm`, the kiosk's entry on one
page: it offers the fields the game reads, keeps the counts adding up to the round's cards
(the last player's is the rest) and builds the deal sent; the hub checks it by the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache, partial

from console.i18n import N_, ConsoleTranslator
from uikit.i18n import Language, Translator, load_domain
from uikit.viewmodel import ButtonVM
from whist.formats.draft import NOBODY, FormRow, PlayersForm
from whist.formats.entry import Ask, EntrySchema, Page
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


def option_label(tr: ConsoleTranslator, club: ClubRules, value: str) -> str | None:
    """The label of the schema's option ``value`` (a contract), as said within a sentence
    (``prop and cop``, « emballage »); None when no page offers it."""
    for page, _ in pages(club.entry):
        for option in page.options:
            if option.value == value:
                said = schema_words(tr.language).t(option.label)
                return said[:1].lower() + said[1:]
    return None


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


def form_rows(tr: ConsoleTranslator, form: PlayersForm, name: Namer) -> FormRows:
    """The rows of the core's form of a deal (its entry schema's pages, as the hub publishes
    it): each choice is a row of buttons (a player, one of the page's options, "Nobody"),
    each count a stepper; a count asked of each player is a row per player, in the order the
    page asks them (from the dealer's left for the bids: ``Page.from_dealer``); the last
    player's count, the rest, is shown and not stepped."""

    def pick(text: str, on: bool) -> ButtonVM:
        return ButtonVM(text, role="selected" if on else "normal")

    def stepper(row: FormRow) -> tuple[tuple[ButtonVM, ...], tuple[str, ...]]:
        key = row.step.key
        value = form.value_of(key)
        n = value if isinstance(value, int) else 0
        if row.step.page.field == BID:
            said = tr.t("bid {n}")
        else:
            said = tr.nt("{n} trick", "{n} tricks", n)
        shown = said.format(n=n if value is not None else "\N{EN DASH}")
        # from nothing entered, minus enters 0; the rest follows the others
        down = not row.derived and (value is None or n > 0)
        up = not row.derived and n < form.most_of(row)
        return (
            (
                ButtonVM("\N{MINUS SIGN}", enabled=down, role="normal" if down else "disabled"),
                ButtonVM(
                    shown, enabled=False, role="selected" if value is not None else "disabled"
                ),
                ButtonVM("+", enabled=up, role="normal" if up else "disabled"),
            ),
            (f"{key}:-1", f"{key}:0", f"{key}:1"),
        )

    def label(field: str) -> str:
        return tr.t(FIELD_LABELS[field]) if field in FIELD_LABELS else field

    words = schema_words(tr.language)
    choices = []
    counts = []
    per_player: dict[str, tuple[tuple[ButtonVM, ...], tuple[str, ...]]] = {}
    order: list[str] = []
    for row in form.rows():
        page, key = row.step.page, row.step.key
        if page.ask is Ask.CHOICE:
            labels = {o.value: words.t(o.label) for o in page.options}
            options = form.options_of(page)
            chosen = str(form.value_of(key) or NOBODY)
            texts = [
                tr.t("Nobody") if v == NOBODY else labels[v] if v in labels else name(v)
                for v in options
            ]
            choices.append(
                (
                    label(page.field),
                    tuple(pick(text, v == chosen) for v, text in zip(options, texts, strict=True)),
                    tuple(f"{key}={v}" for v in options),
                )
            )
        elif page.each is not None:
            if not order or page.from_dealer:
                order = form.asked(page)
            buttons, args = stepper(row)
            before = per_player.get(row.step.seat, ((), ()))
            per_player[row.step.seat] = (before[0] + buttons, before[1] + args)
        else:
            counts.append((label(page.field), *stepper(row)))
    for seat in order:
        if seat in per_player:
            counts.append((name(seat), *per_player[seat]))
    return FormRows(
        choices=tuple(choices),
        counts=tuple(counts),
        ready=form.complete and form.score.rules.entry is not None,
        order=tuple(order or form.players),
    )
