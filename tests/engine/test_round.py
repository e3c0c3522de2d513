"""A whole deal of every game (engine/round.py): every decision from the
first call to the score, checked against the engine's own rules; what each
seat sees; undo, save and restore; bad input."""

import json
import random

import pytest

from atout.engine import GAME_NAMES, AtoutError, IllegalPlayError, RuleError, get_game
from atout.engine.cards import TRUMPS, suit_of
from atout.engine.round import Round
from atout.players import make_player
from deals import swap_unseen

#: every phase each game goes through (Smear's widow phases with widow > 0)
PHASES = {
    "tarot": {"auction", "discard", "declare", "play"},
    "belote": {"auction", "play"},
    "smear": {"auction", "trump", "discard", "play"},
    "tarocco": {"discard", "play"},
    "tarot2": {"play"},
    "bridge": {"play"},
}
DEALS = {"tarot": 24, "belote": 30, "smear": 30, "tarocco": 6, "tarot2": 4, "bridge": 8}


def options_for(game, seed):
    return {"widow": seed % 4} if game == "smear" else {}


def check_against_engine(rnd, action, engine_before):
    """The engine, asked on its own, agrees the decision is legal."""
    game = rnd.game.name
    if action.kind == "card":
        state = rnd.state
        assert action.value in state.legal_cards()
    elif rnd.phase == "auction" and game == "tarot":
        assert action.value in engine_before.legal_bids()
    elif rnd.phase == "auction" and game in ("belote", "smear"):
        assert str(action.value).lower() in [str(c).lower() for c in engine_before.legal_calls()]


@pytest.mark.parametrize("game", GAME_NAMES)
@pytest.mark.parametrize("level", ["random", "easy"])
def test_every_decision_of_every_phase_is_legal(game, level):
    seen = set()
    decisions = 0
    for seed in range(DEALS[game]):
        rnd = Round.new(game, seed=seed, **options_for(game, seed))
        players = [make_player(game, level, seed=seed * 10 + s) for s in range(rnd.n_seats)]
        while not rnd.is_over():
            seat = rnd.to_act
            view = rnd.view(seat)
            assert list(view.legal) == rnd.legal_actions()
            action = players[seat].decide(view)
            assert action in rnd.legal_actions()
            check_against_engine(rnd, action, getattr(rnd._driver, "bids", None) or getattr(rnd._driver, "calls", None))
            seen.add(rnd.phase)
            rnd.apply(action)
            decisions += 1
        score = rnd.score()
        results = [rnd.seat_result(s) for s in range(rnd.n_seats)]
        assert sum(results) == pytest.approx(0)
        if not score.get("void"):
            assert rnd.state.is_over() and rnd.state.score() == score
            if game == "tarot" and rnd.state.contract in ("take", "guard"):
                from atout.engine.tarot_bidding import check_discard
                pool = set(rnd.deal.hand(rnd.state.taker)) | set(rnd.deal.extra("dog"))
                check_discard(pool, rnd.state.discard)
    if level == "easy" or game not in ("tarot",):
        assert seen == PHASES[game], f"phases not visited: {PHASES[game] - seen}"
    assert decisions >= 100


def test_tarot_discard_phase_with_random_bids_too():
    """Random bidders rarely stop at take or guard: force one and let random
    players discard."""
    rnd = Round.new("tarot", seed=3)
    for token in ("pass", "pass", "pass", "guard"):
        rnd.apply(token)
    assert rnd.phase == "discard" and rnd.to_act == 3
    player = make_player("tarot", "random", seed=1)
    for _ in range(6):
        rnd.apply(player.decide(rnd.view(3)))
    assert rnd.phase == "declare"
    assert len(rnd.view(3).private["discard"]) == 6
    assert "discard" not in rnd.view(0).private


def hand_with_trumps(count):
    for seed in range(2000):
        deal = get_game("tarot").random_deal(seed)
        for seat in range(1, 4):
            if sum(1 for c in deal.hand(seat) if suit_of(c) == TRUMPS) >= count:
                return seed, seat
    raise AssertionError("no such deal")


