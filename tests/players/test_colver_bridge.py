"""atout.players.colver_bridge: duplicate Belote pairs against colver's IS-DD
bot on colver's engine (bench/belote_colver_match.py). Skipped when colver
(the optional ``bench`` extra) is not installed. Tiny budgets: the
bookkeeping is checked here, the strength in docs/STRENGTH.md."""

import random

import pytest
from optional import require

from atout.engine.round import Round
from atout.engine.belote import CAPOT_TOTAL, DECK, DEAL_TOTAL
from atout.players.colver_bridge import (ColverJob, atout_player, belote_view, deal_of, play_pair,
                                         run_colver_match)
from atout.engine.errors import OptionError
from atout.players.match import parse_player
from atout.solver.colver_compare import COLVER_VARIANT

require("colver")  # the test extra installs it; on CI a missing colver fails

TINY = "hard:samples=2"


def job(seed=5):
    """The job ``run_colver_match`` makes of TINY: hard reads the contract by default."""
    return ColverJob(parse_player(TINY), seed, worlds=2, contract_inference=True)


def test_a_pair_is_the_same_deal_twice_with_the_seats_swapped():
    pair = play_pair(job(), 0)
    first, second = pair.scores
    assert first["atout_seats"] == [0, 2] and second["atout_seats"] == [1, 3]
    for key in ("hands", "trump", "taker"):
        assert first[key] == second[key]
    deal = deal_of(5, 0)
    assert first["taker"] == deal.taker and "SHDC"[deal.trump] == first["trump"]
    for game in pair.scores:
        assert sorted(game["cards"]) == sorted(DECK.token(c) for h in deal.hands for c in h)
        assert sum(game["tricks"]) == 8
        total = sum(game["card_points"])
        assert total == DEAL_TOTAL or sorted(game["card_points"]) == [0, CAPOT_TOTAL]
    ns1, ew1 = first["card_points"]
    ns2, ew2 = second["card_points"]
    assert pair.results == (ns1 - ew1, ew2 - ns2)
    assert pair.difference == ns1 - ew1 + ew2 - ns2
    assert len(pair.times["A"]) > 0 and len(pair.times["B"]) > 0


def test_a_seed_gives_the_same_match_whatever_the_workers():
    one = run_colver_match(TINY, pairs=2, seed=7, worlds=2, workers=1)
    two = run_colver_match(TINY, pairs=2, seed=7, worlds=2, workers=2)
    assert [p.scores for p in one.pairs] == [p.scores for p in two.pairs]
    assert one.differences == two.differences
    assert play_pair(job(7), 1).scores == one.pairs[1].scores


def test_deals_differ_by_pair_and_seed():
    assert deal_of(1, 0) != deal_of(1, 1) != deal_of(2, 1)
    assert deal_of(3, 4) == deal_of(3, 4)


def test_atouts_view_is_what_a_round_shows_once_the_play_has_started():
    """The same position in a Round (with an auction and a turned card,
    which the match has not) gives the same hand, legal cards, play, and
    announcements, and a known deal with the seat's cards alone."""
    rng = random.Random(3)
    for seed in range(3):
        rnd = Round.new("belote", seed=seed, variant=COLVER_VARIANT)
        while rnd.phase == "auction":
            rnd.apply("take" if rnd.to_act == 1 else "pass")
        if rnd.is_over():
            continue
        while not rnd.is_over():
            state = rnd.state
            for seat in range(4):
                ours, theirs = belote_view(state, seat), rnd.view(seat)
                for field in ("hand", "legal", "plays", "tricks", "trick", "announcements", "to_act", "phase"):
                    assert getattr(ours, field) == getattr(theirs, field), field
                assert ours.auction == ()
                assert {k: v for k, v in ours.contract.items() if k != "turned"} == \
                    {k: v for k, v in theirs.contract.items() if k != "turned"}
                for s, packet in enumerate(ours.known_deal.hands):
                    assert packet.size == 8
                    assert packet.cards == (state.deal.hands[s].cards if s == seat else frozenset())
            rnd.apply(rng.choice(rnd.legal_actions()))


def test_the_card_points_objective_replaces_hards_score():
    """hard values a failed contract at 0; valued by card points, the card
    points themselves."""
    spec = parse_player(TINY)
    state = Round.new("belote", seed=1, deal=None)
    while state.phase == "auction":
        state.apply("take")
    assert atout_player(spec, 0, "score").utility(state.state, 40) == 0.0
    assert atout_player(spec, 0, "card_points").utility(state.state, 40) == 40.0


def test_the_bench_script_reports_a_match(capsys):
    import json
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    from belote_colver_match import main
    assert main(["--pairs", "1", "--seed", "3", "--worlds", "1", "--atout", "hard:samples=1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["pairs"] == 1 and out["won"] + out["drawn"] + out["lost"] == 1
    assert out["contract_inference"] is True       # hard reads the contract by default
    job = ColverJob(parse_player("hard:samples=1"), 3, worlds=1, contract_inference=True)
    assert out["mean"] == play_pair(job, 0).difference
    assert set(out["decision_seconds"]) == {"atout", "colver"} and out["machine"]["cores"] >= 1
    assert main(["--pairs", "1", "--atout", "nobody"]) == 2


def test_the_bench_script_can_let_atout_infer_from_the_contract(capsys):
    """--contract-inference: the JSON says so, and the pair is played by
    players that draw only deals giving the contract (the same pair as
    ``play_pair`` with ``contract_inference``)."""
    import json
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    from belote_colver_match import main
    assert main(["--pairs", "1", "--seed", "3", "--worlds", "1", "--atout", "hard:samples=4",
                 "--contract-inference", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["contract_inference"] is True and out["pairs"] == 1
    job = ColverJob(parse_player("hard:samples=4"), 3, worlds=1, contract_inference=True)
    assert out["mean"] == play_pair(job, 0).difference
    assert main(["--pairs", "1", "--atout", "medium", "--contract-inference"]) == 2
    assert "only hard infers from the contract" in capsys.readouterr().err
    assert main(["--pairs", "1", "--seed", "3", "--worlds", "1", "--atout", "hard:samples=4",
                 "--no-contract-inference", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["contract_inference"] is False
    assert out["mean"] == play_pair(ColverJob(parse_player("hard:samples=4"), 3, worlds=1), 0).difference


def test_only_hard_reads_the_contract_by_default():
    from atout.players.colver_bridge import reads_contract
    assert reads_contract(parse_player("hard"), None) is True
    assert reads_contract(parse_player("hard:baseline=1"), None) is True
    assert reads_contract(parse_player("medium"), None) is False
    assert reads_contract(parse_player("hard"), False) is False
    with pytest.raises(OptionError, match="only hard"):
        reads_contract(parse_player("easy"), True)
