"""``whist-hub new`` and ``schedule``, as a leader types them."""

import json
from collections import Counter

import pytest
from click.testing import CliRunner

from hub.cli import main
from hub.service.files import read_spec
from tests.fresh import fresh_python
from whist.errors import PatternError
from whist.protocol import Assignment
from whist.views import schedule


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    return result.exit_code, result.output


def check_schedule(hands, tables):
    """Every hand: one visiting pair per table, nobody at home, away mirrors visitors."""
    visits = Counter()
    for hand in hands:
        assignments = [Assignment.model_validate(a) for a in hand]
        assert [a.table for a in assignments] == list(range(1, tables + 1))
        assert sorted(a.visitors.team for a in assignments) == list(range(1, tables + 1))
        for a in assignments:
            assert a.visitors.team != a.table and a.away.table != a.table
            assert assignments[a.away.table - 1].visitors.team == a.table
            visits[(a.table, a.away.table)] += 1
    return visits


@pytest.mark.parametrize(
    ("fmt", "tables", "hands"),
    [
        ("alberta", 5, 30),
        ("alberta", 5, 50),
        ("alberta", 16, 30),
        ("alberta", 16, 50),
        ("gaspesie", 11, None),
        ("gaspesie", 30, None),
    ],
)
def test_new_then_schedule_json_is_valid_and_balanced(tmp_path, fmt, tables, hands):
    out = tmp_path / "t.toml"
    args = ["new", "--format", fmt, "--tables", tables, "--out", out]
    if hands:
        args += ["--hands", hands]
    code, text = run(*args)
    assert code == 0, text
    assert f"{tables} tables" in text
    code, text = run("schedule", out, "--json")
    assert code == 0, text
    data = json.loads(text)
    assert len(data) == (hands or 24)
    visits = check_schedule(data, tables)
    if len(data) >= tables - 1:
        for team in range(1, tables + 1):
            seen = [visits[(team, other)] for other in range(1, tables + 1) if other != team]
            assert max(seen) - min(seen) <= 1


def test_schedule_text_for_a_person(tmp_path):
    out = tmp_path / "t.toml"
    run("new", "--format", "alberta", "--tables", 4, "--hands", 50, "--out", out)
    code, text = run("schedule", out)
    assert code == 0
    assert "== Day 1 of 2: hands 1 to 30 ==" in text and "== Day 2 of 2: hands 31 to 50 ==" in text
    assert "Hand 1 · trump: ♠ Spades · A & B go 1 table ahead · X & Y stay at home" in text
    assert "   Team 4: X & Y at home, A & B to table 1" in text


def test_new_refuses_to_overwrite(tmp_path):
    out = tmp_path / "t.toml"
    out.write_text("keep me")
    code, text = run("new", "--format", "alberta", "--tables", 4, "--out", out)
    assert code == 2 and "already exists" in text and out.read_text() == "keep me"
    code, _ = run("new", "--format", "alberta", "--tables", 4, "--out", out, "--force")
    assert code == 0 and read_spec(out).tables == 4


def test_new_refuses_bad_arguments(tmp_path):
    out = tmp_path / "t.toml"
    code, text = run("new", "--format", "bridge", "--tables", 4, "--out", out)
    assert code == 2 and "bridge" in text
    code, text = run("new", "--format", "alberta", "--tables", 2, "--out", out)
    assert code == 2 and "military whist needs at least 3 tables" in text
    code, text = run(
        "new", "--format", "minnesota", "--tables", 2, "--length", "rubbers:2", "--out", out
    )
    assert code == 2 and "Minnesota whist is won in games" in text
    code, text = run("new", "--format", "english", "--tables", 2, "--length", "games", "--out", out)
    assert code == 2 and "--length must be games:N" in text
    code, text = run("new", "--format", "english", "--tables", 2, "--hands", 3, "--out", out)
    assert code == 2 and "a club night has --length" in text
    assert not out.exists()


