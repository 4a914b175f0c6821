"""A club night's score screens: the partnerships' score (Minnesota, English, American
whist) or each player's (the games played each for oneself), and the bar's words above them.

Every number here is the hub's (:class:`~whist.protocol.ClubScore`): the screens lay it out.
"""

from __future__ import annotations

from dataclasses import replace

from kiosk import individual, notices, words
from kiosk.club import ClubDesk
from kiosk.i18n import Translator
from kiosk.screens.base import KioskScreen
from kiosk.screens.clubwords import (
    PARTY_NAMES,
    PARTY_SHORT,
    games,
    line,
    party,
    unscored,
)
from kiosk.viewmodel import ButtonVM, ClubScoreVM, ViewModel
from uikit.games import game_title
from whist.enums import Unit
from whist.protocol import ClubDealScored, ClubParty, ClubScore


class ClubScreen(KioskScreen):
    """A screen of a club night: the table's desk (:class:`kiosk.club.ClubDesk`) holds what
    the hub said and the deal being tapped in."""

    @property
    def desk(self) -> ClubDesk:
        desk = self.app.club
        assert desk is not None
        return desk

    def night_over(self, s: ClubScore) -> str:
        """Why no more deals are taken here."""
        tr = self.tr
        if s.ended:
            return tr.t("The leader has ended the night.")
        return tr.t("This table has played the whole night.")


def header_info(tr: Translator, desk: ClubDesk) -> tuple[str, str]:
    """What the bar says on a club night, at the reading type: the deal (or the round) and
    who deals, and a shorter wording for a narrow bar ("Harold deals": the deal's number is
    on the page's own button)."""
    s = desk.score
    if s is None:
        return "", ""
    if desk.over:
        return _same(game_title(tr.t, s.rules.name, s.rules.title))
    if desk.step is not None and desk.draft is not None:
        return _same(tr.t("Deal {n}").format(n=desk.draft.deal))
    if s.round is not None and individual.counts_rounds(s):
        # a game played in rounds: the players count rounds of the game, not deals of the
        # night (the round being entered, or sent and not yet scored)
        if desk.pending:
            return _same(tr.t("Round {r}").format(r=s.round.number))
        dealer = individual.seat_name(tr, s, s.dealer.seat)
        return (
            tr.t("Round {r} · {dealer} deals").format(r=s.round.number, dealer=dealer),
            tr.t("{dealer} deals").format(dealer=dealer),
        )
    if desk.step is not None and desk.flow is not None:
        return _same(tr.t("Deal {n}").format(n=desk.flow.draft.deal))
    if desk.individual:
        dealer = individual.seat_name(tr, s, s.dealer.seat)
    else:
        dealer = words.person(tr, s.dealer)
    if desk.pending:
        return _same(tr.t("Deal {n}").format(n=desk.next_deal))
    return (
        tr.t("Deal {n} · {dealer} deals").format(n=s.deal, dealer=dealer),
        tr.t("{dealer} deals").format(dealer=dealer),
    )


def _same(line: str) -> tuple[str, str]:
    return line, line


def banner(tr: Translator, desk: ClubDesk) -> tuple[str, str]:
    """The banner's one-off words, or the deals waiting in the outbox; and its one line."""
    if desk.notice:
        return tr.t(desk.notice), notices.short(tr, desk.notice)
    if desk.pending and desk.step != "pending":
        return notices.saved_deals(tr, len(desk.pending))
    return "", ""


class ClubScoreScreen(ClubScreen):
    """North-South and East-West: their score, games, the last deal; Enter deal n."""

    def view(self, vm: ViewModel) -> ViewModel:
        return replace(vm, club_score=self.score_vm())

    def score_vm(self) -> ClubScoreVM:
        tr, desk, call = self.tr, self.desk, self.call_button()
        s = desk.score
        assert s is not None
        ns, ew = (party(s, "NS"), party(s, "EW"))
        rubbers = s.rules.wins == Unit.RUBBERS
        target = tr.t("game to {target}").format(target=s.rules.target)
        end = self.night_over(s) if desk.over else ""
        # once the night is over, each partnership's place and what the night ranked it by
        # on its row, under its names (issue 25)
        places = {p.party: p for p in s.places} if desk.over else {}

        def detail(p: ClubParty) -> str:
            place = places.get(p.party)
            if place is not None:
                return individual.night_text(tr, s.rules, p, place, every=True)
            return games(tr, p, rubbers, target)

        return ClubScoreVM(
            title=tr.t("{game} · game to {target}").format(
                game=game_title(tr.t, s.rules.name, s.rules.title), target=s.rules.target
            ),
            ns_label=tr.t(PARTY_NAMES["NS"]),
            ns_players=tr.t("{party}: {players}").format(
                party=tr.t(PARTY_NAMES["NS"]), players=words.pair(tr, ns.players)
            ),
            ns_score=str(individual.shown_score(s, ns)),
            ns_detail=detail(ns),
            ew_label=tr.t(PARTY_NAMES["EW"]),
            ew_players=tr.t("{party}: {players}").format(
                party=tr.t(PARTY_NAMES["EW"]), players=words.pair(tr, ew.players)
            ),
            ew_score=str(individual.shown_score(s, ew)),
            ew_detail=detail(ew),
            # Once the night is over its end needs the room more than the last deal.
            last=""
            if desk.over
            else (
                self._last_text(s, s.last)
                if s.last is not None
                else words.no_deal_yet(tr, s.rules)  # the house rules in force, or "No deal yet."
            ),
            end=end,
            enter=ButtonVM(
                tr.t("Enter deal {n}").format(n=desk.next_deal),
                role="primary",
                visible=not desk.over,
                enabled=not desk.over,
            ),
            call=call,
            rules=ButtonVM(tr.t("Rules")),
        )

    def _last_text(self, s: ClubScore, last: ClubDealScored) -> str:
        tr = self.tr
        # the deal in the schema's short words, then what each line scored and why
        lines = [individual.record_summary(tr, s, last.deal, last.record)]
        scored = [line(tr, ln) for ln in last.lines]
        if scored:
            lines.append(" · ".join(scored))
        for ln in last.unscored:
            lines.append(unscored(tr, ln))
        won = [
            tr.t("{party} won the rubber").format(party=tr.t(PARTY_SHORT[last.rubber_won_by]))
            if last.rubber_won_by
            else "",
            tr.t("{party} won the game").format(party=tr.t(PARTY_SHORT[last.game_won_by]))
            if last.game_won_by and not last.rubber_won_by
            else "",
        ]
        lines += [w for w in won if w]
        if last.by == "leader":
            lines.append(
                tr.t("The leader corrected this deal.")
                if last.corrected
                else tr.t("The leader entered this deal.")
            )
        return "\n".join(lines)


class ClubPlayersScreen(ClubScreen):
    """A game played each for oneself: each player's score (:mod:`kiosk.individual`)."""

    def view(self, vm: ViewModel) -> ViewModel:
        tr, desk, call = self.tr, self.desk, self.call_button()
        s = desk.score
        assert s is not None
        end = self.night_over(s) if desk.over else ""  # each player's place is on their row
        waits = desk.waits_for_round
        enter = ButtonVM(
            tr.t("Enter deal {n}").format(n=desk.next_deal),
            role="primary" if not waits else "disabled",
            visible=not desk.over,
            enabled=not desk.over and not waits,
        )
        players = individual.players_vm(tr, s, over=desk.over, end=end, enter=enter, call=call)
        return replace(vm, club_players=replace(players, rules=ButtonVM(tr.t("Rules"))))