def test_a_handful_is_declared_and_shown_with_the_first_card():
    seed, seat = hand_with_trumps(10)
    rnd = Round.new("tarot", seed=seed)
    while rnd.phase == "auction":
        rnd.apply("guard_without" if rnd.to_act == seat else "pass")
    rnd.apply("no_slam")
    while rnd.phase == "declare":
        rnd.apply("handful" if rnd.to_act == seat else "no_handful")
    other = (seat + 1) % 4
    while rnd.to_act != seat:     # shown as its owner is to play its first card
        assert rnd.view(other).public["handfuls"] == {}
        rnd.apply(rnd.legal_actions()[0])
    shown = rnd.view(other).public["handfuls"][seat]
    assert len(shown) == 10 and all(suit_of(c) == TRUMPS for c in shown)
    assert (seat, "handful", get_game("tarot").deck.format_cards(shown)) in rnd.view(other).announcements


def test_a_slam_announced_lets_the_taker_lead():
    rnd = Round.new("tarot", seed=5)
    for token in ("pass", "guard_without", "pass", "pass"):
        rnd.apply(token)
    assert [a.token for a in rnd.legal_actions()] == ["no_slam", "slam"]
    rnd.apply("slam")
    while rnd.phase == "declare":
        rnd.apply("no_handful")
    assert rnd.to_act == 1
    assert (1, "slam", "") in rnd.view(0).announcements


def test_belote_rounds_and_the_automatic_announcement():
    # find a deal whose taker holds K and Q of trumps
    for seed in range(300):
        rnd = Round.new("belote", seed=seed)
        rnd.apply("take")
        seat = rnd.state.belote_rebelote_seat()
        if seat is not None:
            break
    view = rnd.view(1)
    assert view.public["turned"] == rnd.deal.turned and view.public["taker"] == 0
    assert not view.announcements
    player = make_player("belote", "random", seed=0)
    while not rnd.is_over():
        rnd.apply(player.decide(rnd.view(rnd.to_act)))
    assert [what for s, what, _ in rnd.view(1).announcements] == ["belote", "rebelote"]


def test_belote_second_round_names_another_suit_and_four_passes_twice_are_void():
    rnd = Round.new("belote", seed=2)
    for _ in range(4):
        rnd.apply("pass")
    turned = "SHDC"[suit_of(rnd.deal.turned)]
    tokens = [a.token for a in rnd.legal_actions()]
    assert tokens[0] == "pass" and turned not in tokens and len(tokens) == 4
    for _ in range(4):
        rnd.apply("pass")
    assert rnd.is_over() and rnd.score()["void"] and rnd.seat_result(0) == 0


def test_smear_widow_pick_up_trump_and_discard():
    rnd = Round.new("smear", seed=4, widow=3)
    rnd.apply("2")
    for _ in range(3):
        rnd.apply("pass")
    assert rnd.phase == "trump" and rnd.to_act == 0
    view = rnd.view(0)
    assert len(view.hand) == 9 and len(view.private["taken"]) == 3
    assert "taken" not in rnd.view(1).private and len(rnd.view(1).hand) == 6
    trump = view.legal[0].token
    rnd.apply(trump)
    for _ in range(3):
        rnd.apply(rnd.legal_actions()[0])
    assert rnd.phase == "play" and rnd.state.fixed_trump == "SHDC".index(trump)
    assert all(suit_of(a.value) == "SHDC".index(trump) for a in rnd.legal_actions())


def test_tarocco_dealer_discards_and_the_trumps_are_announced():
    rnd = Round.new("tarocco", seed=1)
    assert rnd.phase == "discard" and rnd.to_act == 3 and len(rnd.view(3).hand) == 17
    assert len(rnd.view(0).hand) == 15 and not rnd.view(0).legal
    from atout.engine.tarocco import legal_discards
    legal_pairs = legal_discards(rnd.view(3).hand)
    first = {c for pair in legal_pairs for c in pair}
    assert {a.value for a in rnd.legal_actions()} == first
    rnd.apply(rnd.legal_actions()[0])
    rnd.apply(rnd.legal_actions()[0])
    assert rnd.phase == "play"
    assert rnd.view(0).announcements[0][:2] == (3, "discard_trumps")
    assert "discard" not in rnd.view(0).private and len(rnd.view(3).private["discard"]) == 2


def test_bridge_declarer_plays_the_dummy_shown_after_the_opening_lead():
    rnd = Round.new("bridge", seed=1, declarer="S", strain="H", level=4)
    assert rnd.to_act == 3 and "dummy" not in rnd.view(3).public
    rnd.apply(rnd.legal_actions()[0])
    assert rnd.to_act == 2 and rnd.view(2).acting_for == 0      # South plays North's card
    assert rnd.view(1).public["dummy"] == tuple(sorted(rnd.state.hands[0]))
    assert rnd.view(1).known_deal.hands[0].cards == rnd.deal.hand(0)


