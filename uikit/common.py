"""What the console and the hall display both say and do: the set-up screen, the trump, the
hand in words, language switching.

The texts here belong to both gettext domains: tests and ``pybabel extract`` read this file
for the ``leader`` catalog and for the ``hall`` one (see hall/i18n.py).

>>> from console.i18n import translator
>>> trump_line(translator("fr"), "hearts")
'Atout\\xa0: ♥ Cœur'
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from uikit.config import ConfigProblem, Problem
from uikit.i18n import N_, ConsoleTranslator, Language, declare
from uikit.presenter import LanguageBase
from uikit.viewmodel import SetupVM
from whist.protocol import State

#: Texts whose French differs in a Gaspésie tournament: there a hand is a *manche*.
GASPESIE_WORDING = (
    declare.pt("manche", "Hand {n} of {total}"),
    declare.pt("manche", "Hand {n}"),
    declare.pt("manche", "Start hand {n}"),
    declare.pt("manche", "Close hand {n}"),
    declare.pt("manche", "Undo the start of hand {n}"),
    declare.pt("manche", "Before the first hand"),
    declare.pt("manche", "Last hand"),
    declare.pt("manche", "Hand {n} started. Trump: {trump}."),
    declare.pt("manche", "Hand {n} closed. Every table reported."),
    declare.pt("manche", "Table {table}, hand {n}: the correction is saved."),
    declare.pt("manche", "The start of hand {n} was taken back."),
    declare.pt("manche", "Start hand {n} of {total}?"),
    declare.pt("manche", "Close hand {n}?"),
    declare.pt("manche", "Take back the start of hand {n}?"),
    declare.pt("manche", "Table {table} · hand {n}"),
    declare.pt("manche", "Correct table {table}, hand {n}"),
    declare.pt("manche", "Every hand has been played."),
    declare.pt("manche", "Tie-breaks are played after the last hand is closed."),
)

SUIT_SYMBOLS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}
SUIT_NAMES = {
    "spades": N_("Spades"),
    "hearts": N_("Hearts"),
    "diamonds": N_("Diamonds"),
    "clubs": N_("Clubs"),
}
RED_SUITS = frozenset({"hearts", "diamonds"})
TRUMPS = ("spades", "hearts", "diamonds", "clubs", "none")


def trump_name(tr: ConsoleTranslator, trump: str | None) -> str:
    """``Hearts``, ``No trump``; ``Not chosen yet`` for None."""
    if trump is None:
        return tr.t("Not chosen yet")
    if trump == "none":
        return tr.t("No trump")
    return tr.t(SUIT_NAMES[trump])


def trump_symbol(tr: ConsoleTranslator, trump: str | None) -> str:
    if trump is None:
        return "?"
    if trump == "none":
        # TRANSLATORS: the short sign for "no trump" shown in place of a suit symbol
        return tr.pt("short", "NT")
    return SUIT_SYMBOLS[trump]


def trump_short(tr: ConsoleTranslator, trump: str | None) -> str:
    """``♥ Hearts``, ``No trump``."""
    if trump is None or trump == "none":
        return trump_name(tr, trump)
    return f"{SUIT_SYMBOLS[trump]} {trump_name(tr, trump)}"


def trump_line(tr: ConsoleTranslator, trump: str | None) -> str:
    """``Trump: ♥ Hearts``, ``Trump: No trump``."""
    return tr.t("Trump: {trump}").format(trump=trump_short(tr, trump))


def placed_by_words(tr: ConsoleTranslator, placed_by: str | None) -> str:
    """What placed a level team that the format's tie-break put on a place of its own
    (Standings.placed_by), said beside its name on the console and the hall.

    >>> from console.i18n import translator
    >>> placed_by_words(translator("en"), "countback")
    'placed by counting back'
    """
    if placed_by == "countback":
        return tr.t("placed by counting back")
    return tr.t("placed by the playoff")


def count_pending(state: State) -> bool:
    """Whether the day that has just ended is still being counted (rules A15, A19): some of
    its tables not counted yet, or a count that differs from the hub's. The standings are
    not final until it is done (an accepted count moves a team's score). Examples:
    tests/console/test_counts.py (a screen's module names no game, not even in an example).
    """
    last = state.counts[-1] if state.counts else None
    if not state.day_ended or last is None or last.day != state.day:
        return False
    return last.counted < state.tables or bool(last.differ)


def day_count_line(tr: ConsoleTranslator, state: State, *, name_tables: bool = False) -> str:
    """The last ended day's verifiers' count, from State (rules A15, A19): ``Day 1 count: 14
    of 16 tables counted, 1 differs.``; empty before any day has ended, and once the day is
    verified and the next day is being played. Examples: tests/console/test_counts.py.
    """
    if not state.counts:
        return ""
    last = state.counts[-1]
    differ = len(last.differ)
    if last.counted >= state.tables and not differ:
        if state.day > last.day:
            return ""
        if last.accepted:  # issue 25: what the leader accepted is said, with why
            return (
                tr.t("Day {d} count: every table counted.").format(d=last.day)
                + " "
                + (
                    " ".join(
                        tr.t("Table {table}: count accepted by the leader ({reason}).").format(
                            table=table, reason=tr.t(reason)
                        )
                        for table, reason in sorted(
                            last.accepted.items(), key=lambda kv: int(kv[0])
                        )
                    )
                )
            )
        return tr.t("Day {d} count: every table agrees.").format(d=last.day)
    line = tr.nt(
        "Day {d} count: {n} of {t} table counted",
        "Day {d} count: {n} of {t} tables counted",
        state.tables,
    ).format(d=last.day, n=last.counted, t=state.tables)
    if differ and name_tables:  # the console: which tables to go and see
        tables = ", ".join(str(t) for t in last.differ[:8]) + ("…" if differ > 8 else "")
        line += ", " + tr.nt("table {tables} differs", "tables {tables} differ", differ).format(
            tables=tables
        )
    elif differ:
        line += ", " + tr.nt("{k} differs", "{k} differ", differ).format(k=differ)
    return line + "."


def hand_label(tr: ConsoleTranslator, hand: int, hands: int) -> str:
    """``Hand 5 of 30`` (``Manche 5 sur 24`` in a Gaspésie tournament, in French)."""
    if hand == 0:
        return tr.t("Before the first hand")
    return tr.t("Hand {n} of {total}").format(n=hand, total=hands)


def language_button_text(tr: ConsoleTranslator) -> str:
    # TRANSLATORS: the language button shows the OTHER language, in that language:
    # "Français" on the English screen, "English" on the French one.
    return tr.t("Français")


# ====================================================================== set-up
_PROBLEMS = {
    "unreadable": N_("The file cannot be read: {detail}"),
    "syntax": N_("The file is not valid TOML: {detail}"),
    "missing": N_("“{key}” is missing."),
    "unknown_key": N_("“{key}” is not a setting this program knows."),
    "whole_number": N_("“{key}” must be a whole number."),
    "number": N_("“{key}” must be a number."),
    "text": N_("“{key}” must be a text in quotes."),
    "true_false": N_("“{key}” must be true or false."),
    "too_small": N_("“{key}” must be at least {limit}."),
    "too_large": N_("“{key}” must be at most {limit}."),
    "empty": N_("“{key}” must not be empty."),
    "choice": N_("“{key}” must be one of {limit}."),
    "bad_root": N_("“{key}” must be a topic root such as whist."),
    "other": N_("“{key}” is not valid: {detail}"),
}
#: The set-up screen lists at most this many lines of problems (the last says how many more).
MAX_PROBLEMS = 5


def problem_text(tr: ConsoleTranslator, p: Problem) -> str:
    template = _PROBLEMS.get(p.kind, _PROBLEMS["other"])
    return tr.t(template).format(key=p.key, limit=p.limit, detail=p.detail)


def setup_texts(tr: ConsoleTranslator, problem: ConfigProblem, login: str) -> dict[str, str]:
    """The set-up screen's texts: what is wrong, where the file goes, what to write in it."""
    if problem.missing:
        title = tr.t("This screen is not set up yet")
        lines = [tr.t("There is no settings file.")]
    else:
        title = tr.t("The settings file has a problem")
        lines = [problem_text(tr, p) for p in problem.problems]
        if len(lines) > MAX_PROBLEMS:
            more = len(lines) - (MAX_PROBLEMS - 1)
            lines = [
                *lines[: MAX_PROBLEMS - 1],
                tr.nt("…and {n} more problem.", "…and {n} more problems.", more).format(n=more),
            ]
    return {
        "title": title,
        "problems": "\n".join(lines),
        "file": tr.t("Settings file: {path}").format(path=home_path(problem.path)),
        "how": tr.t(
            "Write these lines in it. The password is printed at the end of "
            "“whist-hub credentials DATA” on the hub's computer:"
        ),
        "command": (
            f'host = "192.168.1.10"\nport = 1883\nusername = "{login}"\n'
            f'password = "…"\nlanguage = "{tr.language}"'  # the language shown now
        ),
        "then": tr.t("It starts by itself once the file is right."),
    }


def home_path(path: Path) -> str:
    # ~/.config/… is shorter to read than /home/leader/.config/…
    try:
        return "~/" + str(path.relative_to(Path.home()))
    except ValueError:
        return str(path)


# ====================================================================== presenters' base
V = TypeVar("V")
#: Makes the translator of a language (and a context: "manche" or None).
Translators = Callable[..., ConsoleTranslator]


class Base(LanguageBase[V, ConsoleTranslator]):
    """Language handling and change notification, shared by every presenter here (the
    table kiosk's own base, with the console's translator)."""


class SetupBase(Base[V]):
    """The set-up screen of the console or the hall display: what is wrong with its settings
    file, where it goes, what to write in it (for the login ``login``); ``_build`` puts
    :meth:`setup_view` in the app's own view-model."""

    #: The login the lines to write name ("leader", "hall").
    login = ""
    #: The app's catalog: makes its translator of a language.
    catalog: Callable[..., ConsoleTranslator]

    def __init__(
        self,
        problem: ConfigProblem,
        *,
        language: Language | None = None,
        translators: Translators | None = None,
    ) -> None:
        super().__init__(language, translators or self.catalog)
        self.problem = problem

    def update(self, problem: ConfigProblem) -> None:
        """The settings file read again, still wrong."""
        self.problem = problem
        self._changed()

    def setup_view(self) -> SetupVM:
        return SetupVM(**setup_texts(self.tr, self.problem, self.login))
