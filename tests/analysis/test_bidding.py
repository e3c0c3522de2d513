"""Bid strength (`atout bid`): sampling of the unseen cards, the rules the
bidder follows after seeing more cards, aggregation and recommendation, seed
and worker invariance, and bad input through the command line."""

import json
import random
from collections import Counter

import pytest

from atout.engine import AtoutError, NotationError, RuleError, get_game
from atout.engine.cards import TRUMPS, suit_of
from atout.solver import SUPPORTED_GAMES
from atout.analysis.partial import sample_rng
from atout.analysis.bids import (BidJob, Outcome, SampleOutcome, estimate_bids, made_from_bounds,
                                 recommend, summarise)
from atout.analysis.bid_planners import (bridge_score, make_planner, parse_bid_seat, smear_discard,
                                         tarocco_candidates, tarot_discard)
from atout.solver.testing import playout

BIG = 10**6


def hand_of(game_name, seed=1, seat=0, size=None):
    game = get_game(game_name)
    cards = sorted(game.random_deal(seed).hands[seat].cards)
    return game.deck.format_hand(cards[:size] if size else cards)


def planner(game, hand, seat=0, **kw):
    return make_planner(BidJob(game, seat, hand, 0, None, **kw))


# -- stand-in solvers ------------------------------------------------------------------

def always(value):
    return lambda state: (value, value, None)


def unsettled(state):
    return -BIG, BIG, None


TAROT_HAND = hand_of("tarot", 3, 1)


def test_a_stand_in_that_makes_everything_gives_probability_one_and_no_invented_score():
    r = estimate_bids("tarot", 1, TAROT_HAND, samples=5, solve_fn=always(BIG))
    assert r.bids == ["pass", "take", "guard", "guard_without", "guard_against"]
    for s in r.summaries[1:]:
        assert (s.made, s.failed, s.unsettled) == (5, 0, 0)
        assert s.made_probability == 1 and s.made_stderr == 0
        assert s.mean_score is None and s.scored == 0
    assert r.summary("pass").mean_score == 0 and r.summary("pass").made_probability is None
    assert r.recommendation.bid is None and "not solved exactly" in r.recommendation.reason


def test_a_stand_in_that_fails_everything_gives_probability_zero():
    r = estimate_bids("belote", 2, "AK.7.Q8.", turned="SJ", samples=4, solve_fn=always(-BIG))
    assert r.bids == ["pass", "take S", "name H", "name D", "name C"]
    assert all(s.made_probability == 0 for s in r.summaries[1:])


def test_unsettled_samples_are_counted_with_bounds_not_a_probability():
    r = estimate_bids("smear", 0, "A7.K.Q.J9", samples=3, solve_fn=unsettled)
    s = r.summary("3S")
    assert (s.made, s.failed, s.unsettled) == (0, 0, 3)
    assert s.made_probability is None and s.made_bounds == (0.0, 1.0)


def test_tarocco_made_means_the_dealer_side_stays_under_57_for_side_0():
    dealer17 = get_game("tarocco").random_deal(5)
    hand = get_game("tarocco").deck.format_hand(set(dealer17.hands[3].cards) | set(dealer17.extra("discard")))
    low = estimate_bids("tarocco", 3, hand, samples=2, candidates=3, solve_fn=always(56))
    high = estimate_bids("tarocco", 3, hand, samples=2, candidates=3, solve_fn=always(57))
    assert len(low.bids) == 3
    assert all(s.made_probability == 1 for s in low.summaries)
    assert all(s.made_probability == 0 for s in high.summaries)


def test_made_from_bounds_both_senses():
    assert made_from_bounds(5, 9, 5, 1) is True
    assert made_from_bounds(1, 4, 5, 1) is False
    assert made_from_bounds(4, 5, 5, 1) is None
    assert made_from_bounds(1, 4, 5, -1) is True
    assert made_from_bounds(5, 9, 5, -1) is False
    assert made_from_bounds(4, 5, 5, -1) is None


def test_scores_come_from_replaying_the_line_in_each_bids_own_state():
    r = estimate_bids("tarot", 1, TAROT_HAND, samples=6, seed=2, solve_fn=playout)
    for s in r.samples:
        take, guard = s.outcomes["take"], s.outcomes["guard"]
        assert (take.lower, take.made) == (guard.lower, guard.made)
        assert guard.score == 2 * take.score       # no slam in these playouts: guard doubles take
        assert (take.score > 0) == take.made
    take = r.summary("take")
    scores = [s.outcomes["take"].score for s in r.samples]
    assert take.mean_score == pytest.approx(sum(scores) / len(scores))
    assert take.made == sum(1 for s in r.samples if s.outcomes["take"].made)


