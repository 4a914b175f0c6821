"""``whist-hub tally`` for a club night typed in from paper."""

from click.testing import CliRunner

from hub.cli import main

MINNESOTA_SHEET = """table,granded,ns_tricks,ew_tricks,ns_revokes,ew_revokes
1,NS,10,3,,
2,low,,4,,
1,NS,5,8,,
2,EW,0,,,
2,ew,,13,,
"""


def tally(tmp_path, text, *args):
    sheet = tmp_path / "night.csv"
    sheet.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["tally", *args, str(sheet)])
    return result.exit_code, result.output


def test_tally_minnesota_prints_the_standings(tmp_path):
    code, out = tally(tmp_path, MINNESOTA_SHEET, "--format", "minnesota")
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0] == "Minnesota whist: 2 tables"
    # Table 2: EW 3 (low), then 7 + 7 = 14 with two grands: one game, 17 points.
    assert lines[2].split() == ["1", "2", "EW", "1", "17"]
    assert lines[3].split() == ["2", "1", "NS", "0", "4"]
    assert lines[4].split() == ["2", "1", "EW", "0", "4"]


def test_tally_english_counts_rubbers(tmp_path):
    sheet = (
        "table,trump,ns_tricks,honours,honours_held,ns_revokes,ew_revokes\n"
        "1,♠,13,,,,\n1,h,10,NS,4,,\n"
    )
    code, out = tally(tmp_path, sheet, "--format", "english")
    assert code == 0, out
    assert "rubbers" in out.splitlines()[1]
    # 7 a game, then 4 by tricks and 4 by honours, then the rubber's 2: every point (EN9)
    assert out.splitlines()[2].split() == ["1", "1", "NS", "1", "17"]


def test_tally_names_the_line_it_refuses(tmp_path):
    sheet = "table,trump,ns_tricks,ew_tricks,ns_revokes,ew_revokes\n1,,7,6,,\n3,,8,6,,\n"
    code, out = tally(tmp_path, sheet, "--format", "american")
    assert code == 2
    assert "line 3 (table 3): NS 8 and EW 6 tricks make 14, but a deal has 13 tricks" in out


def test_tally_needs_the_columns(tmp_path):
    code, out = tally(tmp_path, "table,trump\n1,hearts\n", "--format", "american")
    assert code == 2
    assert "line 1: the columns ns_revokes, ew_revokes, ns_tricks or ew_tricks are missing" in out


def test_tally_with_the_leaders_target(tmp_path):
    sheet = "table,trump,ns_tricks,ns_revokes,ew_revokes\n1,,10,,\n"
    code, out = tally(tmp_path, sheet, "--format", "american", "--target", "4")
    assert code == 0 and out.splitlines()[2].split() == ["1", "1", "NS", "1", "4"]


def test_a_french_sheet_s_words_are_read_too():
    """The French sheets say what the French screens say (« EO », « O », « Emballage »,
    « Abondance royale », « tous passent »): a volunteer who types them in is understood."""
    from whist.formats import Format

    english = Format.ENGLISH.club
    minnesota = Format.MINNESOTA.club
    solo = Format.SOLO.club
    held = {"trump": "♠", "ns_tricks": "3", "honours": "EO", "honours_held": "4"}
    assert english.record(held).honours == "EW"
    assert minnesota.tally([{"table": "1", "granded": "E-O", "ew_tricks": "9"}])[1].score_of(
        "EW"
    ) == minnesota.tally([{"table": "1", "granded": "EW", "ew_tricks": "9"}])[1].score_of("EW")
    prop = solo.record({"contract": "Emballage", "bidder": "O", "partner": "E", "bidder_tricks": 8})
    assert (prop.contract.value, prop.bidder, prop.partner) == ("prop", "W", "E")
    royal = solo.record({"contract": "abondance royale", "bidder": "N", "bidder_tricks": 9})
    assert royal.contract.value == "royal_abondance"
    assert solo.record({"contract": "Tous passent"}).contract.value == "pass"
