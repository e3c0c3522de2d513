"""bench/selected_match.py: a duplicate match on the deal pairs that pass a
filter of the cards dealt (a rare decision's deals), each pair the same as
in ``atout match``."""

import json
import sys
from pathlib import Path

from atout.engine.cards import FOOL, TRUMPS, suit_of
from atout.engine.round import Round
from atout.players.match import MatchJob, deal_seed, parse_players, play_pair

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from selected_match import main, may_hold_handful  # noqa: E402


def test_the_handful_filter_reads_the_dealt_cards():
    seen = {True: 0, False: 0}
    for index in range(40):
        deal = Round.new("tarot", seed=deal_seed(7, index)).deal
        most = max(sum(1 for c in deal.hand(s) | deal.extra("dog") if suit_of(c) == TRUMPS or c == FOOL)
                   for s in range(4))
        assert may_hold_handful("tarot", 7, index) == (most >= 10)
        seen[most >= 10] += 1
    assert seen[True] and seen[False]


def test_the_pairs_played_are_the_matchs_pairs_that_pass(tmp_path):
    out = tmp_path / "m.json"
    assert main(["--players", "easy,random", "--pairs", "2", "--seed", "7", "--workers", "1",
                 "--json", str(out)]) == 0
    report = json.loads(out.read_text())
    chosen = [i for i in range(report["deals_looked_at"]) if may_hold_handful("tarot", 7, i)]
    assert len(chosen) == 2 and [int(i) for i in report["pair_differences"]] == chosen
    job = MatchJob("tarot", *parse_players("easy,random"), 7)
    for index in chosen:
        assert report["pair_differences"][str(index)] == play_pair(job, index).difference
    assert report["won"] + report["drawn"] + report["lost"] == 2