def test_smear_bids_share_one_solve_and_score_by_the_bid():
    r = estimate_bids("smear", 1, "A7.K.Q.J9", samples=5, solve_fn=playout)
    for s in r.samples:
        for trump in "SHDC":
            values = {s.outcomes[f"{b}{trump}"].lower for b in (2, 3, 4)}
            assert len(values) == 1
            v = values.pop()
            for b in (2, 3, 4):
                o = s.outcomes[f"{b}{trump}"]
                assert o.made == (v >= b)
                # own side's score minus the other side's, which won at most 4 - v
                if o.made:
                    assert v - (4 - v) <= o.score <= v
                else:
                    assert -b - (4 - v) <= o.score <= -b


def _fake_api(monkeypatch, exact, reach):
    """Stand-ins for api.solve and api.makes that record their calls."""
    import atout.solver as api
    calls = []

    def fake_solve(state, *, all_cards=False, line=True, max_nodes=None, max_seconds=None, solver=None):
        calls.append(("solve", line, max_nodes))
        if exact:
            v, _, cards = playout(state)
            return api.SolveResult(v, True, v, v, line=cards if line else [], nodes=7)
        return api.SolveResult(-5, False, -5, 5, nodes=7)

    def fake_reaches(state, target, *, max_nodes=None, max_seconds=None, solver=None):
        calls.append(("makes", target, max_nodes))
        return api.Reach(reach, 0, 0.0)
    monkeypatch.setattr(api, "solve", fake_solve)
    monkeypatch.setattr(api, "reaches", fake_reaches)
    return calls


@pytest.mark.parametrize("reach, made", [(True, True), (False, False), (None, None)])
def test_unsettled_bounds_ask_the_boolean_search_once_per_threshold(monkeypatch, reach, made):
    from atout.analysis.bids import solve_group
    calls = _fake_api(monkeypatch, exact=False, reach=reach)
    p = planner("tarot", TAROT_HAND, seat=1)
    group = p.groups(p.sample(sample_rng(0, 0)))[0]          # take and guard share one solve
    out, nodes = solve_group(group, 1000, None)
    assert calls == [("solve", False, 1000), ("makes", 0, 1000)]
    assert out["take"] == out["guard"] == Outcome(-5, 5, made, None)
    assert nodes == 7


def test_an_exact_solve_under_a_limit_gets_its_line_without_the_limit(monkeypatch):
    from atout.analysis.bids import solve_group
    calls = _fake_api(monkeypatch, exact=True, reach=None)
    p = planner("smear", "A7.K.Q.J9", seat=1)
    group = p.groups(p.sample(sample_rng(0, 0)))[0]
    out, nodes = solve_group(group, 1000, None)
    assert calls == [("solve", False, 1000), ("solve", True, None)]
    assert all(o.score is not None and o.lower == o.upper for o in out.values()) and nodes == 14
    calls.clear()
    solve_group(group, None, None)
    assert calls == [("solve", True, None)]


# -- summary and recommendation ----------------------------------------------------------

def samples_with(scores_by_bid):
    n = len(next(iter(scores_by_bid.values())))
    return [SampleOutcome(i, {b: Outcome(0, 0, v > 0, float(v)) for b, v in
                              ((b, vals[i]) for b, vals in scores_by_bid.items())}) for i in range(n)]


def test_recommendation_is_clear_when_the_paired_difference_is_large():
    rng = random.Random(1)
    noise = [rng.gauss(0, 50) for _ in range(40)]
    # b beats a by 5 on every sample: a big noise, but the same samples
    samples = samples_with({"a": noise, "b": [x + 5 for x in noise]})
    sums = summarise(["a", "b"], samples)
    rec = recommend(sums, samples)
    assert rec.bid == "b" and rec.runner_up == "a" and rec.clear
    assert rec.margin == pytest.approx(5) and rec.margin_stderr == pytest.approx(0, abs=1e-9)
    assert sums[0].score_stderr > 5     # unpaired, they would not be separated


