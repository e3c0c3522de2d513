"""players/signals.py: bridge defenders' count signals, given among the
cards worth the best and read by the partner as a weight on drawn deals."""

import random

import pytest

from atout.engine import OptionError, get_game
from atout.players import make_player
from atout.players.signals import (SignalInference, conventional_card, count_card, denied_card, equal_cards,
                                   equals_denied, signal, signal_cards)

GAME = get_game("bridge")
C = GAME.deck.parse_card
# N, E, S, W against 3NT by South: West is on lead
DEAL = "N:AKQ.AKQ.AKQ.AKQ2 JT9.JT9.JT9.JT98 876.876.876.7654 5432.5432.5432.3"


def cards(text):
    return [C(t) for t in text.split()]


def test_count_is_the_highest_small_card_with_an_even_holding_the_lowest_with_an_odd_one():
    assert count_card(cards("C7 C2"), 2) == C("C7")
    assert count_card(cards("C7 C5 C2"), 3) == C("C2")
    assert count_card(cards("C9 C7 C5 C2"), 4) == C("C9")


def test_a_signal_follows_the_suit_led_for_the_first_time_with_small_cards_that_do_not_win():
    trick, hand = cards("CK"), cards("CA C9 C7 C2 S3")
    # the ace beats the king, the small ones do not
    assert signal_cards(trick, hand, set(), None, hand) == cards("C2 C7 C9")
    assert signal_cards(trick, hand, {C("C3") >> 4}, None, hand) == []        # played to clubs before
    assert signal_cards(cards("DK"), hand, set(), None, hand) == []           # void: a discard
    assert signal_cards(cards("C3 S2"), hand, set(), 0, hand) == cards("C2 C7 C9")  # trumped: none wins
    assert signal_cards(cards("C8"), cards("CT C9 C7 C2"), set(), None, cards("CT C9 C7 C2")) == cards("C2 C7")
    assert signal_cards((), hand, set(), None, hand) == []                    # a lead is no signal


def test_a_signal_is_given_among_tied_cards_only():
    hand = cards("C9 C7 C2 S3")         # three clubs: the lowest
    assert signal(cards("CK"), hand, set(), None, cards("C9 C7 C2")) == C("C2")
    assert signal(cards("CK"), hand, set(), None, cards("C9 C7")) == C("C7")
    assert signal(cards("CK"), hand, set(), None, cards("C9")) is None        # one tied card: no choice
    even = cards("C9 C2 S3")
    assert signal(cards("CK"), even, set(), None, cards("C9 C2")) == C("C9")


def test_the_partner_reads_the_signal_as_a_weight_on_each_drawn_deal():
    # West leads a club, dummy wins with the ace, East follows from J T 9 8:
    # four clubs, even, so its count card is the nine (the jack and ten are
    # not small cards)
    deal = GAME.parse_deal(DEAL)
    contract = {"declarer": "S", "strain": "NT"}
    reader = SignalInference(GAME, 3, 0.25)
    assert reader.state_and_weight(deal, cards("C3 CA C9"), contract)[1] == 1.0
    assert reader.state_and_weight(deal, cards("C3 CA C8"), contract)[1] == 0.25
    # the declarer's cards and West's own are not read
    assert reader.state_and_weight(deal, cards("C3 CA C9 C4"), contract)[1] == 1.0
    assert SignalInference(GAME, 1, 0.25).state_and_weight(deal, cards("C3 CA C8"), contract)[1] == 1.0


def test_signals_are_bridges_and_off_for_the_baseline():
    with pytest.raises(OptionError, match="signals"):
        make_player("belote", "hard", signals=30)
    assert make_player("bridge", "hard", signals=30).signal_slip == 0.3
    assert make_player("bridge", "hard", baseline=1).signal_slip == 0.0


def test_a_defender_signals_among_its_cards_worth_the_best_and_a_declarer_never():
    from atout.engine.round import Round
    rnd = Round("bridge", 0, DEAL, None, {"declarer": "S", "strain": "NT", "level": 3})
    rnd.apply("C3")
    rnd.apply("CA")
    east = rnd.view(1)
    player = make_player("bridge", "hard", signals=30)
    values = {a.value: 0.0 for a in east.legal}
    assert player.best_card(east, values) == C("C9")        # four clubs: high
    assert player.best_card(east, {**values, C("C9"): -0.5}) != C("C9")
    baseline = make_player("bridge", "hard", equals=0)
    assert baseline.best_card(east, values) == C("C8")      # no signal: the lowest card
    rnd.apply("C9")
    south = rnd.view(2)                                     # the declarer follows: no signal
    assert player.count_signal(south, {a.value: 0.0 for a in south.legal}, 0.0) is None


# -- equal cards: the top of a sequence led, the lowest of equals otherwise ------------

