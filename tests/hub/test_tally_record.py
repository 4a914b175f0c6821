"""The night's record and its tally (issue 29, items 9 to 11): deals.csv carries each deal's
number, who entered it and any correction with its reason, and the players; ``tally`` still
reads it, prints the names, in the sheet's language with the French sheet's « O », says
"1 table", reads a name written where a seat is asked, and refuses deals out of order."""

from __future__ import annotations

import csv
import re

from click.testing import CliRunner

from hub.cli import main
from tests.clubnight import club_night, play
from tests.hub.test_club_core import ClubHarness, deal
from whist.events import DealCorrected
from whist.nightspec import default_night

SOLO = {"contract": "solo", "bidder": "N", "bidder_tricks": 6}
NAMES = {"N": "Eleanor", "E": "Margaret", "S": "Harold", "W": "Gérard"}


def tally(sheet, game, *extra):
    result = CliRunner().invoke(main, ["tally", "--format", game, *extra, str(sheet)])
    assert result.exit_code == 0, result.output
    return result.output.splitlines()


def test_deals_csv_keeps_the_deal_who_entered_it_and_the_correction_and_tally_reads_it(
    tmp_path,
):
    from hub.paper.export import export_night_csv

    night = club_night("solo", 1)
    play(night, 1, SOLO, SOLO | {"bidder": "E"})
    night.apply(DealCorrected(1, 2, SOLO | {"bidder": "W"}, "W bid, not E"))
    night.apply(DealCorrected(1, 3, SOLO, "the kiosk failed"))
    sheet = export_night_csv(night, tmp_path)[0]
    with sheet.open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    kept = [(r["deal"], r["bidder"], r["entered_by"], r["corrected"], r["reason"]) for r in rows]
    assert kept == [
        ("1", "N", "table", "", ""),
        ("2", "W", "leader", "yes", "W bid, not E"),
        ("3", "N", "leader", "", "the kiosk failed"),
    ]
    assert [rows[0][f"player_{s}"] for s in "NESW"] == ["Eleanor", "Margaret", "Harold", "Gérard"]
    assert all(not r["player_N"] for r in rows[1:])  # the names once, on the first deal
    lines = tally(sheet, "solo")
    assert lines[0] == "Solo whist: 1 table"
    assert lines[1].split() == ["rank", "table", "seat", "games", "points", "players"]
    held = {r.party: (r.rank, r.points) for r in night.standings()}
    printed = {w[2]: (int(w[0]), int(w[4]), w[5]) for w in (x.split() for x in lines[2:])}
    assert printed == {seat: (*held[seat], NAMES[seat]) for seat in "NESW"}


def test_tally_in_french_writes_o_for_west_and_french_words(tmp_path):
    night = club_night("solo", 2)
    play(night, 1, SOLO | {"bidder": "W"})
    from hub.paper.export import export_night_csv

    sheet = export_night_csv(night, tmp_path)[0]
    lines = tally(sheet, "solo", "--language", "fr")
    assert lines[0] == "Whist solo : 1 table"  # table 2 wrote no deal
    assert lines[1].split() == ["rang", "table", "place", "parties", "points", "joueurs"]
    seats = [line.split()[2] for line in lines[2:]]
    assert "O" in seats and "W" not in seats
    english = tally(sheet, "solo")
    assert "W" in [line.split()[2] for line in english[2:]]


def test_a_partnership_games_tally_names_the_partners(tmp_path):
    hub = ClubHarness(tmp_path / "hub.sqlite3", game="minnesota", tables=1)
    try:
        hub.deal(1, deal(1, 1, {"granded": "NS", "ns_tricks": 10}))
        assert hub.command("export")["ok"]
    finally:
        hub.store.close()
    lines = tally(tmp_path / "exports" / "deals.csv", "minnesota")
    assert lines[0] == "Minnesota whist: 1 table"
    # a night file without names: the seats stand for them
    assert [line.split()[:5] for line in lines[2:]] == [
        ["1", "1", "NS", "0", "4"],
        ["2", "1", "EW", "0", "0"],
    ]


def test_a_name_written_where_a_seat_is_asked_reads_as_that_seat(tmp_path):
    sheet = tmp_path / "typed.csv"
    sheet.write_text(
        "table,contract,bidder,partner,bidder_tricks,revoker,player_N,player_E,player_S,player_W\n"
        "1,solo,eleanor,,6,,Eleanor,Margaret,Harold,Gérard\n"
        "1,solo,O,,6,,,,,\n",
        encoding="utf-8",
    )
    lines = tally(sheet, "solo")
    first = {w[2]: int(w[4]) for w in (line.split() for line in lines[2:])}
    assert first["N"] == first["W"] > 0  # Eleanor's solo and West's (« O ») scored alike


def test_a_deal_out_of_order_is_refused_in_one_line(tmp_path):
    sheet = tmp_path / "typed.csv"
    sheet.write_text(
        "table,deal,contract,bidder,partner,bidder_tricks,revoker\n"
        "1,1,solo,N,,6,\n"
        "1,3,solo,N,,6,\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(main, ["tally", "--format", "solo", str(sheet)])
    assert result.exit_code == 2
    assert result.output.strip().count("\n") == 0
    assert "line 3 (table 1), column deal: deal 2 comes next" in result.output


def test_the_french_sheet_says_to_write_a_seat_letter():
    from hub.paper.clubsheets import club_sheet

    def words(html: str) -> str:
        # A heading of its own column is in two cells, one above the other (the lines its
        # column needs, its code below): put back together column by column.
        upper = re.findall(r'<th class="upper[^"]*">(.*?)</th>', html)
        lower = re.findall(r'<th class="lower[^"]*">(.*?)</th>', html)
        cells = [a + " " + b for a, b in zip(upper, lower, strict=True)]
        return " | ".join(" ".join(re.sub(r"<[^>]+>", " ", c).split()) for c in cells)

    html = words(club_sheet(default_night("solo", 1), "fr"))
    assert "Demandeur : N, E, S ou O" in html
    assert "Renonce : N, E, S ou O" in html
    assert "Bidder: N, E, S or W" in words(club_sheet(default_night("solo", 1), "en"))