def test_recommendation_says_when_the_evidence_is_too_weak():
    rng = random.Random(2)
    samples = samples_with({"a": [rng.gauss(0, 10) for _ in range(30)],
                            "b": [rng.gauss(0.5, 10) for _ in range(30)]})
    rec = recommend(summarise(["a", "b"], samples), samples)
    assert not rec.clear and "too close" in rec.reason


def test_summary_counts():
    samples = [SampleOutcome(0, {"x": Outcome(3, 3, True, 2.0)}),
               SampleOutcome(1, {"x": Outcome(0, 1, False, None)}),
               SampleOutcome(2, {"x": Outcome(0, 9, None, None)})]
    (s,) = summarise(["x"], samples)
    assert (s.made, s.failed, s.unsettled, s.scored) == (1, 1, 1, 1)
    assert s.mean_score is None and s.made_bounds == (1 / 3, 2 / 3)


def test_interrupt_returns_the_partial_result():
    def progress(done, total):
        if done == 3:
            raise KeyboardInterrupt
    r = estimate_bids("smear", 0, "A7.K.Q.J9", samples=10, solve_fn=playout, progress=progress)
    assert r.interrupted and r.samples_done == 3
    assert all(s.samples == 3 for s in r.summaries)


def test_same_seed_same_answer_other_seed_other_deals():
    a = estimate_bids("belote", 1, "AK.7.Q8.", turned="SJ", samples=6, seed=4, solve_fn=playout)
    b = estimate_bids("belote", 1, "AK.7.Q8.", turned="SJ", samples=6, seed=4, solve_fn=playout)
    c = estimate_bids("belote", 1, "AK.7.Q8.", turned="SJ", samples=6, seed=5, solve_fn=playout)
    assert [s.outcomes for s in a.samples] == [s.outcomes for s in b.samples]
    assert [s.outcomes for s in a.samples] != [s.outcomes for s in c.samples]


@pytest.mark.skipif("bridge" not in SUPPORTED_GAMES, reason="the real solver does not support bridge yet")
def test_workers_do_not_change_the_answer_with_the_real_solver():
    kw = dict(samples=4, seed=7, max_nodes=3000)
    one = estimate_bids("bridge", "S", "AKQ2.KJ3.A54.Q72", workers=1, **kw)
    two = estimate_bids("bridge", "S", "AKQ2.KJ3.A54.Q72", workers=2, **kw)
    assert [s.outcomes for s in one.samples] == [s.outcomes for s in two.samples]
    for s in one.summaries[1:]:
        assert s.made + s.failed + s.unsettled == 4


@pytest.mark.parametrize("game, seat, hand, kw", [
    ("belote", 1, "AK.7.Q8.", {"turned": "SJ"}),
    ("smear", 2, "A7.K.Q.J9", {}),
])
def test_exact_games_with_the_real_solver(game, seat, hand, kw):
    if game not in SUPPORTED_GAMES:
        pytest.skip(f"the real solver does not support {game} yet")
    one = estimate_bids(game, seat, hand, samples=3, seed=1, workers=1, **kw)
    two = estimate_bids(game, seat, hand, samples=3, seed=1, workers=2, **kw)
    assert [s.outcomes for s in one.samples] == [s.outcomes for s in two.samples]
    for s in one.samples:
        for bid, o in s.outcomes.items():
            assert o.score is not None
            if bid != "pass":
                assert o.lower == o.upper and o.made is not None
    assert one.recommendation.bid in one.bids


@pytest.mark.skipif("bridge" not in SUPPORTED_GAMES, reason="the real solver does not support bridge yet")
def test_interrupt_with_workers_returns_a_gap_free_prefix():
    # progress counts the gap-free prefix, so whatever order the two workers
    # finish in, an interrupt at 2 keeps samples 0 and 1 (and any later ones
    # that were in before sample 1: a slow sample 0 does not hold the others)
    calls = []

    def progress(done, total):
        calls.append(done)
        if done == 2:
            raise KeyboardInterrupt
    r = estimate_bids("bridge", "S", "AKQ2.KJ3.A54.Q72", samples=8, seed=3, max_nodes=300, workers=2,
                      progress=progress)
    assert calls == [1, 2]
    assert r.interrupted and 2 <= r.samples_done <= 8
    assert [s.index for s in r.samples] == list(range(r.samples_done))


