"""Bridge par: the result of a deal when both sides bid perfectly knowing
every card (the double-dummy table), as DDS's ``DealerPar`` defines it.

The side that can make the highest contract (the dealer's side first when
both can make the same one) is entitled to a plus score. It bids the
contract that scores the most; the other side may sacrifice, doubled, when
going down costs less than the contract scores. The par contracts are then
either the primacy side's making contracts, each at the lowest level that
keeps its bonus and leaves no profitable sacrifice (``4S+1`` means 4S bid,
eleven tricks), or the other side's cheapest sacrifices (doubled, down).

Contracts are numbered 1 (1C) .. 35 (7NT), strains in bidding order.
"""

from __future__ import annotations

from dataclasses import dataclass

SEATS = "NESW"
STRAINS = ("C", "D", "H", "S", "NT")        # bidding order
_IMPOSSIBLE = 9999                          # no legal sacrifice


@dataclass(frozen=True)
class ParContract:
    level: int
    strain: str
    declarers: str          # "N", "NS", ...: who of the side can declare it
    doubled: bool           # a sacrifice
    result: int             # overtricks (made) or minus the undertricks

    def text(self) -> str:
        result = "=" if self.result == 0 else f"{self.result:+d}"
        return f"{self.level}{self.strain}{'x' if self.doubled else ''}-{self.declarers}{result}"


@dataclass(frozen=True)
class Par:
    score: int                      # for North-South (East-West's is its negative)
    contracts: tuple                # ParContract; empty when passed out

    def to_json(self) -> dict:
        return {"score": self.score, "contracts": [c.text() for c in self.contracts]}


# -- scores ------------------------------------------------------------------------

def contract_number(level: int, strain: int) -> int:
    return 5 * (level - 1) + strain + 1


def _level(number: int) -> int:
    return (number - 1) // 5 + 1


def _strain(number: int) -> int:
    return (number - 1) % 5


def made_score(number: int, vulnerable: bool) -> int:
    """Undoubled contract ``number`` bid and made exactly."""
    level, strain = _level(number), _strain(number)
    tricks = {0: 20, 1: 20, 2: 30, 3: 30, 4: 30}[strain] * level + (10 if strain == 4 else 0)
    bonus = (500 if vulnerable else 300) if tricks >= 100 else 50
    if level == 6:
        bonus += 750 if vulnerable else 500
    elif level == 7:
        bonus += 1500 if vulnerable else 1000
    return tricks + bonus


def doubled_penalty(down: int, vulnerable: bool) -> int:
    """What a doubled contract going ``down`` tricks concedes."""
    if down <= 0:
        return 0
    if vulnerable:
        return 300 * down - 100
    return {1: 100, 2: 300, 3: 500}.get(down, 300 * down - 400)


def worthwhile_down(number: int, declarer_vul: bool, sacrificer_vul: bool) -> int:
    """The most undertricks a doubled sacrifice may cost and still cost less
    than letting contract ``number`` make."""
    if declarer_vul and not sacrificer_vul and number >= 31:
        # DDS allows one more against a vulnerable grand slam (8 down non
        # vulnerable, 2300, against 2140..2220): par follows DDS
        return 8
    score = made_score(number, declarer_vul)
    down = 0
    while doubled_penalty(down + 1, sacrificer_vul) < score:
        down += 1
    return down


def floor_number(number: int) -> int:
    """The lowest contract of the same strain with the same bonus: level 1
    for a part score, the game level for a game, the slam itself."""
    strain, level = _strain(number), _level(number)
    if level >= 6:
        return number
    game_level = {0: 5, 1: 5, 2: 4, 3: 4, 4: 3}[strain]
    return contract_number(game_level if level >= game_level else 1, strain)


