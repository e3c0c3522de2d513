"""The greedy playout's cost a card (``players.playout``): the playouts a
search level runs at its early decisions, timed with the rule read from its
tables (``greedy_card``) and as written (``reference_greedy_card``).

For each game, seeded deals are brought to their first card (the auction and
the other decisions by the easy player's rules), then, from every position
of a deal played greedily, the rest of the deal is played out greedily and
undone; the cards played are counted and their processor time taken (the
machine is shared: wall time swells with the other jobs' load).

    python bench/greedy_playout.py [GAMES] [--deals N] [--seed S]

GAMES is a comma-separated list (default: every game).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time

from atout.engine.round import Round
from atout.players import make_player

GAMES = ("tarot", "tarocco", "tarot2", "belote", "smear", "bridge")


def first_card_states(game_name: str, deals: int, seed: int) -> list:
    """The engine state at the first card of each seeded deal not passed out."""
    easy = make_player(game_name, "easy", seed=seed)
    states = []
    for i in range(deals):
        rnd = Round.new(game_name, seed=seed + i)
        while rnd.phase not in ("play", "over"):
            rnd.apply(easy.decide(rnd.view(rnd.to_act)))
        if rnd.phase == "play":
            states.append(rnd.state)
    return states


def time_playouts(states: list, game_name: str, choose) -> tuple[int, float]:
    """(cards played, processor seconds) of a greedy playout from every
    position of each deal's greedy line."""
    cards, seconds = 0, 0.0
    for state in states:
        line = 0
        while not state.is_over():
            start = time.process_time()
            moves = 0
            while state.trick or state.tricks_left > 0:
                state._apply(choose(state, game_name))
                moves += 1
            seconds += time.process_time() - start
            cards += moves
            for _ in range(moves):
                state.undo()
            state._apply(choose(state, game_name))
            line += 1
        for _ in range(line):
            state.undo()
    return cards, seconds


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", default=",".join(GAMES))
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    # (``atout.players.playout`` the attribute is the function of that name)
    __import__("atout.players.playout")
    playout = sys.modules["atout.players.playout"]
    print(f"# {platform.node()}, {os.cpu_count()} processors, load {os.getloadavg()[0]:.1f};"
          f" {args.deals} deals from seed {args.seed}, processor time")
    print(f"{'game':8} {'cards':>8} {'tables us/card':>15} {'as written us/card':>19} {'ratio':>6}")
    for game_name in args.games.split(","):
        states = first_card_states(game_name, args.deals, args.seed)
        if not states:
            print(f"{game_name:8} (every deal passed out: give more --deals)")
            continue
        cards, fast = time_playouts(states, game_name, playout.greedy_card)
        again, slow = time_playouts(states, game_name, playout.reference_greedy_card)
        assert again == cards
        print(f"{game_name:8} {cards:>8} {fast / cards * 1e6:>15.1f} {slow / cards * 1e6:>19.1f}"
              f" {slow / fast:>6.2f}")


if __name__ == "__main__":
    main()
