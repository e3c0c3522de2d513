"""Deals made for the tests of several layers."""

from atout.engine import get_game


def swap_unseen(game, deal, seat):
    """Another deal that looks the same from ``seat`` at the start: two cards
    of two other hands exchanged (in tarot2, the other hand and a face-down
    pile card)."""
    g = get_game(game)
    if game == "belote":
        from atout.engine.belote import bidding_deal_from
        hands = [sorted(h.cards) for h in deal.hands]
        a, b = [s for s in range(4) if s != seat][:2]
        hands[a][0], hands[b][0] = hands[b][0], hands[a][0]
        return bidding_deal_from(hands, deal.turned, deal.stock)
    if game == "tarot2":
        hands = [set(h.cards) for h in deal.hands]
        piles = [[list(p) for p in player] for player in deal.piles]
        other = 1 - seat
        card = sorted(hands[other])[0]
        hands[other].discard(card)
        hands[other].add(piles[seat][0][2])
        piles[seat][0][2] = card
        return g.make_deal(hands, piles)
    hands = [set(h.cards) for h in deal.hands]
    a, b = [s for s in range(4) if s != seat and not (game == "tarocco" and s == 3)][:2]
    ca, cb = sorted(hands[a])[0], sorted(hands[b])[-1]
    hands[a] = hands[a] - {ca} | {cb}
    hands[b] = hands[b] - {cb} | {ca}
    return g.deal_from(hands, {k: v.cards for k, v in deal.extras.items()})