# -- the view --------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAME_NAMES)
def test_two_deals_that_look_the_same_give_the_same_view_and_decision(game):
    seat = {"bridge": 3, "tarocco": 0}.get(game, 0)
    for seed in range(3):
        one = Round.new(game, seed=seed)
        two = Round(game, seed, swap_unseen(game, one.deal, seat), one.stock, {})
        assert one.deal != two.deal
        # play both deals with the same decisions until the seat decides
        # with the same view in both
        others = make_player(game, "easy", seed=9)
        while one.to_act != seat:
            action = others.decide(one.view(one.to_act))
            one.apply(action)
            two.apply(action.token)
        assert one.view(seat) == two.view(seat)
        for level in ("random", "easy"):
            player = make_player(game, level, seed=seed)
            assert player.decide(one.view(seat)) == player.decide(two.view(seat))


def test_the_view_of_the_play_knows_only_the_seats_own_cards():
    rnd = Round.new("tarot", seed=0)
    for token in ("pass", "pass", "guard_without", "pass"):
        rnd.apply(token)
    while rnd.phase == "declare":
        rnd.apply(rnd.legal_actions()[0])
    view = rnd.view(0)
    deal = view.known_deal
    assert deal.hands[0].cards == rnd.deal.hand(0)
    assert all(not deal.hands[s].cards and deal.hands[s].unknown == 18 for s in (1, 2, 3))
    assert not deal.extras["dog"].cards
    assert view.contract == {"taker": 2, "contract": "guard_without", "slam": False}


# -- undo, save, restore, bad input ---------------------------------------------------------

@pytest.mark.parametrize("game", GAME_NAMES)
def test_undo_and_save_restore_replay_the_same_round(game):
    rnd = Round.new(game, seed=7, **({"widow": 2} if game == "smear" else {}))
    rng = random.Random(7)
    views = []
    while not rnd.is_over() and len(rnd.actions) < 30:
        views.append(rnd.view(rnd.to_act))
        rnd.apply(rng.choice(rnd.legal_actions()))
    data = json.loads(json.dumps(rnd.to_dict()))
    again = Round.from_dict(data)
    assert [a.token for a in again.actions] == [a.token for a in rnd.actions]
    assert again.view(0) == rnd.view(0)
    for view in reversed(views[-5:]):
        rnd.undo()
        assert rnd.view(view.seat) == view


def test_an_illegal_decision_raises_and_changes_nothing():
    rnd = Round.new("belote", seed=0)
    with pytest.raises(RuleError, match="illegal bid"):
        rnd.apply("H" if "SHDC"[suit_of(rnd.deal.turned)] != "H" else "S")
    assert not rnd.actions
    for _ in range(3):
        rnd.apply("pass")
    rnd.apply("take")
    view = rnd.view(0)
    not_held = next(c for c in get_game("belote").deck.cards if c not in view.hand)
    with pytest.raises(IllegalPlayError):
        rnd.apply(get_game("belote").deck.token(not_held))
    with pytest.raises(IllegalPlayError, match="unknown card"):
        rnd.apply("XX")
    assert rnd.view(0) == view
    with pytest.raises(RuleError):
        rnd.view(4)


def test_bad_options_and_saved_data_are_errors():
    with pytest.raises(AtoutError):
        Round.new("tarot2", first=2)
    with pytest.raises(RuleError):
        Round.new("tarot", taker=1)
    with pytest.raises(RuleError):
        Round.new("smear", widow=5)
    with pytest.raises(RuleError, match="unknown belote option 'colour'"):
        Round.new("belote", colour="blue")     # options go to new_state untouched: unknown ones fail
    with pytest.raises(RuleError, match="decisions fix it"):
        Round.new("belote", trump="H")
    with pytest.raises(RuleError, match="decisions fix it"):
        Round.new("smear", bidder=1)
    with pytest.raises(RuleError):
        Round.from_dict({"nothing": 1})
    with pytest.raises(AtoutError):
        Round.from_dict({"game": "belote", "deal": "x", "actions": []})
    rnd = Round.new("belote", seed=0)
    data = rnd.to_dict()
    data["actions"] = ["take", "take"]
    with pytest.raises(AtoutError, match="unknown card 'take'"):
        Round.from_dict(data)
    with pytest.raises(RuleError):
        rnd.undo()