def test_new_and_schedule_of_a_club_night(tmp_path):
    out = tmp_path / "night.toml"
    code, text = run(
        "new",
        "--format",
        "english",
        "--tables",
        2,
        "--target",
        10,
        "--length",
        "rubbers:2",
        "--out",
        out,
    )
    assert code == 0 and "English whist, 2 tables; length: 2 rubbers" in text, text
    written = out.read_text()
    assert written.startswith("# Club night file (English whist)")
    assert "partners sit opposite" in written
    out.write_text(written.replace('N = ""', 'N = "Eleanor"', 1))
    code, text = run("schedule", out)
    assert code == 0, text
    assert "game to 10 points" in text
    assert "table   1: N Eleanor & S (no name yet) against E (no name yet)" in text
    code, text = run("schedule", out, "--json")
    data = json.loads(text)
    assert data["rules"]["name"] == "english" and data["rules"]["length_count"] == 2
    assert data["tables"][0]["partnerships"] == {"NS": ["Eleanor", ""], "EW": ["", ""]}
    assert [t["table"] for t in data["tables"]] == [1, 2]


def test_leader_trump_option(tmp_path):
    out = tmp_path / "t.toml"
    run("new", "--format", "gaspesie", "--tables", 4, "--leader-trump", "--out", out)
    code, text = run("schedule", out)
    assert code == 0 and "Manche 1 · atout annoncé par le meneur · 1 et 3 avancent" in text
    code, text = run("schedule", out, "--json")
    assert code == 0
    assert {a["trump"] for hand in json.loads(text) for a in hand} == {None}


@pytest.mark.parametrize(("fmt", "tables", "hands"), [("alberta", 5, 50), ("gaspesie", 7, 24)])
def test_schedule_json_is_the_views_schedule_byte_for_byte(tmp_path, fmt, tables, hands):
    out = tmp_path / "t.toml"
    run("new", "--format", fmt, "--tables", tables, "--hands", hands, "--out", out)
    code, text = run("schedule", out, "--json")
    expected = [[a.model_dump(mode="json") for a in hand] for hand in schedule(read_spec(out))]
    assert code == 0 and text == json.dumps(expected, ensure_ascii=False) + "\n"
    assert list(json.loads(text)[0][0]) == [
        "v", "hand", "hands", "day", "phase", "trump", "table", "home", "visitors", "away",
        "flags", "points",
    ]  # fmt: skip


def test_schedule_names_the_problem_in_an_edited_file(tmp_path):
    out = tmp_path / "t.toml"
    run("new", "--format", "alberta", "--tables", 4, "--out", out)
    text = out.read_text().replace('trump = "diamonds"', 'trump = "stars"', 1)
    out.write_text(text)
    code, message = run("schedule", out)
    assert code == 2
    assert message.startswith(f"whist-hub: {out}: pattern, hand 3: trump")


@pytest.mark.parametrize(
    ("content", "expected"),
    [(None, "no such file"), (b"\xff\xfe", "not a text file"), (b"name = ", "not valid TOML")],
)
def test_unreadable_files(tmp_path, content, expected):
    path = tmp_path / "t.toml"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(PatternError, match=expected):
        read_spec(path)
    code, text = run("schedule", path)
    assert code == 2 and expected in text


def test_edited_names_survive(tmp_path):
    out = tmp_path / "t.toml"
    run("new", "--format", "alberta", "--tables", 3, "--out", out, "--name", "Club night")
    text = out.read_text().replace('name = "Team 2"', 'name = "Les As de Gaspé"')
    out.write_text(text, encoding="utf-8")
    spec = read_spec(out)
    assert spec.name == "Club night" and spec.team(2).name == "Les As de Gaspé"