def test_parallel_progress_counts_the_prefix_whatever_the_order_of_finishing(monkeypatch):
    """Results that arrive out of order (here, in the order the batches below
    say) move the progress only once the samples before them are in."""
    from atout.analysis import partial as A
    from atout.analysis import executors as E

    class Done:
        def __init__(self, index):
            self.index = index

        def result(self):
            return self

    class InlinePool:
        def __init__(self, *args, **kwargs):
            pass

        def submit(self, worker, args):
            return Done(args[1])

        def shutdown(self, *args, **kwargs):
            pass

    batches = iter([[1], [3, 0], [2], [5, 4], [7, 6]])

    def wait_for_batch(pending, return_when=None):
        wanted = next(batches)
        finished = {f for f in pending if f.index in wanted}
        return finished, pending - finished

    monkeypatch.setattr(E, "ProcessPoolExecutor", InlinePool)
    monkeypatch.setattr(E, "wait", wait_for_batch)
    done, seen = {}, []
    A.run_parallel(None, None, 8, 2, done, lambda n, total: seen.append(n))
    assert seen == [1, 2, 3, 4, 5, 6, 7, 8]
    assert sorted(done) == list(range(8))


# -- the sampled deals ---------------------------------------------------------------------------

def test_tarot_samples_hold_the_hand_and_deal_the_rest_uniformly():
    p = planner("tarot", TAROT_HAND, seat=2)
    mine = get_game("tarot").parse_cards(" ".join(
        get_game("tarot").deck.token(c) for c in p.hand))
    in_dog = Counter()
    n = 1500
    for i in range(n):
        deal = p.sample(sample_rng(0, i))
        assert set(deal.hands[2].cards) == set(mine)
        assert all(h.size == 18 and not h.unknown for h in deal.hands)
        in_dog.update(deal.extra("dog"))
    # each of the 60 unseen cards lands in the dog with probability 6/60
    expected = n * 6 / 60
    assert set(in_dog) <= set(p.unseen)
    worst = max(abs(in_dog[c] - expected) for c in p.unseen)
    assert worst < 5 * (expected * 0.9) ** 0.5


def test_tarot_discard_is_always_legal():
    from atout.engine.tarot_bidding import check_discard
    deck = get_game("tarot").deck
    rng = random.Random(3)
    trumps = [c for c in deck.cards if c >= 64]
    for i in range(400):
        if i % 4 == 0:   # trump-heavy hands: the plain cards run short
            cards = rng.sample(trumps, 19) + rng.sample([c for c in deck.cards if c < 64], 5)
        else:
            cards = rng.sample(deck.cards, 24)
        check_discard(cards, tarot_discard(cards))


def test_tarot_discard_voids_a_short_suit_without_king():
    deck = get_game("tarot").deck
    cards = deck.parse_cards("S2 S3 HK H5 H6 H7 H8 D9 DT DJ C4 C5 C6 C7 C8 C9") + \
        [64 + n for n in range(2, 10)]
    discard = tarot_discard(cards)
    assert set(deck.parse_cards("S2 S3")) <= set(discard)


def test_belote_taker_gets_the_turned_card_and_two_unseen_ones():
    p = planner("belote", "AK.7.Q8.", seat=2, turned="SJ")
    deck = get_game("belote").deck
    turned = deck.parse_card("SJ")
    for i in range(200):
        deal = p.sample(sample_rng(1, i))
        taker = set(deal.hands[2].cards)
        assert p.hand <= taker and turned in taker and len(taker) == 8
        extra = taker - p.hand - {turned}
        assert len(extra) == 2 and extra <= set(p.unseen)
        assert sum(len(h.cards) for h in deal.hands) == 32
        for group in p.groups(deal):
            assert group.state.turned == turned and group.state.taker == 2


def test_smear_discards_are_legal_and_taken_cards_come_from_the_undealt():
    from atout.engine.smear import check_discard
    for widow in (1, 2, 3):
        p = planner("smear", "A7.K.Q.J9", seat=3, widow=widow)
        for i in range(60):
            deal, taken = p.sample(sample_rng(widow, i))
            assert set(deal.hands[3].cards) == set(p.hand)
            assert len(taken) == widow and set(taken) <= set(deal.extra("undealt"))
            for trump in p.trumps:
                held = set(p.hand) | set(taken)
                check_discard(held, smear_discard(held, trump), trump)
            for group in p.groups((deal, taken)):
                assert len(group.state.hands[3]) == 6


def test_smear_trumps_are_the_suits_held():
    p = planner("smear", "A87..Q.J9")
    assert p.bids == ["pass", "2S", "3S", "4S", "2D", "3D", "4D", "2C", "3C", "4C"]


