"""Every refusal the club games can give a table has its template in both French catalogs
(the kiosk's and the console's), and the template filled in with its values is the English
reason the hub has always sent."""

from __future__ import annotations

from functools import cache

from babel.messages.pofile import read_po
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from uikit.i18n import LOCALE_DIR
from whist.errors import DealError
from whist.formats import ClubSettings, Format, NightLength

GAMES = Format.club_games()
SEATS = ("N", "E", "S", "W", "1", "2", "3", "4", "5", "6", "7")
KEYS = (
    "granded", "trump", "ns_tricks", "ew_tricks", "honours", "honours_held", "ns_revokes",
    "ew_revokes", "widow", "contract", "bidder", "partner", "bidder_tricks", "revoker",
    *(f"tricks_{s}" for s in SEATS), *(f"bid_{s}" for s in SEATS), "stray",
)  # fmt: skip
WORDS = (
    "NS", "EW", "low", "n-s", "N", "E", "S", "W", "1", "2", "3", "8", "none", "clubs",
    "hearts", "spades", "h", "nt", "solo", "prop", "pass", "misere", "abundance", "x", "",
    "  ", "-1", "13", "14", "true",
)  # fmt: skip
VALUES = st.one_of(st.integers(-3, 16), st.sampled_from(WORDS), st.booleans())


def records(game: Format) -> st.SearchStrategy[dict[str, object]]:
    """A deal's fields as a table or a sheet might send them: mostly the game's own."""
    own = st.sampled_from(game.game.fields)
    return st.dictionaries(own | st.sampled_from(KEYS), VALUES, max_size=8)


@cache
def translated(domain: str) -> frozenset[str]:
    with (LOCALE_DIR / "fr" / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
        return frozenset(m.id for m in read_po(f, locale="fr") if m.id and m.string)


def check(err: DealError) -> None:
    if err.text is None:  # a card's own error passed on (DealError.plain): no template
        return
    assert str(err) == err.reason == err.text.format(**err.values)
    for domain in ("kiosk", "leader"):
        assert err.text in translated(domain), (domain, err.text)
    assert all(isinstance(v, str | int) for v in err.values.values())


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.data(),
    game=st.sampled_from(GAMES),
    target=st.none() | st.integers(-1, 30),
    length=st.tuples(st.sampled_from(("open", "deals", "games")), st.integers(0, 3)),
    dealer=st.sampled_from(("", "N", "2", "Q")),
)
def test_every_refusal_of_a_bad_deal_has_its_template_in_both_french_catalogs(
    data, game, target, length, dealer
):
    club = game.game
    try:
        night = NightLength(*length)
        table = club.start(ClubSettings(target=target, length=night, first_dealer=dealer))
    except DealError as err:
        check(err)
        return
    for fields in data.draw(st.lists(records(game), min_size=1, max_size=6)):
        try:
            table = club.play(table, club.record(fields))
        except DealError as err:
            check(err)
