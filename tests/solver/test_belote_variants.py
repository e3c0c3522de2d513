"""The Belote rule variants (RULES.md section 3, "Variants"): "no forced
undertrump" and "no overtrump duty over partner", in the engine (legal
cards from the rule text), the solver's kernel (its legal cards against the
engine's, its values against the naive minimax), what the play reveals to
the sampler, the bid estimation and the command line."""

import random

import numpy as np
import pytest

from atout.cli.main import main
from atout.engine import AtoutError, get_game
from atout.engine.belote import parse_variant
from atout.engine.inference import replay
from atout.engine.search import card_values, minimax
from atout.solver import Solver
from atout.solver.kernels.bridge import search as K
from atout.solver.kernels.point import search as R
from atout.solver.encoding import codec_for
from atout.solver.testing import random_ending

BELOTE = get_game("belote")
VARIANTS = ["", "no-undertrump", "no-partner-overtrump", "no-undertrump,no-partner-overtrump"]

# Hearts trumps. Seat 0 holds every spade; seats 1 and 2 none; seat 1 ruffs
# with the 9 (or the 7), seat 2 holds the Q and 8 (below the 9, above the 7),
# seat 3 the J (above the 9) and A, T, K (below it).
DEAL = BELOTE.parse_deal("ATKQJ987... .97.ATKQJ9. .Q8..ATKQJ9 .ATKJ.87.87")


def cards(text):
    return sorted(BELOTE.parse_cards(text))


def legal_after(played, variant, trump="H"):
    state = BELOTE.state_after(DEAL, BELOTE.parse_cards(played), trump=trump, taker=0,
                               variant=variant)
    return sorted(state.legal_cards())


# -- the engine's legal cards, from the rule text -------------------------------------------
@pytest.mark.parametrize("variant", VARIANTS)
def test_opponent_ruffed_and_you_cannot_beat_it(variant):
    """Seat 2, void in spades, holds Q and 8 of trumps, both below the 9 that
    seat 1 ruffed with: by default a lower trump; without forced undertrump,
    any card."""
    if "no-undertrump" in variant:
        assert legal_after("SA H9", variant) == cards("HQ H8 CA CT CK CQ CJ C9")
    else:
        assert legal_after("SA H9", variant) == cards("HQ H8")


@pytest.mark.parametrize("variant", VARIANTS)
def test_opponent_ruffed_and_you_can_beat_it_you_must(variant):
    """Seat 1 ruffed with the 7: seat 2's Q and 8 both beat it; overtrumping
    stays a duty in every variant."""
    assert legal_after("SA H7", variant) == cards("HQ H8")


@pytest.mark.parametrize("variant", VARIANTS)
def test_partner_winning_and_you_choose_to_trump(variant):
    """Seat 3, void in spades, its partner (seat 1) winning with the 9 of
    trumps: any plain card, and a trump that beats the 9 (the J) by default;
    without the overtrump duty over partner, any trump too."""
    if "no-partner-overtrump" in variant:
        expected = cards("HJ HA HT HK D8 D7 C8 C7")
    else:
        expected = cards("HJ D8 D7 C8 C7")
    assert legal_after("SA H9 H8", variant) == expected


@pytest.mark.parametrize("variant", VARIANTS)
def test_an_opponent_winning_without_a_ruff_still_forces_a_trump(variant):
    """Seat 1, void in spades, the trick won by seat 0's ace (no ruff yet):
    it must trump, with either trump, in every variant."""
    assert legal_after("SA", variant) == cards("H9 H7")


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_trump_lead_still_demands_a_higher_trump(variant):
    """Trumps led: beat every trump in the trick if you can, in every
    variant, the partner's winning 9 included (rule 1 is not a variant)."""
    # seat 0 leads the 9 of trumps, seat 1 plays the 7; seat 2 holds J and A
    deal = BELOTE.parse_deal("ATKQJ98.9.. 7.87.ATKQJ. .AJ..ATKQJ9 .TKQ.987.87")
    state = BELOTE.state_after(deal, BELOTE.parse_cards("H9 H7"), trump="H", taker=0,
                               variant=variant)
    assert sorted(state.legal_cards()) == cards("HJ")