def test_tarocco_candidates_are_legal_and_not_dominated():
    from atout.engine.tarocco import card_points, check_discard, simple_discard
    game = get_game("tarocco")
    for seed in range(30):
        deal = game.random_deal(seed)
        hand = set(deal.hands[3].cards) | set(deal.extra("discard"))
        chosen, n_legal, n_kept = tarocco_candidates(hand, 5)
        assert 1 <= len(chosen) <= 5 and n_kept <= n_legal
        assert tuple(sorted(simple_discard(hand))) in chosen
        for pair in chosen:
            check_discard(hand, pair)
        simple = tuple(sorted(simple_discard(hand)))
        for pair in chosen:
            if pair == simple:
                continue
            for card in pair:
                assert not any(o not in pair and suit_of(o) == suit_of(card) and suit_of(o) != TRUMPS
                               and card_points(o) == card_points(card) and (o & 15) < (card & 15)
                               and (o & 15) != 9 for o in hand)


def test_tarocco_samples_deal_45_cards_to_the_three_other_seats():
    game = get_game("tarocco")
    deal = game.random_deal(8)
    hand = game.deck.format_hand(set(deal.hands[3].cards) | set(deal.extra("discard")))
    p = planner("tarocco", hand, seat=3, candidates=2)
    hands = p.sample(sample_rng(0, 0))
    assert [len(h) for h in hands] == [15, 15, 15]
    for group in p.groups(hands):
        st = group.state
        assert len(st.hands[3]) == 15 and st.discard <= p.hand
        assert set().union(*st.hands[:3]) == set(p.unseen)


def tarot2_view(seat, seed=3):
    game = get_game("tarot2")
    deal = game.random_deal(seed)
    deck = game.deck
    hands = [deck.format_hand(h.cards) if s == seat else "?" for s, h in enumerate(deal.hands)]
    piles = [f"piles{p}:" + ",".join(deck.token(pile[0]) + "/?/?" for pile in deal.piles[p]) for p in (0, 1)]
    return deal, " ".join(hands + piles)


def test_tarot2_samples_keep_what_the_player_sees():
    deal, text = tarot2_view(1)
    p = planner("tarot2", text, seat=1)
    assert len(p.unseen) == 78 - 21 - 12
    for i in range(20):
        full = p.sample(sample_rng(0, i))
        assert full.is_complete and set(full.hands[1].cards) == set(deal.hands[1].cards)
        for player in (0, 1):
            assert [pile[0] for pile in full.piles[player]] == [pile[0] for pile in deal.piles[player]]
    r = estimate_bids("tarot2", 1, text, samples=3, solve_fn=playout)
    assert r.bids == ["first", "second"] and r.recommendation.bid is None
    for s in r.samples:   # player 1 makes exactly when player 0's margin is at most -1 point
        for bid in r.bids:
            o = s.outcomes[bid]
            assert o.made == (o.lower <= -2)
            assert (o.score > 0) == o.made or o.lower == -1


def test_bridge_scores():
    assert bridge_score(9, 3, "NT") == 400
    assert bridge_score(10, 2, "S") == 170
    assert bridge_score(12, 6, "H") == 980
    assert bridge_score(13, 7, "NT") == 1520
    assert bridge_score(8, 1, "C") == 90
    assert bridge_score(8, 1, "NT") == 120
    assert bridge_score(7, 3, "D") == -100


def test_bridge_bids_and_seats():
    r = estimate_bids("bridge", "W", "AKQ2.KJ3.A54.Q72", samples=2, solve_fn=playout)
    assert r.seat == 3 and len(r.bids) == 36
    p = planner("bridge", "AKQ2.KJ3.A54.Q72", seat=3)
    for i in range(20):
        deal = p.sample(sample_rng(0, i))
        assert set(deal.hands[3].cards) == set(p.hand) and deal.is_complete
    for s in r.samples:
        assert s.outcomes["3NT"].made == (s.outcomes["3NT"].lower >= 9)


# -- bad input ------------------------------------------------------------------------------------

