"""Zone-order seating (docs/rules.md, A14): the core's rule, the file's fields, the CLI's CSV."""

import pytest
from click.testing import CliRunner

from hub.cli import main
from hub.service.files import read_spec
from whist.errors import PatternError
from whist.pattern import default_spec
from whist.spec import load_spec
from whist.zones import ZoneTeam, rank_in_listed_order, zone_order


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    return result.exit_code, result.output


def test_first_teams_of_every_zone_fill_the_first_tables():
    # a provincial final: 8 zones, two teams each, listed in no useful order
    teams = [ZoneTeam(f"Z{z}-{r}", {}, f"Zone {z}", r) for r in (2, 1) for z in range(8, 0, -1)]
    seated = zone_order(teams)
    assert [t.name for t in seated[:8]] == [f"Z{z}-1" for z in range(1, 9)]
    assert [t.name for t in seated[8:]] == [f"Z{z}-2" for z in range(1, 9)]


def test_zones_in_natural_order_and_a_short_zone_leaves_no_gap():
    teams = [
        ZoneTeam("ten", {}, "10", 1),
        ZoneTeam("two", {}, "2", 1),
        ZoneTeam("two-b", {}, "2", 2),
        ZoneTeam("nine", {}, "9", 1),
    ]
    assert [t.name for t in zone_order(teams)] == ["two", "nine", "ten", "two-b"]


def test_same_zone_and_rank_twice_is_refused():
    with pytest.raises(PatternError, match="both team 1 of zone 03"):
        zone_order([ZoneTeam("a", {}, "3", 1), ZoneTeam("b", {}, "03", 1)])


def test_listed_order_gives_the_ranks():
    teams = rank_in_listed_order([("a", {}, "North"), ("b", {}, "south"), ("c", {}, "north")])
    assert [(t.name, t.rank) for t in teams] == [("a", 1), ("b", 1), ("c", 2)]


def test_the_file_keeps_zone_and_rank_and_older_files_still_load(tmp_path):
    plain = default_spec("alberta", 4)
    data = plain.to_dict()
    assert "zone" not in data["teams"][0]  # TOML has no null
    assert load_spec(data) == plain
    data["teams"][0] |= {"zone": "1", "rank": 1}
    data["teams"][1] |= {"zone": "1", "rank": 2}
    spec = load_spec(data)
    assert (spec.team(1).zone, spec.team(1).rank, spec.team(3).zone) == ("1", 1, None)
    assert load_spec(spec.to_dict()) == spec


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"zone": "1"}, "team 1: give both zone and rank, or neither"),
        ({"zone": "2", "rank": 1}, "team 2: table 1 is already team 1 of zone 2"),
        ({"zone": "", "rank": 1}, "team 1: zone"),
    ],
)
def test_the_file_names_a_zone_problem(change, message):
    data = default_spec("alberta", 4).to_dict()
    data["teams"][1] |= {"zone": "2", "rank": 1}
    data["teams"][0] |= change
    with pytest.raises(PatternError, match=message):
        load_spec(data)


def write_csv(path, rows, header="team,zone,rank,A,B,X,Y"):
    path.write_text("\n".join([header, *rows]) + "\n", encoding="utf-8")
    return path


def test_new_with_a_teams_csv_seats_a_provincial_final(tmp_path):
    rows = [
        f"Team {z}{r},Zone {z},{r},A{z}{r},B{z}{r},X{z}{r},Y{z}{r}"
        for r in (2, 1)
        for z in (3, 8, 1, 5, 2, 7, 4, 6)
    ]
    teams = write_csv(tmp_path / "teams.csv", rows)
    out = tmp_path / "final.toml"
    code, text = run("new", "--format", "alberta", "--hands", 50, "--teams", teams, "--out", out)
    assert code == 0, text
    assert "16 tables" in text and "Seated in zone order" in text
    spec = read_spec(out)
    assert [t.name for t in spec.teams] == [f"Team {z}{r}" for r in (1, 2) for z in range(1, 9)]
    assert spec.team(9).players == {"A": "A12", "B": "B12", "X": "X12", "Y": "Y12"}
    assert (spec.team(9).zone, spec.team(9).rank) == ("Zone 1", 2)
    code, text = run("schedule", out)
    assert code == 0 and "Team 12" in text
    # Rules A20: each team's line names its zone ("Zone 1" is said as the file has it).
    assert "   Team 9 (Team 12, Zone 1): X X12 & Y Y12 at home, A A12 & B B12 to table " in text


def test_the_schedule_names_a_zone_given_as_a_number(tmp_path):
    rows = ["North,2,1,,,,", "South,10,1,,,,", "East,2,2,,,,"]
    out = tmp_path / "z.toml"
    teams = write_csv(tmp_path / "t.csv", rows)
    assert run("new", "--format", "alberta", "--teams", teams, "--out", out)[0] == 0
    code, text = run("schedule", out)
    assert code == 0 and "   Team 1 (North, zone 2): X & Y at home" in text
    code, text = run("schedule", out, "--language", "fr")
    assert code == 0 and "Équipe 2 (South, zone 10)" in text
    # A file without zones prints as before.
    plain = tmp_path / "p.toml"
    run("new", "--format", "alberta", "--tables", 3, "--out", plain)
    assert "zone" not in run("schedule", plain)[1]


def test_new_with_a_gaspesie_csv_without_ranks(tmp_path):
    rows = ["Est,Bas,Cap,Un,Deux,Trois", "Ouest,Haut,C2,U2,D2,T2", "Nord,Bas,C3,U3,D3,T3"]
    teams = write_csv(tmp_path / "t.csv", rows, header="Team,Zone,C,1,2,3")
    out = tmp_path / "g.toml"
    code, text = run("new", "--format", "gaspesie", "--teams", teams, "--out", out)
    assert code == 0, text
    spec = read_spec(out)
    assert [(t.name, t.zone, t.rank) for t in spec.teams] == [
        ("Est", "Bas", 1),
        ("Ouest", "Haut", 1),
        ("Nord", "Bas", 2),
    ]
    assert spec.team(1).players == {"C": "Cap", "1": "Un", "2": "Deux", "3": "Trois"}


@pytest.mark.parametrize(
    ("rows", "extra", "message"),
    [
        (["a,1,1,,,,", "b,1,1,,,,", "c,2,1,,,,"], [], "both team 1 of zone 1"),
        (["a,1,1,,,,", "b,1,,,,,", "c,2,1,,,,"], [], "every team a rank, or none"),
        (["a,1,x,,,,", "b,1,2,,,,", "c,2,1,,,,"], [], "line 2: rank must be a number"),
        (["a,,1,,,,", "b,1,2,,,,", "c,2,1,,,,"], [], "line 2: every team needs a name and a zone"),
        (["a,1,1,,,,", "b,1,2,,,,", "c,2,1,,,,"], ["--tables", "4"], "--tables 4 but"),
        (["a,1,1,,,,", "b,1,2,,,,"], [], "at least 3 tables"),
    ],
)
def test_new_with_a_bad_teams_csv_says_what_is_wrong(tmp_path, rows, extra, message):
    teams = write_csv(tmp_path / "t.csv", rows)
    out = tmp_path / "t.toml"
    code, text = run("new", "--format", "alberta", "--teams", teams, "--out", out, *extra)
    assert code == 2 and message in text, text
    assert not out.exists()


def test_new_needs_tables_or_teams(tmp_path):
    code, text = run("new", "--format", "alberta", "--out", tmp_path / "t.toml")
    assert code == 2 and "--tables" in text