@pytest.mark.parametrize("variant", VARIANTS)
def test_following_suit_is_unchanged(variant):
    # seat 1 leads diamonds after trick 1; seat 2 has none; seat 3 follows
    assert legal_after("SA H9 H8 D8 DA HQ", variant) == cards("D7")


def test_variant_flags_parse_and_bad_ones_are_one_clear_error():
    assert parse_variant(None) == parse_variant("") == frozenset()
    assert parse_variant(" No-Undertrump , no-partner-overtrump ") == {
        "no-undertrump", "no-partner-overtrump"}
    assert parse_variant(["no-undertrump"]) == {"no-undertrump"}
    for bad in ("no-overtrump", "no-undertrump;no-partner-overtrump", 3):
        with pytest.raises(AtoutError) as err:
            BELOTE.new_state(DEAL, trump="H", taker=0, variant=bad)
        assert isinstance(err.value, ValueError) and "variant" in str(err.value)
        assert "\n" not in str(err.value)


# -- the kernel's legal cards and values against the engine ---------------------------------
def kernel_legal_cards(state):
    pos = codec_for(state).encode(state)
    out = np.zeros(K.NSUITS, dtype=np.int64)
    R.legal_g(pos.kl, state.to_play, pos.kts, pos.ktr, 0, pos.ntr, pos.leader, pos.fl0,
              pos.rules, pos.sides, out)
    return sorted(pos.kernel_move_to_card(s, r) for s in range(K.NSUITS) for r in range(32)
                  if (int(out[s]) >> r) & 1)


def test_kernel_legal_cards_equal_the_engine_under_each_variant():
    """Random deals played under a random variant; at each card after the
    lead, the kernel's legal cards under every variant against the engine's."""
    rng = random.Random(10)
    checked = 0
    freed = {v: 0 for v in VARIANTS[1:]}
    for seed in range(100):
        state = BELOTE.new_state(BELOTE.random_deal(seed), trump=rng.choice("SHDC"),
                                 taker=rng.randrange(4), variant=rng.choice(VARIANTS))
        while not state.is_over():
            if state.trick:
                default = None
                for variant in VARIANTS:
                    probe = state.clone()
                    probe.variant = parse_variant(variant)
                    legal = sorted(probe.legal_cards())
                    assert kernel_legal_cards(probe) == legal, (seed, variant, probe)
                    if variant:
                        freed[variant] += legal != default
                    default = default or legal
                checked += 1
            legal = state.legal_cards()
            plain = [c for c in legal if not state.is_trump(c)]
            # trumps kept late, so that voids meet trumps in hand more often
            state.play(rng.choice(plain if plain and rng.random() < 0.9 else legal))
    # each variant changed the legal cards in some of the positions checked
    # (37, 12 and 49 of 2400 with these seeds)
    assert checked > 2000 and min(freed.values()) > 8, (checked, freed)


CONTRACTS = {"trump": "SHDC", "taker": [0, 1, 2, 3]}


@pytest.mark.parametrize("variant", VARIANTS[1:])
@pytest.mark.parametrize("tricks", [1, 2, 3])
def test_solver_equals_minimax_on_random_endings_under_each_variant(variant, tricks):
    solver = Solver(16)
    for seed in range(70):
        state = random_ending(BELOTE, 1000 * tricks + seed, tricks,
                              {**CONTRACTS, "variant": [variant]})
        assert state.variant == parse_variant(variant)
        result = solver.solve(state, all_cards=True)
        assert result.value == minimax(state), (seed, state)
        assert result.cards == card_values(state), (seed, state)


def keep_trumps(state, card):
    return not state.is_trump(card)


