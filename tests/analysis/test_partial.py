"""Partly known deals in every game: the sampled deals keep what the observer
knows, agree with what the play revealed, and replay the plays legally; the
true deal is always among the possible ones."""

import json
import random
from dataclasses import replace

import pytest

from atout.engine import GAME_NAMES, RuleError, get_game
from atout.engine.belote import KING, QUEEN
from atout.engine.cards import TRUMPS, plain_card, suit_of
from atout.engine.deal import Packet

CONTRACTS = {
    "tarot": lambda rng: {"taker": rng.randrange(4),
                          "contract": rng.choice(["take", "guard", "guard_without", "guard_against"])},
    "belote": lambda rng: {"taker": rng.randrange(4), "trump": rng.choice("SHDC")},
    "smear": lambda rng: {"bidder": rng.randrange(4), "bid": 2},
    "bridge": lambda rng: {"declarer": rng.choice("NESW"), "strain": rng.choice(["S", "NT"])},
    "tarot2": lambda rng: {"first": rng.randrange(2)},
    "tarocco": lambda rng: {},
}


def observer_view(game, deal, me, contract):
    """What seat `me` knows before the play: its own hand, and the packets
    shown (the tarot dog under take or guard, the tarot2 face-up pile tops)."""
    hands = tuple(h if s == me else Packet(frozenset(), h.size) for s, h in enumerate(deal.hands))
    extras = {name: Packet(frozenset(), p.size) for name, p in deal.extras.items()}
    if game.name == "tarot" and contract["contract"] in ("take", "guard"):
        extras["dog"] = deal.extras["dog"]
    piles = tuple(tuple(tuple(c if depth == 0 else None for depth, c in enumerate(pile)) for pile in player)
                  for player in deal.piles)
    return replace(deal, hands=hands, extras=extras, piles=piles)


def reveal_turned_up(view, deal, played):
    """tarot2: every pile card turned up so far was seen: the cards played
    from a pile and the one now on top."""
    if not deal.piles:
        return view
    seen = set(played)
    piles = []
    for player in deal.piles:
        out = []
        for pile in player:
            up = sum(1 for c in pile if c in seen)  # cards gone from the top
            out.append(tuple(c if depth <= up else None for depth, c in enumerate(pile)))
        piles.append(tuple(out))
    return replace(view, piles=tuple(piles))


@pytest.mark.parametrize("name", GAME_NAMES)
def test_sampled_deals_agree_with_everything_known(name):
    game = get_game(name)
    rng = random.Random(hash(name) % 1000)
    for seed in range(60):
        deal = game.random_deal(seed)
        contract = CONTRACTS[name](rng)
        state = game.new_state(deal, **contract)
        played = []
        for _ in range(rng.randrange(0, 40)):
            if state.is_over():
                break
            card = rng.choice(state.legal_cards())
            state.play(card)
            played.append(card)
        me = rng.randrange(game.n_seats)
        if name == "tarot" and me == contract["taker"] and contract["contract"] in ("take", "guard"):
            me = (me + 1) % 4
        view = reveal_turned_up(observer_view(game, deal, me, contract), deal, played)
        model = game.sampling_model(view, played, contract)
        knowledge = model.knowledge
        # the truth is possible: no seat is ruled out of a card it really held
        if name != "tarot" or contract["contract"] not in ("take", "guard"):
            for seat in range(game.n_seats):
                held = deal.hands[seat].cards - set(knowledge.played_by(seat))
                assert not knowledge.forbidden[seat] & held, (seed, seat)
        for _ in range(3):
            full, real_contract = model.sample(rng)
            assert full.is_complete
            assert sorted(full.known_cards()) == sorted(game.deck.cards)
            assert full.hands[me] == deal.hands[me]
            game.state_after(full, played, **real_contract)  # every play legal in the sample


