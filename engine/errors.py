"""The errors atout raises for a user's mistake: all are ValueError subclasses,
and each message is one line that names the bad token and why."""


class AtoutError(ValueError):
    """Base of every error caused by bad input."""


class NotationError(AtoutError):
    """A card, hand or deal that cannot be read (unknown card, card given twice,
    wrong number of cards, card not in this game's deck)."""


class IllegalPlayError(AtoutError):
    """A card that may not be played now (not held, or against an obligation)."""


class OptionError(AtoutError):
    """An option out of its range or of the wrong kind (a node or time
    limit, a number of samples or workers, a file that cannot be read)."""


class RuleError(AtoutError):
    """A request that the rules do not allow: an illegal bid or discard,
    an unknown contract, a deal that does not fit the game."""
