"""A deal of a partnership club game being entered (Minnesota, English, American whist): what
is entered, what is derived, when it is complete and what is sent.

The kiosk's keypad pages and the leader console's "enter a deal" form hold the same
:class:`PartnershipDraft` and turn taps into its intents; the pages and the options it
accepts are the game's entry schema's (:mod:`whist.formats.entry`). Pure data, no I/O.

>>> from whist.formats.entry import GRANDED_PAGE, REVOKE_GIVES, partnership_schema
>>> schema = partnership_schema(GRANDED_PAGE, revokes=REVOKE_GIVES, points=2)
>>> d = PartnershipDraft(deal=3).choose(schema, "granded", "NS").with_tricks(9)
>>> d.ew_tricks, d.complete(schema)
(4, True)
>>> d.record(schema).fields()
{'granded': 'NS', 'ns_tricks': 9}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from whist.formats.base import TRICKS
from whist.formats.entry import Ask, EntrySchema, Page
from whist.formats.partnership import MAX_REVOKES
from whist.protocol import ClubRules, DealRecord

Side = Literal["NS", "EW"]
#: The draft's fields a choice page may set: who granded, the trump, the honours.
CHOSEN = frozenset({"granded", "trump", "honours"})
#: The honours page's answer when nobody held three or four honours.
NO_HONOURS = "none"


def entry_of(rules: ClubRules) -> EntrySchema:
    """The game's entry schema as the hub published it (or, from a hub that predates it, the
    one this core declares for the game)."""
    from whist.formats import Format

    return rules.entry if rules.entry is not None else Format(rules.name).club.entry


def choice_pages(schema: EntrySchema) -> tuple[Page | None, Page | None]:
    """The game's choices around the tricks' keypad: the one before it (who granded, the
    trump) and the one after it (the honours); None where the game has none.

    >>> from whist.formats.entry import TRUMP_PAGE, partnership_schema
    >>> before, after = choice_pages(partnership_schema(TRUMP_PAGE, revokes=(), points=1,
    ...     honours=True))
    >>> before.field, after.field
    ('trump', 'honours')
    """
    pages = schema.pages
    count = next((i for i, p in enumerate(pages) if p.ask is Ask.COUNT), len(pages))

    def choice(among: tuple[Page, ...]) -> Page | None:
        return next((p for p in among if p.ask is Ask.CHOICE and p.field in CHOSEN), None)

    return choice(pages[:count]), choice(pages[count + 1 :])


def count_page(schema: EntrySchema) -> Page | None:
    """The keypad's page: North-South's tricks (East-West's are the rest)."""
    return next((p for p in schema.pages if p.ask is Ask.COUNT), None)


@dataclass(frozen=True)
class PartnershipDraft:
    """A deal being entered: its number, what is chosen and counted so far, and which side
    has agreed to it. Every intent answers a new draft (the same one when the tap is not
    allowed); the honours are ``NS3``, ``EW4``… as the honours page's options say.

    >>> d = PartnershipDraft(deal=1, ns_tricks=6).with_revokes("EW", 2)
    >>> d.ew_tricks, d.revokes("EW"), d.fields()
    (7, 2, {'ns_tricks': 6, 'ew_revokes': 2})
    >>> d.agree("NS").agree("EW").agreed
    True
    """

    deal: int
    granded: str | None = None
    trump: str | None = None
    ns_tricks: int | None = None
    honours: str | None = None
    ns_revokes: int = 0
    ew_revokes: int = 0
    ns_agrees: bool = False
    ew_agrees: bool = False

    # ------------------------------------------------------------------ what is derived
    @property
    def ew_tricks(self) -> int | None:
        """East-West's tricks: the rest of the deal's 13."""
        return None if self.ns_tricks is None else TRICKS - self.ns_tricks

    def revokes(self, side: Side) -> int:
        return self.ns_revokes if side == "NS" else self.ew_revokes

    @property
    def agreed(self) -> bool:
        """Both sides agree: the deal goes to the hub."""
        return self.ns_agrees and self.ew_agrees

    def complete(self, schema: EntrySchema) -> bool:
        """Everything the game needs is entered: the choice before the tricks (who granded,
        the trump) and North-South's tricks. The honours, unless chosen, are none."""
        before, _ = choice_pages(schema)
        chosen = before is None or getattr(self, before.field) is not None
        return chosen and self.ns_tricks is not None

    # ------------------------------------------------------------------ intents
    def choose(self, schema: EntrySchema, field: str, value: str) -> PartnershipDraft:
        """A choice page's answer (``granded``, ``trump``, ``honours``): one of the options
        the schema's page offers, else nothing changes. A changed deal is agreed again."""
        page = next((p for p in choice_pages(schema) if p is not None and p.field == field), None)
        if page is None or value not in [o.value for o in page.options]:
            return self
        chosen: dict[str, Any] = {field: value}
        return replace(self, **chosen).unagreed()

    def with_tricks(self, ns_tricks: int) -> PartnershipDraft:
        """North-South's tricks, 0 to 13 (anything else changes nothing)."""
        if not 0 <= ns_tricks <= TRICKS:
            return self
        return replace(self, ns_tricks=ns_tricks).unagreed()

    def with_revokes(self, side: Side, count: int) -> PartnershipDraft:
        """A side's established revokes, held within 0 and the most a deal has."""
        count = max(0, min(MAX_REVOKES, count))
        if side == "NS":
            return replace(self, ns_revokes=count).unagreed()
        return replace(self, ew_revokes=count).unagreed()

    def agree(self, side: Side) -> PartnershipDraft:
        return replace(self, ns_agrees=True) if side == "NS" else replace(self, ew_agrees=True)

    def unagreed(self) -> PartnershipDraft:
        """Agreement is to a deal as it stands: a change asks both sides again."""
        return replace(self, ns_agrees=False, ew_agrees=False)

    # ------------------------------------------------------------------ what is said, sent
    def values(self) -> dict[str, str | int]:
        """What is entered so far, by the fields the entry schema's texts read (the choice,
        North-South's tricks, the honours page's answer, each side's revokes)."""
        entered: dict[str, str | int | None] = {
            "granded": self.granded,
            "trump": self.trump,
            "ns_tricks": self.ns_tricks,
            "honours": self.honours,
            "ns_revokes": self.ns_revokes,
            "ew_revokes": self.ew_revokes,
        }
        return {k: v for k, v in entered.items() if v is not None}

    def fields(self, schema: EntrySchema | None = None) -> dict[str, str | int]:
        """The deal record's fields, as :meth:`record` sends them (only the game's choices
        when ``schema`` is given): honours split into who held them and how many."""
        choices = {p.field for p in choice_pages(schema) if p is not None} if schema else CHOSEN
        out: dict[str, str | int] = {}
        for name in ("granded", "trump"):
            value = getattr(self, name)
            if name in choices and value is not None:
                out[name] = value
        if self.ns_tricks is not None:
            out["ns_tricks"] = self.ns_tricks
        if "honours" in choices and self.honours not in (None, NO_HONOURS):
            assert self.honours is not None
            out["honours"], out["honours_held"] = self.honours[:2], int(self.honours[2])
        if self.ns_revokes:
            out["ns_revokes"] = self.ns_revokes
        if self.ew_revokes:
            out["ew_revokes"] = self.ew_revokes
        return out

    def record(self, schema: EntrySchema) -> DealRecord:
        """What the hub is sent: the fields the game's pages set, nothing else."""
        return DealRecord.model_validate(self.fields(schema))

    @classmethod
    def of(cls, deal: int, fields: Mapping[str, object]) -> PartnershipDraft:
        """A deal as recorded (a record's fields), to be entered again or corrected."""
        ns, ew = fields.get("ns_tricks"), fields.get("ew_tricks")
        party, held = fields.get("honours"), fields.get("honours_held")

        def text(name: str) -> str | None:
            value = fields.get(name)
            return value if isinstance(value, str) else None

        def count(name: str) -> int:
            value = fields.get(name)
            return value if isinstance(value, int) else 0

        return cls(
            deal=deal,
            granded=text("granded"),
            trump=text("trump"),
            ns_tricks=ns if isinstance(ns, int) else TRICKS - ew if isinstance(ew, int) else None,
            honours=f"{party}{held}" if party and held else NO_HONOURS,
            ns_revokes=count("ns_revokes"),
            ew_revokes=count("ew_revokes"),
        )
