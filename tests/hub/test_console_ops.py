"""The hub's answers to the leader console's queries: plan, results, ties, export, join_code;
and the printable sheets (hub/paper/sheets.py, ``whist-hub sheets``)."""

import json
import random

from click.testing import CliRunner

from hub.cli import main
from hub.paper.sheets import rotation_sheet, write_sheets
from hub.service.batch import Inbound
from hub.service.core import HubCore
from hub.service.files import write_spec
from hub.service.store import EventStore
from tests.hub.test_core import Harness, command, result
from whist.pattern import default_spec
from whist.protocol import (
    COMMANDS,
    REPLIES,
    ErrorData,
    JoinCodeData,
    PenaltyData,
    TieBreakResultData,
    TieBreakTrumpData,
    reply_data,
)


def test_plan_of_the_next_hand_and_of_any_hand(tmp_path):
    hub = Harness(tmp_path / "hub.sqlite3", tables=4, hands=6)
    reply = hub.command("plan")
    assert reply["ok"]
    assert reply["data"] == {
        "hand": 1,
        "hands": 6,
        "day": 1,
        "days": 1,
        "session": 1,
        "sessions": 2,
        "first_of_session": True,
        "travellers": ["A", "B"],
        "home": ["X", "Y"],
        "offset": 1,
        "previous_offset": None,
        "previous_travellers": None,
        "trump": "spades",
        "leader_chooses": False,
        "started": False,
        "end_day_first": False,
    }
    assert hub.command("start_hand", trump="none")["ok"]
    first = hub.command("plan", hand=1)["data"]
    assert (first["started"], first["trump"]) == (True, "none")  # what was played
    fourth = hub.command("plan", hand=4)["data"]
    assert (fourth["session"], fourth["first_of_session"], fourth["previous_offset"]) == (
        2,
        True,
        3,
    )
    refused = hub.command("plan", hand=7)
    assert refused["data"]["code"] == "finished" and not refused["ok"]
    # Nothing was written for a query but its remembered reply.
    assert hub.core.tournament.events == 2


def test_plan_says_when_the_leader_chooses_or_the_day_must_end(tmp_path):
    hub = Harness(tmp_path / "hub.sqlite3", tables=3, hands=31, leader_chooses_trump=True)
    data = hub.command("plan")["data"]
    assert (data["trump"], data["leader_chooses"]) == (None, True)
    for _ in range(30):
        assert hub.command("start_hand", cut=True)["ok"]
    day2 = hub.command("plan")["data"]
    assert (day2["hand"], day2["day"], day2["end_day_first"]) == (31, 2, True)


def test_results_per_hand_with_corrections_penalties_and_conflicts(tmp_path):
    hub = Harness(tmp_path / "hub.sqlite3", fmt="alberta", tables=4, hands=3)
    hub.command("start_hand")
    hub.result(2, result(2, tricks=10))
    hub.result(2, result(2, tricks=9, rid="again"))  # a conflict
    hub.command(
        "correct",
        hand=1,
        table=3,
        visitor_tricks=7,
        home_tricks=6,
        revokes={"home": 0, "visitors": 0},
        reason="from the paper sheet",
    )
    data = hub.command("results")["data"]
    assert data["hand"] == 1 and data["trump"] == "spades"
    assert data["missing"] == [1, 4]
    assert data["tables"] == [
        {
            "table": 2,
            "visitor_team": 1,
            "visitor_tricks": 10,
            "home_tricks": 3,
            "revokes": {"home": 0, "visitors": 0},
            "by": "kiosk",
            "corrections": [],
            "flags": 2,
        },
        {
            "table": 3,
            "visitor_team": 2,
            "visitor_tricks": 7,
            "home_tricks": 6,
            "revokes": {"home": 0, "visitors": 0},
            "by": "leader",
            "corrections": ["from the paper sheet"],
            "flags": 1,
        },
    ]
    assert data["conflicts"] == [
        {
            "table": 2,
            "id": "again",
            "visitor_tricks": 9,
            "home_tricks": 4,
            "revokes": {"home": 0, "visitors": 0},
        }
    ]
    one = hub.command("results", hand=1, table=3)["data"]
    assert [row["table"] for row in one["tables"]] == [3] and one["missing"] == []
    assert hub.command("results", hand=2)["data"]["code"] == "wrong_hand"
    assert hub.command("results", table=9)["data"]["code"] == "bad_table"


def test_gaspesie_results_show_points_and_penalties(tmp_path):
    hub = Harness(tmp_path / "hub.sqlite3", fmt="gaspesie", tables=3, hands=2)
    hub.command("start_hand")
    hub.result(1, result(1, tricks=8))
    hub.command("penalty", hand=1, table=1, side="visitors", reason="signalling")
    (row,) = hub.command("results")["data"]["tables"]
    assert row["points"] == {"home": 1, "visitors": 0}
    assert row["penalty"] == {"side": "visitors", "reason": "signalling"}