@pytest.mark.parametrize(
    ("args", "team", "title"),
    [
        (["--format", "gaspesie"], "Équipe 1", "Whist militaire"),
        (["--format", "alberta", "--language", "fr"], "Équipe 1", "Whist militaire"),
        (["--format", "alberta"], "Team 1", "Military whist"),
    ],
)
def test_new_writes_names_in_the_tournaments_language(tmp_path, args, team, title):
    out = tmp_path / "t.toml"
    code, output = run("new", *args, "--tables", 3, "--out", out)
    assert code == 0, output
    spec = read_spec(out)
    assert spec.teams[0].name == team and spec.name.startswith(title)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--format", "gaspesie"], "3 tables, 24 manches (1\u00a0jour\u00a0: 24)."),
        (["--format", "alberta", "--language", "fr"], "30 mains (1\u00a0jour\u00a0: 30)."),
        (["--format", "alberta", "--hands", "50"], "3 tables, 50 hands (2 days: 30 + 20)."),
    ],
)
def test_new_says_what_it_wrote_in_the_tournaments_words(tmp_path, args, said):
    """A Gaspésie tournament has manches, in French (issue 13)."""
    code, output = run("new", *args, "--tables", 3, "--out", tmp_path / "t.toml")
    assert code == 0, output
    first, then = output.splitlines()[:2]
    assert first.endswith(said), first
    assert then.endswith(f"whist-hub schedule {tmp_path / 't.toml'}")


def test_the_demos_name_is_in_the_tournaments_language():
    from whist.pattern import demo_name

    assert demo_name("gaspesie", 4) == "Démo, 4 tables"
    assert demo_name("alberta", 4) == demo_name("minnesota", 4) == "Demo, 4 tables"


def test_the_command_line_loads_no_bot_pattern_or_club_game():
    """``whist-hub serve`` of military whist runs in the process that read the command line:
    the bots, the built-in patterns and the club games' rules are loaded by the commands that
    use them, not by every one, and the hall feed's process only by a hub whose feed runs
    apart (issue 22, the hub's memory)."""
    code = (
        "import sys\nimport hub.cli, hub.service.serve\n"
        "print(sorted(m for m in ('whist.bot', 'whist.pattern', 'whist.formats.minnesota',\n"
        "      'whist.formats.solo', 'whist.formats.eight_to_one', 'hub.service.feedproc')\n"
        "      if m in sys.modules))\n"
    )
    assert fresh_python(code) == "[]"


#: What a military whist hub never uses, and so never loads, when it runs no join service and
#: no phones' page (with a broker of its own, as the benchmark's): a club night's rules and
#: handlers, the join service's HTTP server and handshake, the phones' page and its words,
#: the standard library's log handlers (pickle and sockets: hub/broker/logcap.py rotates its
#: own), Unicode's names.
NOT_FOR_A_TOURNAMENT = (
    "whist.night",
    "whist.formats.individual",
    "whist.formats.partnership",
    "hub.service.club",
    "hub.broker.provision",
    "http.server",
    "uikit.handshake",
    "hub.broker.phones",
    "uikit.i18n",
    "logging.handlers",
    "pickle",
    "unicodedata",
)


def test_a_tournaments_hub_loads_no_club_night_phones_or_log_handlers(tmp_path):
    """The hub's start as ``serve`` does it, up to a tournament's first result acknowledged
    and its log written to: none of NOT_FOR_A_TOURNAMENT is loaded (issue 22: each was loaded
    by every hub and used by some, about two megabytes in all)."""
    code = f"""
import json, logging, random, sys
from pathlib import Path
import hub.cli, hub.service.serve
from hub.service.batch import Inbound
from hub.service.core import HubCore
from hub.service.serve import setup_logging
from hub.service.store import EventStore
from whist.pattern import default_spec
from whist.protocol import build_models

build_models()
data = Path({str(tmp_path)!r})
setup_logging(data)
core = HubCore(EventStore(data / "whist.db"), default_spec("alberta", 4, 6), rng=random.Random(1))
start = {{"v": 1, "id": "c-1", "op": "start_hand", "hand": 1}}
core.handle([Inbound("command", None, json.dumps(start).encode())])
result = {{"v": 1, "id": "r-1", "hand": 1, "table": 1, "visitor_tricks": 8, "home_tricks": 5,
          "revokes": {{"home": 0, "visitors": 0}}}}
out = core.handle([Inbound("result", 1, json.dumps(result).encode())])
assert any(o.topic.endswith("/1/ack") for o in out)
logging.getLogger("whist.hub").warning("a line, to the file")
assert (data / "hub.log").read_text().count("a line, to the file") == 1
print(sorted(m for m in {NOT_FOR_A_TOURNAMENT!r} if m in sys.modules))
"""
    assert fresh_python(code) == "[]"