def _trunc_div(a: int, b: int) -> int:
    """Integer division toward zero (as the reference computes levels)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


# -- par ---------------------------------------------------------------------------

def par(table: dict, vulnerable: str = "None", dealer: str = "N") -> Par:
    """Par of a bridge double-dummy table (``{"N": {"C": tricks, ..., "NT": ..},
    "E": ..}``, tricks of each declarer), ``vulnerable`` one of None, NS, EW,
    All (Both), ``dealer`` N E S W."""
    vul = _vulnerability(vulnerable)
    if str(dealer).upper() not in tuple(SEATS):
        from atout.engine.errors import OptionError
        raise OptionError(f"dealer {dealer!r}: use N, E, S or W")
    first = SEATS.index(str(dealer).upper())
    tricks = [[int(table[seat][s]) for seat in SEATS] for s in STRAINS]   # [strain][seat]

    # each side's best contract number in each strain (may be <= 0: none)
    best_tricks = [[max(tricks[s][side], tricks[s][side + 2]) for s in range(5)] for side in (0, 1)]
    number = [[5 * (t - 7) + s + 1 for s, t in enumerate(best_tricks[side])] for side in (0, 1)]
    highest = [max([n for n, t in zip(number[side], best_tricks[side]) if t >= 7], default=0)
               for side in (0, 1)]
    if highest[0] == highest[1] == 0:
        return Par(0, ())
    if highest[0] != highest[1]:
        side = 0 if highest[0] > highest[1] else 1
    else:
        # both sides make the same top contract: the first to be able to bid it
        s = _strain(highest[0])
        want = best_tricks[0][s]
        side = next(p % 2 for p in range(first, first + 4) if tricks[s][p % 4] == want)
    other = 1 - side

    # the primacy side's contracts worth bidding: from the highest down to the one scoring most
    scores = {s: made_score(number[side][s], vul[side]) if best_tricks[side][s] >= 7 else 0
              for s in range(5)}
    dearest = max(scores.values())
    dearest_number = min(number[side][s] for s in range(5) if scores[s] == dearest)
    candidates = sorted((s for s in range(5) if number[side][s] >= dearest_number),
                        key=lambda s: -number[side][s])

    def sacrifice_downs(no: int, strain: int) -> dict:
        """Undertricks of the other side's cheapest sacrifice in each strain
        against contract ``no``."""
        downs = {}
        for e in range(5):
            if e == strain:
                need = _level(no) + 6
                down = _IMPOSSIBLE
                outbid = 0      # a primacy player bidding first forces one level more
                for p in range(first, first + 4):
                    if p % 2 == side:
                        outbid |= need == tricks[strain][p % 4]
                    else:
                        down = min(down, need - tricks[strain][p % 4] + outbid)
            else:
                down = _trunc_div(no - number[other][e] + 4, 5)
            if number[other][e] + 5 * down > 35:
                down = _IMPOSSIBLE
            downs[e] = down
        return downs

    kinds, gaps, downs_of, sac_down = {}, {}, {}, {}
    best_plus = best_down = 0
    sacrificed = False
    for s in candidates:
        no = number[side][s]
        downs_of[s] = sacrifice_downs(no, s)
        down = min(downs_of[s].values())
        target = worthwhile_down(no, vul[side], vul[other])
        if down <= target:
            best_down = max(best_down, down)
            if sacrificed:
                kinds[s] = "ignored"     # a sacrifice against a lower bid costs no less
            else:
                sacrificed, kinds[s], sac_down[s] = True, "sacrificed", down
        else:
            best_plus = max(best_plus, scores[s])
            kinds[s], gaps[s] = "made", target - down

    contracts = []
    if not sacrificed or best_plus > doubled_penalty(best_down, vul[other]):
        for s in candidates:
            if kinds[s] != "made" or scores[s] != best_plus:
                continue
            no, plus = number[side][s], 0
            if gaps[s] < -1:   # room to bid lower: as low as keeps the bonus and no sacrifice pays
                lower = max(no + 5 * (gaps[s] + 1), floor_number(no))
                no, plus = lower, (no - lower) // 5
            contracts.append(ParContract(_level(no), STRAINS[s], _declarers(tricks, side, s),
                                         False, plus))
        score = best_plus
    else:
        for s in candidates:
            if kinds[s] == "sacrificed" and sac_down[s] == best_down:
                contracts.extend(_sacrifices(tricks, number, side, first, s, number[side][s],
                                             downs_of[s], best_down))
        score = doubled_penalty(best_down, vul[other])    # the primacy side collects it
    # listed NT, S, H, D, C (stable), as DDS's binary form lists them
    contracts.sort(key=lambda c: -STRAINS.index(c.strain))
    return Par(score if side == 0 else -score, tuple(contracts))


def _vulnerability(text: str) -> tuple:
    key = str(text or "None").strip().lower()
    table = {"none": (False, False), "-": (False, False), "love": (False, False),
             "ns": (True, False), "ew": (False, True), "all": (True, True), "both": (True, True)}
    if key not in table:
        from atout.engine.errors import OptionError
        raise OptionError(f"vulnerability {text!r}: use None, NS, EW or All")
    return table[key]


def _declarers(tricks, side: int, strain: int) -> str:
    """The players of ``side`` who take the side's most tricks in ``strain``."""
    a, b = tricks[strain][side], tricks[strain][side + 2]
    top = max(a, b)
    return (SEATS[side] if a == top else "") + (SEATS[side + 2] if b == top else "")


def _sacrifices(tricks, number, side, first, strain, no, downs, best_down) -> list:
    """The other side's sacrifices costing ``best_down`` against ``no``."""
    other = 1 - side
    out = []
    for e in range(5):
        if downs[e] != best_down:
            continue
        if e != strain:
            bid = number[other][e] + 5 * best_down
            out.append(ParContract(_level(bid), STRAINS[e], _declarers(tricks, other, e), True,
                                   -best_down))
            continue
        # the same strain: who sacrifices depends on who bids first
        need = _level(no) + 6
        hits = []
        outbid = 0
        for p in range(first, first + 4):
            if p % 2 == side:
                outbid |= need == tricks[strain][p % 4]
            elif need - tricks[strain][p % 4] + outbid == best_down:
                hits.append((no + 5 * outbid, p % 4))
        if len(hits) == 2 and hits[0][0] == hits[1][0]:
            out.append(ParContract(_level(hits[0][0]), STRAINS[e], _declarers(tricks, other, e),
                                   True, -best_down))
        else:
            bid, seat = min(hits, key=lambda h: h[0])
            out.append(ParContract(_level(bid), STRAINS[e], SEATS[seat], True, -best_down))
    return out