def _play_level(hub, hands):
    """Every table reports 6 visitor tricks: no flag moves, every team stays on 12."""
    for hand in range(1, hands + 1):
        hub.command("start_hand")
        for table in range(1, hub.spec.tables + 1):
            hub.result(table, result(table, hand=hand, tricks=6))
    hub.command("close_hand")


def test_ties_and_a_three_way_playoff_step_by_step(tmp_path):
    hub = Harness(tmp_path / "hub.sqlite3", tables=3, hands=2)
    before = hub.command("ties")["data"]
    assert before["finished"] is False
    _play_level(hub, 2)
    data = hub.command("ties")["data"]
    assert data["finished"] is True
    assert data["groups"] == [{"score": 12, "teams": [1, 2, 3], "decided": False}]
    assert data["current"] is None and data["done"] == []
    started = hub.command("tiebreak_start", teams=[1, 2, 3])["data"]
    running = hub.command("ties")["data"]["current"]
    assert running["order"] == started["order"]
    assert running["next"] == started["next"]
    assert running["trump"] == started["trump"]
    assert running["draws"] == started["draws"] and running["played"] == []
    a, b = started["next"]
    hub.command("tiebreak_result", teams=[a, b], tricks=[8, 5])
    a, b = hub.command("ties")["data"]["current"]["next"]
    hub.command("tiebreak_result", teams=[a, b], tricks=[4, 9])
    done = hub.command("ties")["data"]
    assert done["current"] is None
    assert done["groups"][0]["decided"] is True
    (finished,) = done["done"]
    assert len(finished["played"]) == 2 and sorted(finished["final"]) == [1, 2, 3]


def test_gaspesie_ties_show_the_backward_count(tmp_path):
    hub = Harness(tmp_path / "hub.sqlite3", fmt="gaspesie", tables=3, hands=2)
    hub.command("start_hand")
    # hand 1: team 1 (home at 1) wins; hand 2 evens it out for team 2
    hub.result(1, result(1, hand=1, tricks=3))
    hub.command("start_hand")
    data = hub.command("ties")["data"]
    assert data["format"] == "gaspesie" and "backcount" in data
    for team, totals in data["backcount"].items():
        assert len(totals) == 2, team  # after hand 2, after hand 1
    # The core's figures: the standings' own key (the total, then Tournament.countback()).
    t = hub.core.tournament
    back = t.countback()
    assert data["backcount"] == {
        str(team): [t.score(team), *back[team]] for team in map(int, data["backcount"])
    }
    assert data["backcount_hands"] == [2, 1]


def test_export_writes_csv_and_sheets_in_the_data_folder(tmp_path):
    hub = Harness(tmp_path / "hub.sqlite3", tables=3, hands=2)
    hub.command("start_hand")
    hub.result(2, result(2, tricks=10))
    data = hub.command("export", language="fr")["data"]
    folder = tmp_path / "exports"
    assert data["folder"] == str(folder)
    names = sorted(p.split("/")[-1] for p in data["files"])
    assert names == [
        "loans.csv",
        "results.csv",
        "results.html",
        "rotation.html",
        "standings.csv",
        "standings.html",
    ]
    # The PDF copies are printed by a process of their own, the hub answering meanwhile.
    assert hub.core.pdf_job is not None
    assert hub.core.pdf_job.wait(timeout=300) == 0
    for name in ("results.pdf", "rotation.pdf", "standings.pdf"):
        assert (folder / name).read_bytes().startswith(b"%PDF"), name
    assert "Feuille de rotation" in (folder / "rotation.html").read_text(encoding="utf-8")
    results = (folder / "results.html").read_text(encoding="utf-8")
    assert '<td class="n">10</td>' in results  # the recorded result, filled in


def test_join_code_is_read_never_made(tmp_path):
    hub = Harness(tmp_path / "hub.sqlite3", tables=3, hands=2)
    refused = hub.command("join_code")
    assert not refused["ok"] and refused["data"]["code"] == "no_join_code"
    assert not (tmp_path / "broker").exists()
    (tmp_path / "broker").mkdir()
    (tmp_path / "broker" / "join-code").write_text("482913\n", encoding="utf-8")
    data = hub.command("join_code")["data"]
    assert data["code"] == "482913" and isinstance(data["hosts"], list)


