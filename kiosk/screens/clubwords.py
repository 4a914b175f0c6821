"""A partnership club game's words (Minnesota, English, American whist): the sides, why a
line scored. Shared by the club night's screens; a deal as entered is said in the words of
the game's entry schema (kiosk.individual.Said)."""

from __future__ import annotations

from kiosk.i18n import N_, Translator
from whist.protocol import ClubLine, ClubParty, ClubScore

PARTY_NAMES = {"NS": N_("North-South"), "EW": N_("East-West")}
PARTY_SHORT = {"NS": N_("NS"), "EW": N_("EW")}

#: Why a line of a deal scored (ClubLine.why), in the players' words.
_WHY = {
    "tricks": N_("tricks over six"),
    "grand": N_("grand made"),
    "grand_against": N_("grand beaten, two a trick"),
    "low": N_("low: tricks under seven"),
    "honours": N_("honours"),
    "revoke": N_("revoke"),
    "game": N_("the game"),
    "rubber": N_("the rubber"),
}
#: Why a line was struck out (the part of ClubLine.why after the colon).
_NOT_SCORED = {
    "game_over": N_("the game was already won"),
    "revoked": N_("a side that revoked cannot win the game"),
    "at_the_point": N_("honours do not count at the point"),
}


def party(score: ClubScore, name: str) -> ClubParty:
    return next(p for p in score.parties if p.party == name)


def games(tr: Translator, party: ClubParty, rubbers: bool, target: str) -> str:
    """``2 games · game to 13``; in rubbers, the games of the rubber in play and the rubbers
    won (the target of an English game is always the same: no room for it)."""
    if not rubbers:
        games = tr.nt("{n} game", "{n} games", party.games).format(n=party.games)
        return f"{games} · {target}"
    n = party.rubber_games
    in_play = tr.nt("Rubber: {n} game", "Rubber: {n} games", n).format(n=n)
    won = tr.nt("{n} rubber won", "{n} rubbers won", party.rubbers).format(n=party.rubbers)
    return f"{in_play} · {won}"


def _why(tr: Translator, why: str) -> str:
    return tr.t(_WHY[why]) if why in _WHY else why


def line(tr: Translator, line: ClubLine) -> str:
    return tr.t("{party} +{points} ({why})").format(
        party=tr.t(PARTY_SHORT[line.party]), points=line.points, why=_why(tr, line.why)
    )


def unscored(tr: Translator, line: ClubLine) -> str:
    why, _, because = line.why.partition(":")
    reason = tr.t(_NOT_SCORED[because]) if because in _NOT_SCORED else because
    return tr.t("Not scored: {party} {points} ({why}): {reason}").format(
        party=tr.t(PARTY_SHORT[line.party]), points=line.points, why=_why(tr, why), reason=reason
    )
