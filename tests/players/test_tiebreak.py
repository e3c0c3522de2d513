"""hard's choice among cards of the same best value (``tiebreak``)."""

from dataclasses import replace

from atout.engine.round import Round
from atout.players import EasyPlayer
from atout.players.search import SearchPlayer


def play_views(game="belote", seeds=range(40)):
    """Views of the play with at least three legal cards, from easy games."""
    for seed in seeds:
        rnd = Round.new(game, seed)
        easy = EasyPlayer(game, seed)
        while not rnd.is_over():
            view = rnd.view(rnd.to_act)
            if rnd.phase == "play" and len(view.legal) >= 3:
                yield view
            rnd.apply(easy.decide(view))


def test_a_tie_goes_to_the_easy_rule_among_the_tied_cards():
    checked = 0
    for view in play_views():
        legal = [a.value for a in view.legal]
        rule = EasyPlayer("belote").choose(view).value
        # the rule's card tied with another at the top, a third card below
        other = next(c for c in legal if c != rule)
        values = {c: (5.0 if c in (rule, other) else 1.0) for c in legal}
        player = SearchPlayer("belote", 0, level="hard", tiebreak=1)
        assert player.best_card(view, values) == rule
        # the rule's card below the top: the best value wins, whatever the rule says
        values[rule] = 4.0
        assert player.best_card(view, values) == other
        # off: the lowest card number among the tied
        values = {c: 5.0 for c in legal}
        assert SearchPlayer("belote", 0, level="hard").best_card(view, values) == min(legal)
        # among the tied only: the rule restricted to them
        tied = tuple(a for a in view.legal if a.value != rule)
        values = {c: (5.0 if c != rule else 1.0) for c in legal}
        assert player.best_card(view, values) == EasyPlayer("belote").choose(replace(view, legal=tied)).value
        checked += 1
        if checked == 30:
            break
    assert checked == 30


def test_off_by_default_and_in_the_baseline():
    assert SearchPlayer("belote", 0, level="hard").tiebreak == 0
    assert SearchPlayer("belote", 0, level="hard", baseline=1).tiebreak == 0
    assert SearchPlayer("belote", 0, level="hard", tiebreak=1).tiebreak == 1