def test_a_query_sent_again_gets_the_same_answer(tmp_path):
    store = EventStore(tmp_path / "hub.sqlite3")
    core = HubCore(store, default_spec("alberta", 3, 2), rng=random.Random(1))
    payload = command("plan", cid="q-1")
    first = core.handle([Inbound("command", None, payload)])
    core.handle([Inbound("command", None, command("start_hand"))])
    again = core.handle([Inbound("command", None, payload)])
    reply = [json.loads(o.payload) for o in again if o.topic.endswith("reply")]
    assert reply == [json.loads(o.payload) for o in first if o.topic.endswith("reply")]
    store.close()


def test_rotation_sheet_gives_every_table_its_whole_pattern():
    spec = default_spec("alberta", 4, 50)  # two days: 30 + 20
    html = rotation_sheet(spec)
    # One page per table per session: day 1's morning and afternoon, day 2.
    assert html.count('class="sheet rotation"') == 4 * 3
    assert html.count("session 2 of 2 of the day") == 4 and html.count("Day 2 of 2") == 4
    # Hand 1 at table 2: team 1's A & B visit; our A & B go to table 3.
    row = html.split('<td class="n hand">1</td>')[2]
    assert '<td class="n big">1</td>' in row and '<td class="n big go">→ 3</td>' in row
    assert '<span class="nm">A</span> &amp; <span class="nm">B</span>' in row
    assert "size: landscape" in html and "break-inside: avoid" in html
    gaspesie = rotation_sheet(default_spec("gaspesie", 3, 4))
    assert "Manche" in gaspesie and "Feuille de rotation" in gaspesie
    assert "Capitaine" in gaspesie and "Joueur 1" in gaspesie  # seats in words


def test_leader_trump_leaves_a_blank_to_fill():
    html = rotation_sheet(default_spec("alberta", 3, 2, leader_chooses_trump=True))
    assert "announced:<br>______" in html


def test_the_sheets_command(tmp_path):
    spec = default_spec("alberta", 3, 2, name="Club <night>")
    file = write_spec(spec, tmp_path / "club.toml")
    runner = CliRunner()
    out = runner.invoke(main, ["sheets", str(file), "--out", str(tmp_path / "paper")])
    assert out.exit_code == 0, out.output
    assert "rotation.html" in out.output and "rotation.pdf" in out.output
    assert "Print" in out.output
    text = (tmp_path / "paper" / "rotation.html").read_text(encoding="utf-8")
    assert "Club &lt;night&gt;" in text  # names are escaped
    assert not (tmp_path / "paper" / "standings.html").exists()
    # With the hub's data: results filled in and the standings too.
    with EventStore(tmp_path / "data" / "hub.sqlite3") as store:
        HubCore(store, spec)
    out = runner.invoke(
        main, ["sheets", str(file), "--data", str(tmp_path / "data"), "--out", str(tmp_path / "p2")]
    )
    assert out.exit_code == 0, out.output
    assert (tmp_path / "p2" / "standings.html").exists()
    written = write_sheets(tmp_path / "p3", spec, language="fr")
    assert [p.name for p in written] == [
        "rotation.html",
        "rotation.pdf",
        "results.html",
        "results.pdf",
    ]


def even(hand: int, *tables: int) -> list[tuple[str, dict[str, object]]]:
    """The leader enters 6 tricks to the visitors (no flag moves) for each of ``tables``."""
    return [
        (
            "correct",
            {
                "hand": hand,
                "table": table,
                "visitor_tricks": 6,
                "home_tricks": 7,
                "revokes": {"home": 0, "visitors": 0},
                "reason": "the score sheet",
            },
        )
        for table in tables
    ]