def test_a_void_shown_in_play_is_respected_in_every_sample():
    game = get_game("bridge")
    deal = game.parse_deal("N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J4")
    view = replace(deal, hands=(deal.hands[0], Packet(frozenset(), 13), deal.hands[2], Packet(frozenset(), 13)))
    played = game.parse_cards("ST S4 SA S2 H4 H6 HK H8 S9 SJ C2")  # East shows out of spades
    model = game.sampling_model(view, played, {"declarer": "S", "strain": "NT"})
    rng = random.Random(2)
    for _ in range(40):
        full, _ = model.sample(rng)
        east_spades = {c for c in full.hands[1].cards if suit_of(c) == 0}
        assert east_spades == {game.parse_cards("SA")[0]}


def test_tarot_defenders_sample_the_unseen_discard_within_the_rules():
    game = get_game("tarot")
    deal = game.random_deal(4)
    contract = {"taker": 2, "contract": "guard"}
    view = observer_view(game, deal, 0, contract)
    model = game.sampling_model(view, [], contract)
    rng = random.Random(0)
    for _ in range(30):
        full, real = model.sample(rng)
        discard = set(real["discard"])
        assert full.extras["dog"] == deal.extras["dog"]
        assert len(discard) == 6 and all(c < 64 and (c & 15) != 13 for c in discard)
        assert discard <= full.hands[2].cards | deal.extras["dog"].cards
        game.new_state(full, **real)


def test_tarocco_discard_holds_the_announced_number_of_trumps():
    game = get_game("tarocco")
    deal = game.random_deal(2)
    view = observer_view(game, deal, 1, {})
    rng = random.Random(1)
    for trumps in (0, 1, 2):
        model = game.sampling_model(view, [], {"discard_trumps": trumps})
        for _ in range(10):
            full, real = model.sample(rng)
            assert "discard_trumps" not in real
            assert sum(1 for c in full.extras["discard"].cards if suit_of(c) == TRUMPS) == trumps
    with pytest.raises(RuleError, match="discard_trumps 3"):
        game.sampling_model(view, [], {"discard_trumps": 3})


# -- Belote-Rebelote: announced automatically (RULES.md section 3) ---------------------------

BELOTE = get_game("belote")
#: seat 1 holds HK and HQ (and SQ is seat 3's, SK seat 0's); seat 2's view
BELOTE_DEAL = "KJ8.T98..Q7 T.KQ.ATK7.J A97.7..TK98 Q.AJ.QJ98.A"
SEAT_2_VIEW = "? ? A97.7..TK98 ?"


def holder(deal, card):
    return next(s for s, h in enumerate(deal.hands) if card in h.cards)


def test_belote_announcer_holds_the_other_card_in_every_sample():
    """Hearts trumps: H8 led, seat 1 plays HK and says "belote": HQ is in its hand."""
    view, played = BELOTE.parse_deal(SEAT_2_VIEW), BELOTE.parse_cards("H8 HK")
    queen = BELOTE.parse_cards("HQ")[0]
    contract = {"trump": "H", "taker": 0}
    truth = BELOTE.state_after(BELOTE.parse_deal(BELOTE_DEAL), played, **contract)
    assert truth.announcements() == {1: "belote"}
    rng = random.Random(3)
    model = BELOTE.sampling_model(view, played, {**contract, "belote": 1})
    for _ in range(60):
        full, real = model.sample(rng)
        assert real == contract and holder(full, queen) == 1
        assert BELOTE.state_after(full, played, **real).announcements() == {1: "belote"}
    # without the announcement the Queen may be anywhere unseen
    plain = BELOTE.sampling_model(view, played, contract)
    assert {holder(plain.sample(rng)[0], queen) for _ in range(60)} == {0, 1, 3}


def test_no_belote_with_a_king_of_trumps_means_not_the_queen():
    """Spades trumps: seat 0 leads SK and says nothing: SQ is not in its hand."""
    view, played = BELOTE.parse_deal(SEAT_2_VIEW), BELOTE.parse_cards("SK")
    queen = BELOTE.parse_cards("SQ")[0]
    rng = random.Random(4)
    model = BELOTE.sampling_model(view, played, {"trump": "S", "taker": 0, "belote": "none"})
    assert {holder(model.sample(rng)[0], queen) for _ in range(60)} == {1, 3}
    plain = BELOTE.sampling_model(view, played, {"trump": "S", "taker": 0})
    assert {holder(plain.sample(rng)[0], queen) for _ in range(60)} == {0, 1, 3}