def test_the_variant_changes_solved_values():
    """The same endings solved under the default rules and under both
    variants: some values differ, each equal to its own minimax."""
    solver = Solver(16)
    both = VARIANTS[3]
    differ = 0
    for seed in range(80):
        state = random_ending(BELOTE, seed, 4, CONTRACTS, prefer=keep_trumps)
        default = solver.solve(state, line=False).value
        free = state.clone()
        free.variant = parse_variant(both)
        value = solver.solve(free, line=False).value
        if seed < 3:
            assert value == minimax(free) and default == minimax(state), seed
        differ += value != default
    assert differ >= 3, differ


# -- what the play reveals ----------------------------------------------------------------
PARTIAL = BELOTE.parse_deal("ATKQJ987... ? ? ?")


def forbidden_after(played, variant, seat):
    knowledge = replay(PARTIAL, BELOTE.parse_cards(played), trump="H", taker=0, variant=variant)
    return knowledge.forbidden[seat]


def test_a_discard_over_a_ruff_proves_no_trump_only_under_the_default():
    """Seat 2 discards a club on seat 1's ruff with the 9: by default it holds
    no trump at all; without forced undertrump, only none above the 9 (the J)."""
    hearts = set(cards("HJ HA HT HK HQ H8 H7"))
    assert hearts <= forbidden_after("SA H9 C9", "", 2)
    assert forbidden_after("SA H9 C9", "no-undertrump", 2) & hearts == set(cards("HJ"))


def test_a_low_trump_over_partner_proves_nothing_without_the_overtrump_duty():
    """Seat 3 plays the A of trumps under its partner's 9: by default it has
    no J (it would have had to overtrump); without the duty, nothing."""
    assert set(cards("HJ")) <= forbidden_after("SA H9 C9 HA", "", 3)
    assert not set(cards("HJ")) & forbidden_after("SA H9 C9 HA", "no-partner-overtrump", 3)


@pytest.mark.parametrize("variant", ["", "no-undertrump"])
def test_sampled_deals_agree_with_the_play_under_the_variant(variant):
    played = BELOTE.parse_cards("SA H9 C9")
    model = BELOTE.sampling_model(PARTIAL, played, {"trump": "H", "taker": 0, "variant": variant})
    rng = random.Random(5)
    seat2_trumps = 0
    for _ in range(40):
        full, contract = model.sample(rng)
        state = BELOTE.state_after(full, played, **contract)   # every play legal
        seat2_trumps += any(BELOTE.parse_cards("HJ")[0] != c and c >> 4 == 1
                            for c in full.hands[2].cards)
        assert BELOTE.parse_cards("HJ")[0] not in full.hands[2].cards
        assert state.variant == parse_variant(variant)
    # by default seat 2 never holds a trump; without forced undertrump it often does
    assert (seat2_trumps > 10) if variant else seat2_trumps == 0


# -- bids and the command line -------------------------------------------------------------
def test_bid_estimation_honours_the_variant_and_refuses_it_elsewhere():
    from atout.analysis.bids import estimate_bids
    seen = set()

    def stand_in(state):
        seen.add(state.variant)
        return 81, 81, None
    estimate_bids("belote", 2, "AK.7.Q8.", turned="SJ", samples=2, variant="no-undertrump",
                  solve_fn=stand_in)
    assert seen == {parse_variant("no-undertrump")}
    with pytest.raises(AtoutError, match="--variant does not apply to tarot"):
        estimate_bids("tarot", 0, "x", samples=1, variant="no-undertrump")
    with pytest.raises(AtoutError, match="unknown variant flag"):
        estimate_bids("belote", 2, "AK.7.Q8.", turned="SJ", samples=1, variant="nope")


README_DEAL = "KQ8.J9.8.Q9 A7.K8.TJ7.T T.ATQ.AKQ.K J9.7.9.AJ87"


def run_cli(capsys, *args):
    with pytest.raises(SystemExit) as ended:
        main(list(args))
    out = capsys.readouterr()
    return ended.value.code, out.out, out.err