def test_every_op_has_a_reply_model_and_the_hubs_replies_fit_it(tmp_path):
    """Each op's Reply data validates against its model in whist.protocol, and a refusal's
    against ErrorData, whose code is one of ErrorCode's."""
    assert set(REPLIES) == set(COMMANDS)
    hub = Harness(tmp_path / "hub.sqlite3", tables=3, hands=2, minutes=20)
    hub.core.calls[2] = "misdeal"  # a call to clear
    sent = [
        ("plan", {}),
        ("start_hand", {"cut": True}),
        ("clock_pause", {}),  # issue 26: the hand's clock runs from the start
        ("clock_resume", {}),
        ("clock_add", {"minutes": 5}),
        ("results", {}),
        (
            "correct",
            {
                "hand": 1,
                "table": 1,
                "visitor_tricks": 6,
                "home_tricks": 7,
                "revokes": {"home": 0, "visitors": 0},
                "reason": "recount",
            },
        ),
        ("loan", {"table": 1, "flags": 1}),
        ("clear_call", {"table": 2}),
        *even(1, 2, 3),  # every result in: a playoff waits for them (rules A9)
        ("close_hand", {}),
        ("start_hand", {}),
        ("undo_start", {}),
        ("start_hand", {"trump": "hearts"}),
        *even(2, 1, 2, 3),
        ("close_hand", {}),
        ("end_day", {}),
        ("ties", {}),
        ("loans", {}),
        ("tiebreak_start", {"teams": [1, 2, 3], "cut": True}),
        ("ties", {}),
        ("export", {"language": "en"}),
        ("join_code", {}),
        ("renew_join_code", {}),
        ("joins", {}),
        ("rename", {"name": "Whist militaire"}),
        ("penalty", {"hand": 1, "table": 1, "side": "home", "reason": "signalling"}),
        ("end_night", {}),
    ]
    seen: set[str] = set()
    for op, fields in sent:
        reply = hub.command(op, **fields)
        model = REPLIES[op] if reply["ok"] else ErrorData
        data = model.model_validate(reply["data"])
        assert reply_data(data) == reply["data"], op  # read back, it is the same data
        if reply["ok"]:
            seen.add(op)
        else:
            assert data.error is not None, (op, reply)
    ties = hub.command("ties")["data"]
    a, b = ties["current"]["next"]
    reply = hub.command("tiebreak_result", teams=[a, b], tricks=[8, 5])
    TieBreakResultData.model_validate(reply["data"])
    seen.add("tiebreak_result")
    for op, fields in [("tiebreak_undo", {}), ("tiebreak_start", {"teams": [1, 2, 3]})]:
        assert hub.command(op, **fields)["ok"], op
    reply = hub.command("tiebreak_trump", trump="clubs")
    assert reply_data(TieBreakTrumpData.model_validate(reply["data"])) == reply["data"]
    seen |= {"tiebreak_undo", "tiebreak_trump"}
    assert hub.command("tiebreak_undo")["ok"]
    for op, fields in [  # the verifiers' count, once the tie-break no longer needs the tie
        ("counts", {}),
        ("verify", {"table": 1, "flags": 11}),
        (  # what accepting it again would do (issue 25), before the real one
            "preview",
            {"command": {"id": "p1", "op": "accept_count", "table": 1, "day": 1, "reason": "r"}},
        ),
        ("accept_count", {"table": 1, "day": 1, "reason": "recounted"}),
    ]:
        reply = hub.command(op, **fields)
        data = REPLIES[op].model_validate(reply["data"])
        assert reply_data(data) == reply["data"], op
        seen.add(op)
    # join codes are refused here (no embedded broker); penalty and place_decision are
    # Gaspésie rules (place_decision's reply: tests/hub/test_playoffs.py); the club nights'
    # ops are refused by a military hub (tests/hub/test_club_core.py).
    assert set(COMMANDS) - seen == {
        "join_code",
        "renew_join_code",
        "penalty",
        "place_decision",
        "correct_deal",
        "end_night",
        "deals",
    }
    g = Harness(tmp_path / "g.sqlite3", fmt="gaspesie", tables=3, hands=2)
    g.command("start_hand")
    g.result(1, result(1, tricks=8))
    reply = g.command("penalty", hand=1, table=1, side="home", reason="signalling")
    assert REPLIES["penalty"].model_validate(reply["data"]) == PenaltyData(hand=1, table=1)
    for op in ("results", "ties"):
        data = g.command(op)["data"]
        assert reply_data(REPLIES[op].model_validate(data)) == data
    path = tmp_path / "broker" / "join-code"
    path.parent.mkdir()
    path.write_text("482913\n")
    code = hub.command("join_code")["data"]
    assert JoinCodeData.model_validate(code).code == "482913"


def test_a_preview_moves_nothing_of_the_hub_whatever_its_dice(tmp_path):
    """The dry run (issue 25) on a real hub's dice (the system's entropy, which keeps no state)
    and on seeded ones: it answers, and the seeded dice are where they were."""
    from hub.service.core import HubCore

    correct = {
        "id": "p1", "op": "correct", "hand": 1, "table": 1, "visitor_tricks": 6,
        "home_tricks": 7, "revokes": {"home": 0, "visitors": 0}, "reason": "recounted",
    }  # fmt: skip
    for dice in (random.SystemRandom(), random.Random(7)):
        h = Harness(tmp_path / f"{type(dice).__name__}.sqlite3", tables=3, hands=2)
        h.core = HubCore(h.store, h.spec, rng=dice)
        before = dice.getstate() if type(dice) is random.Random else None
        h.command("start_hand")
        for table in (1, 2, 3):
            h.result(table, result(table, tricks=8))
        h.command("close_hand")
        if before is not None:
            before = dice.getstate()
        reply = h.command("preview", command=correct)
        assert reply["ok"], reply
        assert {s["team"] for s in reply["data"]["scores"]} == {1, 3}
        if before is not None:
            assert dice.getstate() == before
        # nothing was corrected: the same dry run again says the same
        assert h.command("preview", command=correct)["data"] == reply["data"]