@pytest.mark.parametrize("view, trump, played, belote, message", [
    (SEAT_2_VIEW, "H", "H8 HK", 2, "seat 2 cannot have announced: seat 1 played HK"),
    (SEAT_2_VIEW, "H", "", 1, "neither HK and HQ has been played"),
    (SEAT_2_VIEW, "H", "H8 HK", "x", "unknown belote 'x'"),
    ("? T.KQ.ATK7.J A97.7..TK98 ?", "H", "H8 HK", "none", "seat 1 held HK and HQ and played HK: it announces"),
    ("? ? A97.7..TK98 Q.AJ.QJ98.A", "S", "SK", 0, "seat 0 cannot have announced: SQ is not its card"),
])
def test_a_belote_announcement_the_play_contradicts_is_refused(view, trump, played, belote, message):
    with pytest.raises(RuleError, match=message):
        BELOTE.sampling_model(BELOTE.parse_deal(view), BELOTE.parse_cards(played),
                              {"trump": trump, "belote": belote}).knowledge


def test_the_true_belote_announcement_never_rules_out_the_true_deal():
    """Random deals, plays and observers, told the announcement the play
    really made: the true hands are possible, and every sample makes that
    same announcement."""
    rng = random.Random(11)
    told = {"belote": 0, "rebelote": 0, "none after a K or Q": 0}
    for seed in range(300):
        deal = BELOTE.random_deal(seed)
        contract = CONTRACTS["belote"](rng)
        state = BELOTE.new_state(deal, **contract)
        for _ in range(rng.randrange(0, 32)):
            state.play(rng.choice(state.legal_cards()))
        played = state.played
        said = state.announcements()
        pair = {plain_card(state.trump, KING), plain_card(state.trump, QUEEN)}
        if said:
            told[next(iter(said.values()))] += 1
        elif pair & set(played):
            told["none after a K or Q"] += 1
        me = rng.randrange(4)
        view = observer_view(BELOTE, deal, me, contract)
        model = BELOTE.sampling_model(view, played, {**contract, "belote": next(iter(said), "none")})
        knowledge = model.knowledge
        for seat in range(4):
            held = deal.hands[seat].cards - set(played)
            assert not knowledge.forbidden[seat] & held, (seed, seat)
            assert knowledge.holds[seat] <= held, (seed, seat)
        for _ in range(2):
            full, real = model.sample(rng)
            assert full.hands[me] == deal.hands[me]
            assert BELOTE.state_after(full, played, **real).announcements() == said, seed
    assert min(told.values()) >= 10, told


def test_analyse_command_takes_the_belote_announcement(capsys):
    from atout.cli.main import main

    def run(*args):
        with pytest.raises(SystemExit) as exit_info:
            main(["analyse", "--game", "belote", SEAT_2_VIEW, "--played", "H8 HK", "--trump", "H",
                  "--taker", "0", "--samples", "3", "--workers", "1", *args])
            raise SystemExit(0)
        return exit_info.value.code or 0, capsys.readouterr()

    code, out = run("--belote", "1", "--json")
    assert code == 0, out.err
    assert json.loads(out.out)["samples"] == 3
    code, out = run("--belote", "3")
    assert code == 2 and "seat 3 cannot have announced" in out.err


def test_a_complete_belote_deal_takes_no_announcement(capsys):
    from atout.cli.main import main
    with pytest.raises(SystemExit) as exit_info:
        main(["solve", "--game", "belote", BELOTE_DEAL, "--trump", "H", "--belote", "1"])
    assert exit_info.value.code == 2
    # solve does not offer the option (it is analysis-only); the engine refuses it too
    assert "No such option '--belote'" in capsys.readouterr().err
    game = get_game("belote")
    with pytest.raises(RuleError, match="is for the analysis"):
        game.new_state(game.parse_deal(BELOTE_DEAL), trump="H", belote=1)
