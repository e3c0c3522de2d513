"""What the play reveals, and dealing the unseen cards consistently with it."""

import random

import pytest

from atout.engine import IllegalPlayError, get_game
from atout.engine.deal import Packet
from atout.engine.inference import replay, sample_deal

BRIDGE = get_game("bridge")
PBN = "N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J4"


def south_view():
    """South's view: its own hand and the dummy (North) known."""
    deal = BRIDGE.parse_deal(PBN)
    return deal.__class__(deal.game, (deal.hands[0], Packet(frozenset(), 13), deal.hands[2],
                                      Packet(frozenset(), 13)), {})


def test_plays_are_given_to_the_seats_in_turn_and_following_reveals_nothing():
    view = south_view()
    # South declares NT: West leads D4, North wins with DA and leads SK
    played = BRIDGE.parse_cards("D4 DA D2 D3 SK SA S2 S6")
    knowledge = replay(view, played, declarer="S", strain="NT")
    assert knowledge.players == [3, 0, 1, 2, 0, 1, 2, 3]
    assert knowledge.forbidden[1] == set() and knowledge.forbidden[3] == set()


def test_void_inference_from_a_discard():
    deal = BRIDGE.parse_deal(PBN)
    view = deal.__class__(deal.game, (deal.hands[0], Packet(frozenset(), 13), deal.hands[2],
                                      Packet(frozenset(), 13)), {})
    # West leads a spade, North follows, East (A.AQT94.82.KT932) follows with SA,
    # next trick East leads H, ... instead: make East discard on the second spade
    played = BRIDGE.parse_cards("ST S4 SA S2  H4 H6 HK H8  S9 SJ C2")
    knowledge = replay(view, played, declarer="S", strain="NT")
    spades = {c for c in BRIDGE.deck.cards if c < 16}
    assert spades - set(BRIDGE.parse_cards("SK SQ S7 S5 S3 S8 S6")) - set(played) <= knowledge.forbidden[1]
    rng = random.Random(0)
    for _ in range(50):
        full = sample_deal(knowledge, rng)
        assert not (full.hands[1].cards & spades - set(played))
        assert full.hands[0] == deal.hands[0] and full.hands[2] == deal.hands[2]
        assert sorted(full.known_cards()) == sorted(BRIDGE.deck.cards)
        BRIDGE.state_after(full, played, declarer="S", strain="NT")  # the plays are legal


def test_illegal_play_of_a_known_hand_is_refused():
    view = south_view()
    # North holds diamonds: cannot discard a spade on a diamond lead
    with pytest.raises(IllegalPlayError, match="must play one of"):
        replay(view, BRIDGE.parse_cards("D4 SK"), declarer="S", strain="NT")
    with pytest.raises(IllegalPlayError, match="seat 0's hand"):
        replay(view, BRIDGE.parse_cards("SK"), declarer="S", strain="NT")



def tarot_views(seed: int, draw_seed: str):
    """Every view of a card to play in the tarot deal of ``seed``, played by
    the easy player's calls and random cards (as bench/sampler_speed.py)."""
    from atout.engine.round import Round
    from atout.players import make_player
    rnd = Round.new("tarot", seed=seed)
    easy = make_player("tarot", "easy", seed=0)
    rng = random.Random(draw_seed)
    views = []
    while not rnd.is_over():
        view = rnd.view(rnd.to_act)
        if view.phase == "play":
            views.append(view)
            rnd.apply(rng.choice(view.legal))
        else:
            rnd.apply(easy.decide(view))
    return views


def test_a_handful_shown_with_the_excuse_leaves_its_owner_no_other_trump():
    """Seat 1 takes and shows nine trumps and the Excuse: the Excuse stands
    in for a trump only when the hand holds no other, so no drawn deal gives
    seat 1 another trump, and every drawn deal can be played (the handful's
    rule refuses a deal with another trump in that hand)."""
    from atout.engine.cards import FOOL, TRUMPS, suit_of
    tarot = get_game("tarot")
    views = [v for v in tarot_views(2026_12_17, "sampler-speed/20261204/13")
             if v.seat != 1 and FOOL in v.contract.get("handfuls", {}).get(1, ())]
    assert views
    rng = random.Random(7)
    for view in views[::4]:
        shown = set(view.contract["handfuls"][1])
        model = tarot.sampling_model(view.known_deal, view.played, dict(view.contract))
        for _ in range(10):
            full, contract = model.sample(rng)
            assert not {c for c in full.hand(1) if suit_of(c) == TRUMPS} - shown
            tarot.state_after(full, view.played, **contract)


def test_a_known_card_played_earlier_says_nothing_of_the_hand_later():
    """Seat 1 played every trump of its handful, then a club on a spade lead:
    that rules out spades and trumps among the cards it still holds, not the
    known trumps it played before (the replay took the play for illegal)."""
    tarot = get_game("tarot")
    views = tarot_views(2026_12_04 + 13, "sampler-speed/20261204/13")
    late = [v for v in views if v.seat == 2 and len(v.played) > 60]
    assert late
    for view in late:
        model = tarot.sampling_model(view.known_deal, view.played, dict(view.contract))
        full, contract = model.sample(random.Random(3))
        tarot.state_after(full, view.played, **contract)
