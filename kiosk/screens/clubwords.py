"""A partnership club game's words (Minnesota, English, American whist): the sides, why a
line scored, a deal as entered. Shared by the club night's screens."""

from __future__ import annotations

from collections.abc import Sequence

from kiosk import words
from kiosk.i18n import N_, Translator
from whist.formats import TRICKS
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


def record_text(
    tr: Translator, fields: Sequence[str], record: dict[str, str | int], *, full: bool = False
) -> str:
    """A deal as entered: ``NS grand · NS 9 · EW 4 tricks`` (tricks as tapped); ``full``
    names the partnerships in full, for the players to check before they agree."""
    parts = []
    granded = record.get("granded")
    names = PARTY_NAMES if full else PARTY_SHORT
    if granded == "low":
        parts.append(tr.t("Everyone low"))
    elif granded in ("NS", "EW"):
        parts.append(tr.t("{party} grand").format(party=tr.t(names[str(granded)])))
    trump = record.get("trump")
    if isinstance(trump, str) and full:
        parts.append(words.trump_line(tr, trump))
    elif isinstance(trump, str):
        parts.append(f"{words.trump_symbol(tr, trump)} {words.trump_name(tr, trump)}")
    ns = record.get("ns_tricks")
    ns = ns if isinstance(ns, int) else _other(_int(record.get("ew_tricks")))
    if ns is not None and full:
        parts.append(tr.t("North-South {ns} · East-West {ew} tricks").format(ns=ns, ew=TRICKS - ns))
    elif ns is not None:
        parts.append(tr.t("NS {ns} · EW {ew} tricks").format(ns=ns, ew=TRICKS - ns))
    text = ("\n" if full else " · ").join(parts)
    if not full:  # the score's last deal: one line; its honours are in its scored lines
        return text
    extra = [_honours_text(tr, fields, record)]
    extra.append(words_revokes(tr, _int(record.get("ns_revokes")), _int(record.get("ew_revokes"))))
    return "\n".join([text, *(e for e in extra if e)])


def _honours_text(tr: Translator, fields: Sequence[str], record: dict[str, str | int]) -> str:
    if "honours" not in fields:
        return ""
    side, held = record.get("honours"), record.get("honours_held")
    if side is None:
        return tr.t("Honours: none")
    return tr.t("Honours: {party} held {n}").format(party=tr.t(PARTY_SHORT[str(side)]), n=held)


def _other(tricks: int | None) -> int | None:
    return None if tricks is None else TRICKS - tricks


def _int(value: object) -> int | None:
    return value if isinstance(value, int) else None


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


def words_revokes(tr: Translator, ns: int | None, ew: int | None) -> str:
    parts = []
    if ns:
        parts.append(tr.nt("NS {n} revoke", "NS {n} revokes", ns).format(n=ns))
    if ew:
        parts.append(tr.nt("EW {n} revoke", "EW {n} revokes", ew).format(n=ew))
    return " · ".join(parts)
