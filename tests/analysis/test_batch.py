"""`atout batch`: reading deal files, one result line a deal, resuming, and
bridge par checked against DDS (endplay)."""

import json
import os
import random
import signal

import pytest

from atout.engine import get_game
from atout.analysis.batch import Entry, Settings, batch_file, read_entries, resume, solve_entry
from atout.analysis.par import SEATS, STRAINS, par

from cli_run import run

SMEAR = [get_game("smear").format_deal(get_game("smear").random_deal(seed)) for seed in range(1, 9)]
SMEAR_CONTRACT = ["--bidder", "0", "--bid", "2", "--trump", "S"]
PBN = "N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J4"


def lines(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


# -- reading ---------------------------------------------------------------------

def test_plain_json_and_comment_lines_are_read_with_ids_and_fields():
    text = "\n".join([
        "# smear deals",
        SMEAR[0] + " bidder=1 bid=3 trump=H",
        "",
        json.dumps({"id": "b7", "deal": SMEAR[1], "contract": {"bidder": 2, "trump": "C"}}),
        SMEAR[2],
    ])
    entries = read_entries(text, "smear")
    assert [e.id for e in entries] == [2, "b7", 5]
    assert dict(entries[0].contract) == {"bidder": 1, "bid": 3, "trump": "H"}
    assert entries[0].deal == SMEAR[0]
    assert dict(entries[1].contract) == {"bidder": 2, "trump": "C"}
    assert entries[2].contract == () and not any(e.error for e in entries)


def test_pbn_boards_give_ids_dealer_and_vulnerability():
    text = """% a PBN file as tournament software writes it
[Event "club"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J4"]
[Auction "N"]
1D 1H Pass Pass
[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "E:A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J4 KJ74.J8.AKJ5.AQ6"]

[Board "3"]
[Vulnerable "All"]
"""
    entries = read_entries(text, "bridge")
    assert [(e.id, e.dealer, e.vulnerable) for e in entries] == [(1, "N", "None"), (2, "E", "NS")]
    assert entries[1].deal.startswith("E:A.AQT94")


def test_pbn_input_reports_what_it_skips_and_a_second_deal_is_an_error():
    second = "E:A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J4 KJ74.J8.AKJ5.AQ6"
    text = f"""% a comment
junk before the first board
[Board "1"]
[Deal "{PBN}"]
[Deal "{second}"]
[Play "W"]
D8 DT DQ DA
{{ commentary
over two lines }}
[Board "2"]
[Deal "{second}"]
stray words

[Board "3"]
"""
    skipped = []
    entries = read_entries(text, "bridge", skipped)
    assert [e.id for e in entries] == [1, 2]
    assert entries[0].error == "board 1: a second [Deal] tag (line 5): one deal per board"
    assert entries[0].deal == PBN and entries[1].error is None
    assert [(s["line"], s["text"]) for s in skipped] == [
        (2, "junk before the first board"), (12, "stray words"), (14, '[Board "3"]')]
    assert "neither a PBN tag" in skipped[0]["why"] and "without a [Deal]" in skipped[2]["why"]


def test_batch_notes_the_skipped_pbn_lines(tmp_path, capsys):
    src = tmp_path / "boards.pbn"
    src.write_text(f'[Board "7"]\n[Deal "{PBN}"]\nnot a tag\n')
    code, out, err = run(capsys, "batch", "--game", "bridge", str(src), "--workers", "1", "--json")
    assert code == 0, err
    assert f"atout: note: {src} line 3 skipped: 'not a tag'" in err
    summary = json.loads(err.strip().splitlines()[-1])
    assert summary["input_skipped"] == [{"line": 3, "text": "not a tag",
                                         "why": "neither a PBN tag nor the data of an auction or play section"}]
    assert json.loads(out)["id"] == 7


def test_pbn_tags_are_for_bridge_only():
    with pytest.raises(ValueError, match="bridge only"):
        read_entries('[Board "1"]\n[Deal "N:..."]', "smear")


# -- one line a deal ---------------------------------------------------------------

def test_a_malformed_line_in_the_middle_says_why_and_the_batch_goes_on(tmp_path, capsys):
    src = tmp_path / "deals.txt"
    src.write_text("\n".join([SMEAR[0], SMEAR[1].replace("undealt:", "undealt:SA"),
                              '{"id": "broken", "deal": ', "KQ.J hello", SMEAR[2]]) + "\n")
    out = tmp_path / "out.jsonl"
    code, stdout, _ = run(capsys, "batch", "--game", "smear", str(src), "--out", str(out),
                          "--workers", "1", "--json", *SMEAR_CONTRACT)
    assert code == 0
    got = lines(out)
    assert [g["id"] for g in got] == [1, 2, 3, 4, 5]
    assert [("error" in g) for g in got] == [False, True, True, True, False]
    assert "not valid JSON" in got[2]["error"] and got[1]["error"] and got[3]["error"]
    # the good deals are the solver's answer
    from atout.solver import solve
    game = get_game("smear")
    for g, deal in ((got[0], SMEAR[0]), (got[4], SMEAR[2])):
        result = solve(game.new_state(game.parse_deal(deal), bidder=0, bid=2, trump="S"), line=False)
        assert g["value"] == result.value and g["exact"]
    summary = json.loads(stdout)
    assert (summary["deals"], summary["solved"], summary["errors"]) == (5, 2, 3)


def test_results_on_standard_output_in_input_order(tmp_path, capsys):
    src = tmp_path / "deals.txt"
    src.write_text("\n".join(SMEAR[:3]) + "\n")
    code, stdout, err = run(capsys, "batch", "--game", "smear", str(src), "--workers", "1")
    assert code == 0
    got = [json.loads(line) for line in stdout.splitlines()]
    # no contract: the game's table (each trump for the bidder, seat 0)
    assert [g["id"] for g in got] == [1, 2, 3] and all("table" in g for g in got)
    assert "3 of 3 deals done" in err


def test_a_node_limit_marks_the_line_not_exact():
    deal = get_game("belote").format_deal(get_game("belote").random_deal(3))
    got = solve_entry(Settings("belote", max_nodes=50, contract=(("taker", 0), ("trump", "H"))),
                      Entry(1, deal))
    assert got["exact"] is False and got["value"] is None and got["lower"] <= got["upper"]


def test_a_bridge_board_gives_the_table_and_par_of_dds(tmp_path):
    endplay = pytest.importorskip("endplay")  # noqa: F841
    from endplay.dds import calc_dd_table, par as dds_par
    from endplay.types import Deal, Player, Vul
    src = tmp_path / "board.pbn"
    src.write_text(f'[Board "7"]\n[Dealer "S"]\n[Vulnerable "EW"]\n[Deal "{PBN}"]\n')
    out = tmp_path / "out.jsonl"
    summary = batch_file("bridge", str(src), str(out))
    assert summary.solved == 1
    (got,) = lines(out)
    dds = calc_dd_table(Deal(PBN))
    denoms = {"S": 0, "H": 1, "D": 2, "C": 3, "NT": 4}
    assert got["id"] == 7 and got["exact"]
    assert {(seat, s): got["table"][seat][s] for seat in SEATS for s in STRAINS} == \
        {(seat, s): dds.to_list()[denoms[s]][i] for i, seat in enumerate(SEATS) for s in STRAINS}
    expected = dds_par(dds, Vul.ew, Player.south)
    assert got["par"]["score"] == expected.score
    assert len(got["par"]["contracts"]) >= 1


# -- resuming ---------------------------------------------------------------------

def test_an_interrupted_batch_resumes_without_redoing_a_deal(tmp_path):
    src = tmp_path / "deals.txt"
    src.write_text("\n".join(SMEAR) + "\n")
    whole = tmp_path / "whole.jsonl"
    batch_file("smear", str(src), str(whole), contract={"bidder": 0, "trump": "S"})

    out = tmp_path / "out.jsonl"

    def stop_after_three(done, total):
        if done == 3:
            raise KeyboardInterrupt
    first = batch_file("smear", str(src), str(out), contract={"bidder": 0, "trump": "S"},
                       progress=stop_after_three)
    assert first.interrupted and first.done == 3 and len(lines(out)) == 3
    # a crash in the middle of a write: a truncated last line
    with open(out, "a") as f:
        f.write('{"id": 4, "deal": "8.T9')
    second = batch_file("smear", str(src), str(out), contract={"bidder": 0, "trump": "S"})
    assert (second.skipped, second.done - second.skipped, second.interrupted) == (3, len(SMEAR) - 3, False)
    assert out.read_text() == whole.read_text()
    # a third run has nothing left to do
    third = batch_file("smear", str(src), str(out), contract={"bidder": 0, "trump": "S"})
    assert (third.skipped, third.solved, third.errors) == (len(SMEAR), 0, 0)


def test_results_of_another_input_are_refused(tmp_path, capsys):
    src = tmp_path / "deals.txt"
    src.write_text("\n".join(SMEAR[:2]) + "\n")
    out = tmp_path / "out.jsonl"
    out.write_text(json.dumps({"id": "other"}) + "\n")
    code, _, err = run(capsys, "batch", "--game", "smear", str(src), "--out", str(out))
    assert code == 2 and err.startswith("atout: error:") and "another input" in err
    with pytest.raises(ValueError):
        resume(str(out), read_entries(src.read_text(), "smear"))


def test_a_missing_file_is_one_error_line(tmp_path, capsys):
    code, _, err = run(capsys, "batch", "--game", "smear", str(tmp_path / "none.txt"))
    assert code == 2 and err.startswith("atout: error: cannot read")


# -- par against DDS ----------------------------------------------------------------

def _random_table(rng):
    """A table as deals give them: one side's tricks about 13 minus the
    other's, a declarer sometimes a trick or two short of partner."""
    table = {seat: {} for seat in SEATS}
    for s in STRAINS:
        base = rng.randint(0, 13)
        for seat in SEATS:
            v = (base if seat in "NS" else 13 - base) - rng.choice((0, 0, 0, 1, 2))
            table[seat][s] = max(0, min(13, v))
    return table


def _dds_par(table, vulnerable, dealer):
    import endplay._dds as _dds
    from endplay.dds import par as dds_par
    from endplay.dds.ddtable import DDTable
    from endplay.types import Player, Vul
    data = _dds.ddTableResults()
    denoms = {"S": 0, "H": 1, "D": 2, "C": 3, "NT": 4}
    for s in STRAINS:
        for i, seat in enumerate(SEATS):
            data.resTable[denoms[s]][i] = table[seat][s]
    vul = {"None": Vul.none, "All": Vul.both, "NS": Vul.ns, "EW": Vul.ew}[vulnerable]
    result = dds_par(DDTable(data), vul, Player(SEATS.index(dealer)))
    symbols = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
    return result.score, [(c.level, symbols.get(c.denom.abbr, c.denom.abbr), c.declarer.abbr,
                           c.penalty.name == "doubled", c.result) for c in result]


def test_par_equals_dds_on_many_tables():
    pytest.importorskip("endplay")
    rng = random.Random(12)
    kinds = set()
    for _ in range(3000):
        table = _random_table(rng)
        vulnerable, dealer = rng.choice(["None", "NS", "EW", "All"]), rng.choice(SEATS)
        got = par(table, vulnerable, dealer)
        mine = [(c.level, c.strain, seat, c.doubled, c.result)
                for c in got.contracts for seat in c.declarers]
        assert (got.score, mine) == _dds_par(table, vulnerable, dealer), (table, vulnerable, dealer)
        kinds.add((got.score > 0, bool(got.contracts) and got.contracts[0].doubled,
                   any(c.result > 0 for c in got.contracts)))
    # sacrifices and lowered contracts, for both sides, were all met
    assert len(kinds) >= 6


def test_par_of_a_deal_nobody_can_make_is_passed_out():
    table = {seat: {s: 6 if seat in "NS" else 7 - 1 for s in STRAINS} for seat in SEATS}
    assert par(table).score == 0 and par(table).contracts == ()


def test_par_rejects_bad_vulnerability_and_dealer():
    table = {seat: {s: 7 for s in STRAINS} for seat in SEATS}
    with pytest.raises(ValueError):
        par(table, "sometimes")
    with pytest.raises(ValueError):
        par(table, "None", "X")


# -- a local worker that dies ------------------------------------------------------

def _die_once(task):
    """Task 2 ends its worker process the first time it runs (a marker file
    says it happened), as a crash or the out-of-memory killer would."""
    marker, index = task
    if index == 2 and not os.path.exists(marker):
        open(marker, "w").close()
        os.kill(os.getpid(), signal.SIGKILL)
    return index * index


def test_a_local_worker_that_dies_loses_no_result(tmp_path):
    from atout.analysis.executors import run_ordered
    marker = str(tmp_path / "died")
    got = []
    run_ordered(_die_once, lambda i: (marker, i), 8, workers=2,
                on_result=lambda i, r: got.append((i, r)))
    assert os.path.exists(marker)
    assert got == [(i, i * i) for i in range(8)]


def test_a_pool_that_breaks_while_tasks_are_handed_out_loses_no_result(monkeypatch):
    """A worker can die between two submissions, so that the next one is
    refused (``BrokenProcessPool`` from ``submit``, not from a result): that
    task and the others go to a new pool. The race made deterministic: the
    first pool refuses its third task."""
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool
    from atout.analysis import executors
    pools = []

    class RefusingOnce(ProcessPoolExecutor):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            pools.append(self)
            self.submitted = 0

        def submit(self, fn, /, *args, **kwargs):
            self.submitted += 1
            if len(pools) == 1 and self.submitted == 3:
                raise BrokenProcessPool("a child process terminated abruptly")
            return super().submit(fn, *args, **kwargs)

    monkeypatch.setattr(executors, "ProcessPoolExecutor", RefusingOnce)
    got = []
    executors.run_ordered(abs, lambda i: -i, 8, workers=2, on_result=lambda i, r: got.append((i, r)))
    assert got == [(i, i) for i in range(8)] and len(pools) == 2


# -- the example of docs/BATCH.md (the README's, moved there) --------------------------------

def readme_blocks(after: str, kind: str, doc: str = "docs/BATCH.md") -> list:
    """The ```kind blocks of the section of ``doc`` that starts with ``after``."""
    import pathlib
    import re
    text = (pathlib.Path(__file__).resolve().parents[2] / doc).read_text()
    section = text[text.index(after):]
    end = section.find("\n## ", 1)
    section = section[:end if end >= 0 else len(section)]
    return re.findall(rf"```{kind}\n(.*?)```", section, re.S)


def test_the_readme_batch_example_runs(tmp_path, monkeypatch, capsys):
    import shlex
    (deals,) = readme_blocks("# Many deals at once", "text")
    (command,) = readme_blocks("# Many deals at once", "sh")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "deals.txt").write_text(deals)
    args = shlex.split(command.replace(" FILE ", " deals.txt "))
    assert args[0] == "atout"
    code, _, _ = run(capsys, *args[1:])
    assert code == 0
    got = lines(tmp_path / "results.jsonl")
    assert [g["id"] for g in got] == [2, "b2"] and all(g["exact"] and g["cards"] for g in got)
    assert got[1]["contract"] == {"taker": 1, "trump": "S"}
    # run again: nothing is redone
    code, out, _ = run(capsys, *args[1:], "--json")
    assert code == 0 and json.loads(out)["skipped"] == 2 and len(lines(tmp_path / "results.jsonl")) == 2