def test_equal_cards_are_next_to_each_other_among_the_cards_not_gathered():
    hand = set(cards("CK CQ CJ C9 C2 S3"))
    assert equal_cards(GAME, C("CQ"), hand, set()) == cards("CJ CQ CK")
    assert equal_cards(GAME, C("C9"), hand, set()) == cards("C9")           # the ten is out
    gone = set(cards("CT"))                                                  # gathered in a trick
    assert equal_cards(GAME, C("C9"), hand, gone) == cards("C9 CJ CQ CK")
    assert conventional_card(GAME, C("CJ"), hand, gone, leading=True) == C("CK")
    assert conventional_card(GAME, C("CK"), hand, gone, leading=False) == C("C9")
    assert conventional_card(GAME, C("C2"), hand, gone, leading=True) == C("C2")


def test_a_card_denies_the_one_above_a_lead_and_below_any_other():
    assert denied_card(GAME, C("CK"), set(), leading=True) == C("CA")
    assert denied_card(GAME, C("CK"), set(), leading=False) == C("CQ")
    assert denied_card(GAME, C("CK"), set(cards("CA")), leading=True) is None
    assert denied_card(GAME, C("C3"), set(cards("C2")), leading=False) is None
    assert denied_card(GAME, C("CJ"), set(cards("CT")), leading=False) == C("C9")
    # West leads the king, North the ace, East the queen, South the two;
    # then East leads the three: West does not hold the ace (played anyway),
    # East not the jack (below its queen) nor the four (above its lead)
    played, seats = cards("CK CA CQ C2 C3"), [3, 0, 1, 2, 1]
    assert equals_denied(GAME, played, seats, 3) == set()
    assert equals_denied(GAME, played, seats, 1) == set(cards("CJ C4"))


def test_the_agreement_never_denies_a_card_its_player_holds():
    """Random legal play where each card is the agreement's from its equals:
    no card a play denies is in its player's hand then."""
    from atout.engine.round import Round
    for seed in range(40):
        rng = random.Random(seed)
        deck = list(GAME.deck.cards)
        rng.shuffle(deck)
        hands = [deck[13 * i:13 * i + 13] for i in range(4)]
        text = "N:" + " ".join(".".join("".join(GAME.deck.token(c)[1:] for c in sorted(
            (c for c in h if c >> 4 == s), reverse=True)) for s in range(4)) for h in hands)
        rnd = Round("bridge", 0, text, None, {"declarer": "S", "strain": rng.choice(["NT", "S"]), "level": 3})
        seats, played = [], []
        while rnd.phase == "play":
            view = rnd.view(rnd.to_act)
            card = rng.choice(view.legal).value
            mover = next(s for s in range(4) if card in hands[s])   # the dummy's cards too
            now = set(hands[mover]) - set(played)
            gone = set(played[:len(played) - len(view.trick[1])])
            card = conventional_card(GAME, card, now, gone, not view.trick[1])
            denied = equals_denied(GAME, played + [card], seats + [mover], mover) \
                - equals_denied(GAME, played, seats, mover)
            assert not denied & now, (seed, GAME.deck.token(card))
            rnd.apply(GAME.deck.token(card))
            played.append(card)
            seats.append(mover)


def test_a_defender_leads_the_top_of_equal_cards_and_follows_with_the_lowest(monkeypatch):
    from atout.engine.round import Round
    rnd = Round("bridge", 0, DEAL, None, {"declarer": "S", "strain": "NT", "level": 3})
    player = make_player("bridge", "hard", equals=1)
    baseline = make_player("bridge", "hard", equals=0)
    for who in (player, baseline):      # every card worth the same: the choice is the agreement's
        monkeypatch.setattr(who, "card_values", lambda view: {a.value: 0.0 for a in view.legal})
    west = rnd.view(3)                                      # West: 5432 in each suit but clubs
    assert player.choose(west).value == C("S5")             # 5432 equal: the top of them
    assert baseline.choose(west).value == C("S2")           # the lowest number
    rnd.apply("S5")
    rnd.apply("SA")
    east = rnd.view(1)                                      # J T 9 of spades, equal
    assert player.choose(east).value == C("S9")
    rnd.apply("S9")
    south = rnd.view(2)                                     # the declarer: no agreement
    assert player.choose(south).value == baseline.choose(south).value == C("S6")
    rnd.apply("S6")
    # no deal agrees with the view: the easy rule's card, then the agreement
    monkeypatch.setattr(player, "card_values", lambda view: None)
    west = Round("bridge", 0, DEAL, None, {"declarer": "S", "strain": "NT", "level": 3}).view(3)
    assert player.easy.choose(west).value == C("S2")
    assert player.choose(west).value == C("S5")


