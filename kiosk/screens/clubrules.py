"""A club night's rules page (issue 24): the game's rules and tonight's house rules, which a
table opens at any time from its score screen (the **Rules** button) and closes with Back.

The words are the core's, as the sheets, the console and the hall say them: the game's
summary (``ClubGame.night_summary``, the sentences the score sheet prints) and the house
rules in force as the hub publishes them (``ClubRules.house_rules``). The screen translates
and lays them out; it names no game.

The players read them at the size of every text (nothing scrolls: a finger of 70 does not
know it can): what does not fit goes on the next page, sentence by sentence, behind
**Next page**.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace

from kiosk.i18n import Translator
from kiosk.screens.clubscore import ClubScreen
from kiosk.viewmodel import ButtonVM, ClubRulesVM, ViewModel
from uikit.games import game_title
from whist.formats import Format
from whist.protocol import ClubRules

#: What one page holds: eight lines of the kiosk's text below the title's row, of about 46
#: characters across 800 pixels (a French line of 52 measured, less what wrapping leaves).
PAGE_LINES = 8
LINE_CHARS = 46


def game_rules(tr: Translator, rules: ClubRules) -> list[str]:
    """The game's rules tonight, a sentence or two each, in the reader's language: what the
    score sheet prints, without the house rules (said apart, from the hub's list)."""
    house = [h.name for h in rules.house_rules or ()]
    game = Format(rules.name).club
    said = game.night_summary(rules.target or None, house)
    # night_summary ends with one sentence per house rule in force: those are said apart
    extra = len(game.house_rules_in_force(rules.target or None, house))
    return [w.say(tr.t) for w in said[: len(said) - extra]]


def house_rules(tr: Translator, rules: ClubRules) -> list[str]:
    """Tonight's house rules, in the hub's words (``ClubRules.house_rules``)."""
    return [tr.t(h.says).format(**h.values) for h in rules.house_rules or ()]


@dataclass(frozen=True)
class RulesPage:
    """One page: sentences of the game's rules, then house rules (each whole)."""

    game: tuple[str, ...] = ()
    house: tuple[str, ...] = ()

    def lines(self, width: int = LINE_CHARS) -> int:
        """About how many lines it takes: the game's sentences one paragraph, each house
        rule its own."""
        paragraphs = [" ".join(self.game)] if self.game else []
        return sum(math.ceil(len(p) / width) for p in [*paragraphs, *self.house])


def pages(
    game: list[str], house: list[str], most: int = PAGE_LINES, width: int = LINE_CHARS
) -> list[RulesPage]:
    """The game's sentences and the house rules, in order, on as few pages as hold them (a
    sentence is never cut).

    >>> [p.game for p in pages(["One. Two.", "Three."], ["House."], most=1, width=10)]
    [('One.', 'Two.'), ('Three.',), ()]
    """
    units = [("game", s) for text in game for s in re.split(r"(?<=\.)\s+", text) if s]
    units += [("house", h) for h in house]
    found = [RulesPage()]
    for kind, text in units:
        page = found[-1]
        if kind == "game":
            grown = replace(page, game=(*page.game, text))
        else:
            grown = replace(page, house=(*page.house, text))
        if page.lines(width) and grown.lines(width) > most:
            found.append(RulesPage(*(((text,), ()) if kind == "game" else ((), (text,)))))
        else:
            found[-1] = grown
    return found


class ClubRulesScreen(ClubScreen):
    """The night's rules, page by page; Back (or OK) returns to the score."""

    def view(self, vm: ViewModel) -> ViewModel:
        return replace(vm, club_rules=self.rules_vm())

    def rules_vm(self) -> ClubRulesVM:
        tr, desk = self.tr, self.desk
        s = desk.score
        assert s is not None
        rules = s.rules
        house = house_rules(tr, rules) or [tr.t("No house rules tonight.")]
        shown = pages(game_rules(tr, rules), house)
        n = desk.rules_page % len(shown)
        page = shown[n]
        title = tr.t("Rules: {game}").format(game=game_title(tr.t, rules.name, rules.title))
        if len(shown) > 1:
            title = f"{title} · {n + 1}/{len(shown)}"
        last = n + 1 == len(shown)
        return ClubRulesVM(
            title=title,
            game=" ".join(page.game),
            house="\n".join(page.house),
            more=ButtonVM(
                tr.t("First page") if last else tr.t("Next page"),
                visible=len(shown) > 1,
                enabled=len(shown) > 1,
            ),
            back=ButtonVM(tr.t("Back")),
        )