def test_the_progress_line_shows_the_rate_and_the_time_left(monkeypatch, capsys):
    import sys
    from atout.cli import batch as cli_batch
    clock = iter([100.0, 102.0, 104.0])
    monkeypatch.setattr(cli_batch.time, "monotonic", lambda: next(clock))
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    report, close = cli_batch.rate_reporter("batch")
    report(10, 50)          # 10 deals were already done (a resumed batch)
    report(14, 50)          # 4 more in 2 s
    report(18, 50)          # 8 more in 4 s: 2 deals/s, 32 left
    close()
    err = capsys.readouterr().err
    last = err.rstrip("\n").split("\r")[-1]
    assert "18/50" in last and "2.00 deals/s" in last and "16 s left" in last


def _always_die(task):
    os.kill(os.getpid(), signal.SIGKILL)


def test_a_task_that_always_kills_its_worker_is_given_up(tmp_path):
    from atout.analysis.executors import WorkerDied, run_ordered
    with pytest.raises(WorkerDied, match="died 3 times"):
        run_ordered(_always_die, lambda i: i, 2, workers=2)


def test_par_equals_dds_on_real_deals():
    """Par of the tables of random deals (DDS's tables, which atout's equal:
    tests/solver/test_dds.py), every vulnerability and dealer."""
    pytest.importorskip("endplay")
    from endplay.dds import calc_dd_table
    from endplay.types import Deal
    game = get_game("bridge")
    denoms = {"S": 0, "H": 1, "D": 2, "C": 3, "NT": 4}
    rng = random.Random(5)
    for seed in range(10):
        pbn = game.format_deal(game.random_deal(seed))
        rows = calc_dd_table(Deal(pbn)).to_list()
        table = {seat: {s: rows[denoms[s]][i] for s in STRAINS} for i, seat in enumerate(SEATS)}
        for vulnerable in ("None", "NS", "EW", "All"):
            dealer = rng.choice(SEATS)
            got = par(table, vulnerable, dealer)
            mine = [(c.level, c.strain, seat, c.doubled, c.result)
                    for c in got.contracts for seat in c.declarers]
            assert (got.score, mine) == _dds_par(table, vulnerable, dealer), (pbn, vulnerable, dealer)
