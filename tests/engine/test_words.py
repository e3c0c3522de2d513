"""atout's vocabulary (engine/words.py): seats and sides from a chair or
neutral, the one display form of cards (read back in every form), calls in
words, and every game's score in sentences that agree with the score."""

import pytest

from atout.engine import get_game
from atout.engine.round import Round
from atout.engine.words import Names, call_label, call_token, card_label, score_sentences
from atout.players import make_player

from test_tarot import all_trumps_deal, play_out, trumps


def finished_round(game, seed, **options):
    rnd = Round.new(game, seed=seed, **options)
    bots = {s: make_player(game, "easy", seed=seed * 10 + s) for s in range(rnd.n_seats)}
    while not rnd.is_over():
        rnd.apply(bots[rnd.to_act].decide(rnd.view(rnd.to_act)))
    return rnd


#: seeds whose deal is played (not all passed) with easy players
PLAYED = {"tarot": 1, "belote": 3, "smear": 1, "tarocco": 1, "tarot2": 1, "bridge": 1}


# -- seats and sides ---------------------------------------------------------------------------

def test_seats_from_a_chair_and_neutral():
    belote = Names(get_game("belote"), viewer=1)
    assert [belote.seat(s) for s in range(4)] == [
        "the opponent on your right", "you", "the opponent on your left", "your partner"]
    assert belote.side(1) == "you and your partner" and belote.side(0) == "the opponents"
    bridge = Names(get_game("bridge"), viewer=2)
    assert bridge.seat(0) == "your partner (N)" and bridge.seat(3) == "the opponent on your left (W)"
    assert bridge.side(1) == "the opponents (E-W)"
    neutral = Names(get_game("bridge"))
    assert [neutral.seat(s) for s in range(4)] == ["N", "E", "S", "W"] and neutral.side(0) == "N-S"
    assert Names(get_game("tarot2"), viewer=0).seat(1) == "the opponent"
    assert Names(get_game("smear")).side(1) == "seats 1+3"


def test_tarot_sides_follow_the_taker():
    game = get_game("tarot")
    state = game.new_state(game.random_deal(0), taker=2)
    assert Names.of(state).side(0) == "the taker (seat 2)"
    assert Names.of(state, viewer=2).side(0) == "you"
    assert Names.of(state, viewer=0).side(0) == "the taker (the player opposite you)"
    assert Names.of(state, viewer=0).side(1) == "you and your partners"


def test_verbs_agree_with_their_subject():
    names = Names(get_game("tarot2"), viewer=0)
    assert names.seat(0).does("win") == "you win" and names.seat(1).does("win") == "the opponent wins"
    assert Names(get_game("belote")).side(0).does("score") == "seats 0+2 score"


# -- cards -------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["tarot", "tarocco", "belote", "smear", "bridge"])
def test_every_form_of_every_card_reads_back(game):
    deck = get_game(game).deck
    for card in deck.cards:
        forms = {deck.token(card), deck.pretty(card), card_label(deck, card), deck.token(card).lower()}
        assert all(deck.parse_card(f) == card for f in forms), forms


def test_the_display_form_is_the_rank_then_the_suit():
    tarot, bridge, tarocco = (get_game(g).deck for g in ("tarot", "bridge", "tarocco"))
    assert card_label(bridge, bridge.parse_card("HT")) == "10♥"
    assert card_label(bridge, bridge.parse_card("SK")) == "K♠"
    assert card_label(tarot, tarot.parse_card("21")) == "21" and card_label(tarot, tarot.parse_card("EX")) == "EX"
    assert card_label(tarocco, tarocco.parse_card("SK")) == "KS"
    assert tarot.parse_card("10") == tarot.parse_card("10") and tarot.token(tarot.parse_card("10")) == "10"
    assert bridge.parse_card("10h") == bridge.parse_card("♥10") == bridge.parse_card("HT")


# -- calls -------------------------------------------------------------------------------------

def test_calls_in_words_and_read_back():
    assert call_label("tarot", "guard_without") == "guard without the dog"
    assert call_label("tarot", "no_slam") == "no slam"
    assert call_label("belote", "H") == "hearts" and call_label("smear", "3") == "bid 3"
    legal = ["pass", "guard_without", "guard_against"]
    assert call_token("tarot", "guard without the dog", legal) == "guard_without"
    assert call_token("tarot", "Guard against", legal) == "guard_against"
    assert call_token("belote", "hearts", ["pass", "H", "S"]) == "H"
    assert call_token("tarot", "guard", legal) is None


# -- scores ------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", sorted(PLAYED))
def test_every_game_says_its_score_from_every_chair(game):
    rnd = finished_round(game, PLAYED[game])
    neutral = score_sentences(rnd.state, rnd.score())
    assert len(neutral) >= 2 and all(s[0].isupper() and s.endswith(".") for s in neutral)
    assert not any(word in " ".join(neutral) for word in ("you", "None", "Fraction", "{", "_"))
    for seat in range(rnd.n_seats):
        mine = score_sentences(rnd.state, rnd.score(), seat)
        assert any("you" in s.lower() for s in mine)
        assert len(mine) == len(neutral)


@pytest.mark.parametrize("game", sorted(PLAYED))
def test_points_so_far_end_equal_to_the_score(game):
    rnd = finished_round(game, PLAYED[game])
    score, points = rnd.score(), rnd.state.points_so_far()
    expected = {"tarot": lambda: score["points"], "belote": lambda: score["card_points"][0],
                "smear": lambda: score["game_points"][0], "tarocco": lambda: score["points"][0],
                "tarot2": lambda: score["points"][0], "bridge": lambda: score["tricks"]}[game]()
    first = points[rnd.state.max_side] if game == "bridge" else points[0]
    assert first == expected


def test_tarot_says_every_line_that_applied():
    state = get_game("tarot").new_state(all_trumps_deal(), taker=0, contract="guard",
                                        handfuls={0: trumps(21, 7)})
    play_out(state, keep={0: "1"})
    text = "\n".join(score_sentences(state, state.score()))
    assert text.startswith("The taker (seat 0) made the guard by 46 points and won the deal.")
    assert "87 with 2 oudlers" in text and "target of 41" in text
    assert "Petit au bout: +10" in text and "Times 2 for the guard: +162." in text
    assert "Slam made without being announced: +200" in text
    assert "triple handful (15 trumps), worth 60" in text
    total = (25 + 46 + 10) * 2 + 200 + 60
    assert f"seat 0 +{total}" in text
    mine = score_sentences(state, state.score(), viewer=0)
    assert mine[0] == "You made the guard by 46 points and won the deal."


def test_a_void_deal_says_so():
    rnd = finished_round("belote", 1)
    assert rnd.score()["void"]
    assert score_sentences(rnd.state, rnd.score(), 0) == ["Everybody passed: the deal is void."]


def test_bids_weighed_by_atout_bid_in_words():
    from atout.engine.words import bid_label
    assert bid_label("tarot", "guard_against") == "guard against the dog"
    assert bid_label("belote", "take H") == "take (hearts trumps)" and bid_label("belote", "name C") == "name clubs"
    assert bid_label("smear", "3D") == "3 in diamonds" and bid_label("smear", "pass") == "pass"
    assert bid_label("bridge", "3NT") == "3NT"