def cli_ok(capsys, *args):
    main(list(args))
    return capsys.readouterr().out


def test_cli_variant_on_solve_and_its_errors(capsys):
    import json
    # seat 2 over seat 1's ruff: without forced undertrump its clubs are legal too
    deal_text = BELOTE.format_deal(DEAL)
    out = json.loads(cli_ok(capsys, "solve", "--game", "belote", deal_text, "--trump", "H",
                            "--taker", "0", "--variant", "no-undertrump", "--played", "SA H9",
                            "--all-cards", "--json"))
    state = BELOTE.state_after(DEAL, BELOTE.parse_cards("SA H9"), trump="H", taker=0,
                               variant="no-undertrump")
    assert out["exact"] and set(out["cards"]) == {BELOTE.deck.token(c) for c in cards(
        "HQ H8 CA CT CK CQ CJ C9")}
    expected = Solver().solve(state, all_cards=True)
    assert out["cards"] == {BELOTE.deck.token(c): v for c, v in expected.cards.items()}
    table = json.loads(cli_ok(capsys, "table", "--game", "belote", deal_text, "--variant",
                              "no-undertrump", "--json"))["table"]
    assert table["H"]["0"] == Solver().solve(BELOTE.new_state(DEAL, trump="H", taker=0,
                                                              variant="no-undertrump")).value
    code, _, err = run_cli(capsys, "solve", "--game", "belote", README_DEAL, "--variant", "nope")
    assert code == 2 and err.startswith("atout: error: unknown variant flag 'nope'")
    assert err.count("\n") == 1
    code, _, err = run_cli(capsys, "solve", "--game", "smear", "8.T9.8.J9 AQJ.8.T7. 7.Q.KQ.KQ"
                           " K.AKJ.AJ. undealt:T9.7.9.AJ87", "--variant", "no-undertrump")
    assert code == 2 and err.startswith("atout: error: --variant does not apply to smear")
    code, _, err = run_cli(capsys, "table", "--game", "smear", "8.T9.8.J9 AQJ.8.T7. 7.Q.KQ.KQ"
                           " K.AKJ.AJ. undealt:T9.7.9.AJ87", "--variant", "no-undertrump")
    assert code == 2 and err.startswith("atout: error: --variant does not apply to smear")
    code, _, err = run_cli(capsys, "bid", "--game", "tarot", "--seat", "0", "x",
                           "--variant", "no-undertrump")
    assert code == 2 and err.startswith("atout: error: --variant does not apply to tarot")


def test_cli_analyse_and_review_play_under_the_variant(capsys):
    import json
    # seat 2 on turn over seat 1's ruff with the 9: its clubs are legal only without
    # forced undertrump
    partial = "ATKQJ987... ? .Q8..ATKQJ9 ?"
    args = ["analyse", "--game", "belote", partial, "--played", "SA H9", "--trump", "H",
            "--taker", "0", "--samples", "2", "--workers", "1", "--max-nodes", "20000", "--json"]
    free = json.loads(cli_ok(capsys, *args, "--variant", "no-undertrump"))
    default = json.loads(cli_ok(capsys, *args))
    assert {c["card"] for c in free["cards"]} == {"HQ", "H8", "CA", "CT", "CK", "CQ", "CJ", "C9"}
    assert {c["card"] for c in default["cards"]} == {"HQ", "H8"}
    # a review of a discard over the ruff: legal only under the variant
    review = ["review", "--game", "belote", BELOTE.format_deal(DEAL), "--played", "SA H9 C9",
              "--trump", "H", "--taker", "0", "--max-nodes", "20000", "--json"]
    out = json.loads(cli_ok(capsys, *review, "--variant", "no-undertrump"))
    assert [c["card"] for c in out["cards"]] == ["SA", "H9", "C9"]
    code, _, err = run_cli(capsys, *review)
    assert code == 2 and err.startswith("atout: error: illegal play C9")
