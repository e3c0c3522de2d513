"""`atout bid --game belote` reads the bidding-stage deal
(`h0 h1 h2 h3 turned:CARD stock:...`), and `atout deal --game belote
--bidding` prints one."""

import pytest
from click.testing import CliRunner

from atout.cli.main import cli
from atout.engine import get_game
from atout.engine.belote import complete_deal, parse_bidding_deal
from atout.solver import solve
from atout.analysis.bids import BidJob, estimate_bids, planner_for, sample_rng

GAME = get_game("belote")
#: atout deal --game belote --bidding --seed 1
BIDDING = ".KJ.8.T9 87.9.T.Q AKQ..K.K T.Q8.J7. turned:DQ stock:DA,HT,HA,SJ,CA,S9,C7,C8,CJ,D9,H7"


def invoke(*args):
    return CliRunner().invoke(cli, list(args))


def test_deal_prints_the_bidding_stage_form():
    out = invoke("deal", "--game", "belote", "--bidding", "--seed", "1").output.strip()
    assert out == BIDDING
    assert str(parse_bidding_deal(out)) == out
    result = invoke("deal", "--game", "smear", "--bidding")
    assert result.exit_code == 2


def test_a_known_bidding_deal_is_solved_once_and_exactly():
    result = estimate_bids("belote", 0, BIDDING, samples=5, workers=1)
    assert result.samples_done == 1                 # every sample would be the deal itself
    deal = complete_deal(parse_bidding_deal(BIDDING), 0)
    for summary in result.summaries[1:]:
        trump = summary.bid.split()[1]
        scores = solve(GAME.new_state(deal, trump=trump, taker=0, turned="DQ")).score["scores"]
        assert summary.mean_score == scores[0] - scores[1], summary.bid


def test_a_partial_bidding_deal_samples_as_the_hand_and_turned_card_do():
    partial = ".KJ.8.T9 ? ? ? turned:DQ"
    a = estimate_bids("belote", 0, partial, samples=2, workers=1, seed=3)
    b = estimate_bids("belote", 0, ".KJ.8.T9", turned="DQ", samples=2, workers=1, seed=3)
    assert [(s.bid, s.mean_score, s.made) for s in a.summaries] == \
           [(s.bid, s.mean_score, s.made) for s in b.summaries]


def test_known_cards_of_other_hands_and_the_stock_order_are_kept():
    text = ".KJ.8.T9 87.9.T.Q ? A...+4 turned:DQ stock:DA,HT,HA,SJ,CA,S9,C7,C8,CJ,D9,H7"
    bidding = parse_bidding_deal(text)
    planner = planner_for(BidJob("belote", 0, text, 0, None))
    for i in range(20):
        deal = planner.sample(sample_rng(0, i))
        hands = [set(deal.hand(s)) for s in range(4)]
        assert bidding.hands[1].cards <= hands[1] and GAME.deck.parse_card("SA") in hands[3]
        # the taker (seat 0) gets the turned card and the stock's first two cards
        assert {GAME.deck.parse_card(c) for c in ("DQ", "DA", "HT")} <= hands[0]


@pytest.mark.parametrize("args, message", [
    (["bid", "--game", "belote", "--seat", "1", ".KJ.8.T9 ? ? ? turned:DQ"], "must be known"),
    (["bid", "--game", "belote", "--seat", "0", ".KJ.8.T9 ? ? ? turned:DQ", "--turned", "HJ"], "differs"),
    (["bid", "--game", "belote", "--seat", "0", ".KJ.8.T9 ? ? ? turned:KJ.8.T9"], "unknown card"),
])
def test_bad_bidding_deals_are_one_line_errors(capsys, args, message):
    from atout.cli.main import main
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    err = capsys.readouterr().err
    assert exit_info.value.code == 2 and err.startswith("atout: error:") and message in err
    assert err.count("\n") == 1