@pytest.mark.parametrize("game, seat, hand, kw, match", [
    ("tarot", 0, hand_of("tarot", 1, 0, 17), {}, "17 cards"),
    ("tarot", 0, "AK.Q.J.T.21,20,19,18,17,16,15,14,13,12,11,10,9,8", {}, "unknown card"),
    ("tarot", 0, "KK.Q.J.T.21,20,19,18,17,16,15,14,13,12,11,10,9,8", {}, "twice"),
    ("tarot", 4, TAROT_HAND, {}, "unknown seat"),
    ("tarot", "x", TAROT_HAND, {}, "unknown seat"),
    ("tarocco", 0, "?", {}, "only the dealer"),
    ("tarot2", 2, "?", {}, "unknown seat"),
    ("bridge", "Q", "AKQ2.KJ3.A54.Q72", {}, "unknown seat"),
    ("belote", 0, "AK.7.Q8.", {}, "--turned"),
    ("belote", 0, "AK.7.Q8.", {"turned": "SA"}, "twice"),
    ("belote", 0, "AK.7.Q8.", {"turned": "XZ"}, "unknown card"),
    ("smear", 0, "A7.K.Q.J9", {"widow": 4}, "widow"),
    ("tarot", 0, TAROT_HAND, {"widow": 1}, "--widow"),
    ("smear", 0, "A7.K.Q.J9", {"turned": "SA"}, "--turned"),
    ("smear", 0, "A7.K.Q.J+1", {}, "must be known"),
    ("tarot2", 0, tarot2_view(1)[1], {}, "must all be known"),
])
def test_bad_input_is_one_clear_error(game, seat, hand, kw, match):
    with pytest.raises(AtoutError, match=match):
        estimate_bids(game, seat, hand, samples=1, solve_fn=always(0), **kw)


def run_cli(capsys, *args):
    from atout.cli.main import main
    with pytest.raises(SystemExit) as exc:
        main(["bid", *args])
    out = capsys.readouterr()
    return exc.value.code, out.out, out.err


@pytest.mark.parametrize("args, match", [
    (["-g", "tarot", "--seat", "0", hand_of("tarot", 1, 0, 17)], "17 cards"),
    (["-g", "smear", "--seat", "0", "A7.K.Q.JX"], "unknown card"),
    (["-g", "smear", "--seat", "0", "A7.K.Q.JJ"], "twice"),
    (["-g", "smear", "--seat", "9", "A7.K.Q.J9"], "unknown seat"),
    (["-g", "belote", "--seat", "0", "AK.7.Q8."], "--turned"),
    (["-g", "smear", "--seat", "0", "A7.K.Q.J9", "--samples", "0"], "samples"),
    (["-g", "chess", "--seat", "0", "A7.K.Q.J9"], "chess"),
])
def test_cli_bad_input_is_one_line_and_exit_2(capsys, args, match):
    code, out, err = run_cli(capsys, *args)
    assert code == 2 and out == ""
    assert err.startswith("atout: error:") and match in err and err.count("\n") == 1


@pytest.mark.skipif("bridge" not in SUPPORTED_GAMES, reason="the real solver does not support bridge yet")
def test_cli_text_and_json_with_the_real_solver(capsys):
    from atout.cli.main import main
    args = ["bid", "-g", "bridge", "--seat", "N", "AKQ2.KJ3.A54.Q72", "--samples", "2",
            "--workers", "1", "--max-nodes", "500"]
    main(args)
    text = capsys.readouterr().out
    assert "bridge: N, 2 of 2 samples" in text and "3NT" in text
    main(args + ["--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["samples"] == 2 and len(data["bids"]) == 36
    for b in data["bids"][1:]:
        assert b["made"] + b["failed"] + b["unsettled"] == 2


def test_tarot_discards_seen_by_the_solver_are_legal():
    from atout.engine.tarot_bidding import check_discard
    p = planner("tarot", TAROT_HAND, seat=0)
    for i in range(50):
        deal = p.sample(sample_rng(3, i))
        groups = p.groups(deal)
        state = groups[0].state
        assert state.contract == "guard" and len(state.discard) == 6
        check_discard(set(p.hand) | set(deal.extra("dog")), state.discard)
        assert state.hands[0] == (set(p.hand) | set(deal.extra("dog"))) - state.discard
        assert [g.state.contract for g in groups[1:]] == ["guard_without", "guard_against"]


def test_parse_bid_seat():
    assert parse_bid_seat("bridge", "e") == 1
    assert parse_bid_seat("tarot", "2") == 2
    assert parse_bid_seat("tarocco", 3) == 3
    with pytest.raises(RuleError):
        parse_bid_seat("tarot2", 1.5)
    with pytest.raises(NotationError):
        planner("tarot", "?")