def test_the_partner_never_draws_a_card_the_agreement_denies():
    from atout.engine.round import Round
    deal = "N:AKQ.AKQ.AKQ.AKQ2 JT9.JT9.JT9.JT98 876.876.876.7654 5432.5432.5432.3"
    rnd = Round("bridge", 0, deal, None, {"declarer": "S", "strain": "NT", "level": 3})
    for token in ("S5", "SA", "S9", "S6"):                 # West's five denied the six, played since
        rnd.apply(token)
    east = rnd.view(1)
    player = make_player("bridge", "hard", equals=1, seed=3)
    model = GAME.sampling_model(east.known_deal, east.played, dict(east.contract))
    player.read_equals(model, east)
    assert C("S6") not in model.knowledge.forbidden[3]      # played: nothing to leave out
    # a live denial: West's lead of the five of hearts from 5432 denies the six
    rnd2 = Round("bridge", 0, deal, None, {"declarer": "S", "strain": "NT", "level": 3})
    rnd2.apply("H5")
    rnd2.apply("HA")
    east2 = rnd2.view(1)
    model2 = GAME.sampling_model(east2.known_deal, east2.played, dict(east2.contract))
    unread = GAME.sampling_model(east2.known_deal, east2.played, dict(east2.contract))
    rng = random.Random(1)
    assert any(C("H6") in unread.sample(rng)[0].hands[3].cards for _ in range(50))
    player.read_equals(model2, east2)
    assert C("H6") in model2.knowledge.forbidden[3]
    for _ in range(50):
        full, _ = model2.sample(rng)
        assert C("H6") not in full.hands[3].cards


def test_equal_cards_are_bridges_off_for_the_baseline_and_not_with_count_signals():
    with pytest.raises(OptionError, match="equals"):
        make_player("belote", "hard", equals=1)
    with pytest.raises(OptionError, match="equals"):
        make_player("bridge", "hard", equals=1, signals=30)
    assert make_player("bridge", "hard", equals=1).equals == 1
    assert make_player("bridge", "hard", baseline=1).equals == 0


def test_equal_cards_are_bridge_hards_default_and_step_aside_for_count_signals():
    assert make_player("bridge", "hard").equals == 1
    assert make_player("bridge", "medium").equals == 0
    assert make_player("belote", "hard").equals == 0
    assert make_player("bridge", "hard", signals=30).equals == 0


def test_a_reading_no_deal_agrees_with_is_dropped(monkeypatch):
    """A partner off the agreement (it led the two from 5432) can deny a card
    that must be its own: the reading is dropped, not the decision."""
    from atout.engine.round import Round
    import atout.players.search as search
    rnd = Round("bridge", 0, DEAL, None, {"declarer": "S", "strain": "NT", "level": 3})
    rnd.apply("S2")
    rnd.apply("SA")
    east = rnd.view(1)
    model = GAME.sampling_model(east.known_deal, east.played, dict(east.contract))
    every_unseen = set(GAME.deck.cards) - set(east.hand) - set(east.known_deal.known_cards())
    monkeypatch.setattr(search, "equals_denied", lambda *args: every_unseen)
    player = make_player("bridge", "hard", equals=1)
    before = set(model.knowledge.forbidden[3])
    player.read_equals(model, east)
    assert model.knowledge.forbidden[3] == before
    assert model.deals_left() > 0
    model.sample(random.Random(1))


def test_a_persons_partner_does_not_read_the_agreement_it_need_not_keep(monkeypatch):
    """A person need not keep the computer partners' agreement on equal
    cards: the terminal game's and the browser table's bot beside a person
    does not read it; the opponents, computer partners, do."""
    from atout.cli.play import Table
    from atout.engine.round import Round
    from atout.players import partners
    from atout.web import table as web_table

    assert make_player("bridge", "hard", partners_a_person=True).equals == 0
    assert make_player("bridge", "hard", partners_a_person=True, equals=1).equals == 1
    assert partners("bridge", 0, 2) and not partners("bridge", 0, 1) and not partners("bridge", 0, 0)
    assert not partners("tarot", 0, 2)      # tarot's sides come from the auction
    rnd = Round.new("bridge", seed=4)
    table = Table(rnd, 1, "hard", 4, None)
    assert {s: bot.equals for s, bot in table.bots.items()} == {0: 1, 2: 1, 3: 0}

    made = []
    real = web_table.make_player
    monkeypatch.setattr(web_table, "make_player", lambda *a, **k: made.append(k) or real(*a, **k))
    for person, beside in ((2, True), (1, False)):
        rnd = Round.new("bridge", seed=4)
        actor = rnd.to_act
        web_table.play(rnd, (actor + person) % 4, None, "medium")
        assert made[-1]["partners_a_person"] is beside
